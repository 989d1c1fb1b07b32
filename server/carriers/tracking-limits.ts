// How each courier's tracking API may be called: AWBs per call and calls per rate window, from its
// documentation (/work/shared/couriers.md § tracking). A courier not listed gets the cautious default.

export interface TrackingLimits {
  /** AWBs one tracking call may ask about */
  batchSize: number;
  /** calls allowed per window */
  callsPerWindow: number;
  windowSeconds: number;
}

const DELHIVERY: TrackingLimits = { batchSize: 50, callsPerWindow: 750, windowSeconds: 300 };

export const TRACKING_LIMITS: Readonly<Record<string, TrackingLimits>> = {
  DE: DELHIVERY,
  DEHW: DELHIVERY,
  DEMW: DELHIVERY,
  // Xpressbees' self-serve API tracks one AWB a call and publishes no rate: a cautious budget
  XB: { batchSize: 1, callsPerWindow: 300, windowSeconds: 300 },
  XBSDD: { batchSize: 1, callsPerWindow: 300, windowSeconds: 300 },
  // Shadowfax's bulk tracking takes fifty AWBs a call; it publishes no rate
  SF: { batchSize: 50, callsPerWindow: 300, windowSeconds: 300 },
  // Ekart tracks one id a call and publishes no rate limit: this ceiling is ours
  EK: { batchSize: 1, callsPerWindow: 300, windowSeconds: 300 },
};

export const DEFAULT_TRACKING_LIMITS: TrackingLimits = { batchSize: 10, callsPerWindow: 100, windowSeconds: 300 };

export const trackingLimitsOf = (carrierCode: string): TrackingLimits =>
  TRACKING_LIMITS[carrierCode] ?? DEFAULT_TRACKING_LIMITS;

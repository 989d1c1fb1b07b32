import { addWorkingDays, dispatchDay } from '../promises/promise-calendar';
import type { LaneQuality } from './quality-contract';

// Courier quality on a lane (docs/decisions/lane-quality.md): per courier, how its parcels of the
// last 90 days ended — delivered, returned to origin (RTO), with a failed attempt (NDR) — the
// average days to deliver, and how often it picked up in time. Kept by the lane quality job at
// three levels, narrowest first; figures pooled across sellers are shown only with enough parcels
// behind them, so a lane one other seller ships alone never shows that seller's numbers.

export const QUALITY_LEVELS = ['PINCODE', 'DISTRICT', 'ZONE'] as const;
export type QualityLevel = (typeof QUALITY_LEVELS)[number];

/** Parcels a level needs before its figures are shown (fewer: "Too few parcels"). */
export const MIN_QUALITY_SAMPLE = 20;
/** Parcels booked this many days back at most count. */
export const QUALITY_WINDOW_DAYS = 90;

/** One stored level of a courier's lane (the job's row). */
export interface QualityCounts {
  level: QualityLevel;
  /** settled parcels: delivered, returned to origin, lost or damaged */
  settled: number;
  delivered: number;
  rto: number;
  ndr: number;
  /** average days from pickup to delivery over the delivered ones; null when none was */
  avgDays: number | null;
  /** parcels whose pickup was due and whose grace day has passed */
  pickupsDue: number;
  /** of those, picked up on the promised day or the next working day */
  pickupsOnTime: number;
}

export const TOO_FEW_PARCELS: LaneQuality = {
  basis: 'NONE',
  sample: 0,
  deliveredPct: null,
  rtoPct: null,
  ndrPct: null,
  avgDays: null,
  pickupPct: null,
  pickupSample: 0,
};

/** A whole-number percentage (share of a whole above 0). */
export const wholePct = (part: number, whole: number): number => Math.round((100 * part) / whole);

/**
 * The narrowest level with at least `minSample` settled parcels; none: too few parcels. Unlike
 * the recommendation, a thin level is never shown: these figures are pooled across sellers.
 */
export function pickLaneQuality(rows: readonly QualityCounts[], minSample = MIN_QUALITY_SAMPLE): LaneQuality {
  const chosen = QUALITY_LEVELS.map((l) => rows.find((r) => r.level === l)).find(
    (r): r is QualityCounts => r !== undefined && r.settled >= minSample,
  );
  if (!chosen) return TOO_FEW_PARCELS;
  const pickupShown = chosen.pickupsDue >= minSample;
  return {
    basis: chosen.level,
    sample: chosen.settled,
    deliveredPct: wholePct(chosen.delivered, chosen.settled),
    rtoPct: wholePct(chosen.rto, chosen.settled),
    ndrPct: wholePct(chosen.ndr, chosen.settled),
    avgDays: chosen.avgDays === null ? null : Math.round(chosen.avgDays * 10) / 10,
    pickupPct: pickupShown ? wholePct(chosen.pickupsOnTime, chosen.pickupsDue) : null,
    pickupSample: pickupShown ? chosen.pickupsDue : 0,
  };
}

/** The basis in words: "this pincode pair", "these districts", "this zone". */
export const QUALITY_BASIS_TEXT: Record<LaneQuality['basis'], string> = {
  PINCODE: 'pincode to pincode',
  DISTRICT: 'district to district',
  ZONE: 'this zone',
  NONE: '',
};

/**
 * The last day a pickup counts as in time: the working day after the promised day, which is the
 * pickup request's day when the parcel joined one, else its dispatch day (the booking's IST day,
 * the next after the cut-off, never a Sunday). The job counts the same in SQL.
 */
export function pickupGraceDay(bookedAt: Date, pickupRequestDay: string | null): string {
  return addWorkingDays(pickupRequestDay ?? dispatchDay(bookedAt), 1);
}

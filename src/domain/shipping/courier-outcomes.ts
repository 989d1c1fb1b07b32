// How couriers have done on the platform: per courier and destination place, counts of settled
// shipments (delivered, returned to origin, with a failed attempt) and the average days from
// pickup to delivery. The outcome job keeps these at four levels, narrowest first; a level is
// trusted only with enough shipments behind it, else the next wider one is used.

export const OUTCOME_LEVELS = ['PINCODE', 'DISTRICT', 'STATE', 'ZONE'] as const;
export type OutcomeLevel = (typeof OUTCOME_LEVELS)[number];

/** Settled shipments a level needs before its figures are trusted over the wider level's. */
export const MIN_OUTCOME_SAMPLE = 20;
/** Shipments booked this many days back at most count (recent behaviour, not last year's). */
export const OUTCOME_WINDOW_DAYS = 180;

export interface OutcomeCounts {
  level: OutcomeLevel;
  /** the place as stored: a pincode, "district|state", a state, or a zone letter */
  key: string;
  shipments: number;
  delivered: number;
  rto: number;
  ndr: number;
  /** average days from pickup to delivery over the delivered ones (null when none was) */
  avgDays: number | null;
}

export interface CourierOutcome {
  level: OutcomeLevel;
  /** what the reason sentence names: "560034", "Bengaluru", "Karnataka", "zone D" */
  place: string;
  shipments: number;
  deliveredPct: number;
  rtoPct: number;
  ndrPct: number;
  avgDays: number | null;
}

const pct = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : 0);

/** The place's name in a sentence for a level's stored key. */
export function placeName(level: OutcomeLevel, key: string): string {
  if (level === 'DISTRICT') return key.split('|')[0];
  if (level === 'ZONE') return `zone ${key}`;
  return key;
}

/**
 * The narrowest level with at least `minSample` shipments; when none has enough, the one with
 * the most (thin data is still better than none, and the reason sentence says how thin).
 */
export function pickOutcome(rows: readonly OutcomeCounts[], minSample = MIN_OUTCOME_SAMPLE): CourierOutcome | null {
  const byLevel = OUTCOME_LEVELS.map((l) => rows.find((r) => r.level === l)).filter(
    (r): r is OutcomeCounts => r !== undefined && r.shipments > 0,
  );
  if (byLevel.length === 0) return null;
  const chosen =
    byLevel.find((r) => r.shipments >= minSample) ??
    byLevel.reduce((best, r) => (r.shipments > best.shipments ? r : best));
  return {
    level: chosen.level,
    place: placeName(chosen.level, chosen.key),
    shipments: chosen.shipments,
    deliveredPct: pct(chosen.delivered, chosen.shipments),
    rtoPct: pct(chosen.rto, chosen.shipments),
    ndrPct: pct(chosen.ndr, chosen.shipments),
    avgDays: chosen.avgDays,
  };
}

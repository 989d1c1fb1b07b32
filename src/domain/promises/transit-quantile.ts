// The "by" day of a lane from its history, as a count of working days. Transit days are small
// whole numbers, so a lane's history is a histogram: counts[d] = parcels that took d working days.
//
// The promise is the split-conformal upper bound: with n past parcels, the k-th smallest where
// k = ceil((n + 1) × confidence). For parcels like the past ones (exchangeable), a new parcel is
// late with chance at most 1 − confidence, whatever the shape of the lane's distribution; the
// plain sample quantile is not (it is optimistic on small samples).

/** Parcels a lane needs behind it before its own history is trusted over a wider one. */
export const MIN_LANE_SAMPLE = 30;
/** The share of parcels a promise is meant to hold for. */
export const PROMISE_CONFIDENCE = 0.9;

export function sampleSize(counts: readonly number[]): number {
  let n = 0;
  for (const c of counts) n += c;
  return n;
}

/**
 * The smallest d with at least k = ceil((n + 1) × confidence) parcels at or under it; null when
 * the sample is too small for any bound at that confidence (k > n).
 */
export function conformalUpperDays(counts: readonly number[], confidence = PROMISE_CONFIDENCE): number | null {
  const n = sampleSize(counts);
  const k = Math.ceil((n + 1) * confidence);
  if (n === 0 || k > n) return null;
  let seen = 0;
  for (let d = 0; d < counts.length; d++) {
    seen += counts[d];
    if (seen >= k) return d;
  }
  return null;
}

/** The share of the lane's past parcels that arrived within `days` working days. */
export function shareWithin(counts: readonly number[], days: number): number {
  const n = sampleSize(counts);
  if (n === 0) return 0;
  let within = 0;
  for (let d = 0; d <= days && d < counts.length; d++) within += counts[d];
  return within / n;
}

/** The most likely day count (the mode; the earlier on ties). */
export function likeliestDays(counts: readonly number[]): number | null {
  let best: number | null = null;
  for (let d = 0; d < counts.length; d++) if (counts[d] > 0 && (best === null || counts[d] > counts[best])) best = d;
  return best;
}

/** Adds one parcel's working days to a histogram (grows it as needed). */
export function addToHistogram(counts: number[], days: number): void {
  while (counts.length <= days) counts.push(0);
  counts[days]++;
}

/** Parcels booked this many days back at most count (the lane as it runs now). */
export const LANE_WINDOW_DAYS = 90;

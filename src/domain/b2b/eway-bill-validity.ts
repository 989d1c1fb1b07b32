// How long an e-way bill is valid (CGST rule 138(10) as amended by notification 94/2020-CT, from
// 1 Jan 2021; shared/b2b.md §B4):
//   ordinary cargo          1 day up to 200 km, and a day more for each further 200 km or part of it;
//   over-dimensional cargo  1 day up to 20 km, and a day more for each further 20 km or part of it
//                           (b2b.md also puts multimodal moves with a ship leg here);
//   the days end at midnight: rule 138(10), Explanation 1, counts each day "as the period expiring
//   at midnight of the day immediately following the date of generation" — a bill made at 2 pm on
//   2 April for 1 day is valid until midnight at the end of 3 April. Days are India's (IST).
// Older pages say 100 km a day: that was the rule before 2021.

export const KM_PER_DAY = 200;
export const ODC_KM_PER_DAY = 20;
/** The portal's own ceiling on an approximate distance (⚠ NIC's limit as integrators quote it, not in b2b.md). */
export const MAX_DISTANCE_KM = 4_000;

const DAY_MS = 24 * 3600_000;
/** India keeps UTC+5:30 all year. */
const IST_OFFSET_MS = 330 * 60_000;

export interface Movement {
  distanceKm: number;
  /** over-dimensional cargo (or multimodal with a ship leg) */
  overDimensional?: boolean;
}

/** The days of validity for a distance: 450 km → 3 (200 + 200 + a part of 200). */
export function validityDays(m: Movement): number {
  const per = m.overDimensional ? ODC_KM_PER_DAY : KM_PER_DAY;
  return Math.max(1, Math.ceil(m.distanceKm / per));
}

/** The start (00:00 IST) of the Indian day a moment falls in, as epoch milliseconds. */
export function istDayStart(at: number): number {
  return Math.floor((at + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
}

/**
 * The moment an e-way bill generated at `generatedAt` stops being valid: midnight (00:00 IST) at
 * the end of its last day, which is the day of generation plus its days. A bill is valid while
 * now < this moment.
 */
export function expiresAt(generatedAt: number, m: Movement): number {
  return istDayStart(generatedAt) + (validityDays(m) + 1) * DAY_MS;
}

export function isExpired(expires: number, now: number): boolean {
  return now >= expires;
}

// When a seller's own rate card is in force. Validity is a range of calendar days in India, both
// ends included; an open end (no last day) runs until another card or staff close it. A seller has
// at most one card in force on any day, so two cards' ranges may not share a day.

export interface ValidityRange {
  /** yyyy-mm-dd, IST, the first day the card prices */
  validFrom: string;
  /** yyyy-mm-dd, IST, the last day it prices; null runs on */
  validUntil: string | null;
}

/** Whether a card prices on an IST day (yyyy-mm-dd strings compare as days). */
export function inForceOn(range: ValidityRange, day: string): boolean {
  return range.validFrom <= day && (range.validUntil === null || day <= range.validUntil);
}

/** Whether two ranges share at least one day. */
export function rangesOverlap(a: ValidityRange, b: ValidityRange): boolean {
  const aEndsBeforeB = a.validUntil !== null && a.validUntil < b.validFrom;
  const bEndsBeforeA = b.validUntil !== null && b.validUntil < a.validFrom;
  return !aEndsBeforeB && !bEndsBeforeA;
}

/** The first of the other cards a range would share a day with, or undefined. */
export function overlapping<T extends ValidityRange>(range: ValidityRange, others: readonly T[]): T | undefined {
  return others.find((o) => rangesOverlap(range, o));
}

export type CardStanding = 'IN_FORCE' | 'UPCOMING' | 'ENDED';

/** How a card stands on a day, for the staff list and the seller's page. */
export function standingOn(range: ValidityRange, day: string): CardStanding {
  if (day < range.validFrom) return 'UPCOMING';
  return inForceOn(range, day) ? 'IN_FORCE' : 'ENDED';
}

import { MIN_OUTCOME_SAMPLE, type CourierOutcome } from './courier-outcomes';
import { DAY_WEIGHT } from './recommend';

// The courier recommended for one order: the seller's rule applied to the couriers that can take
// it, each weighed by how it has done on this lane (delivered %, returns, days) and its price.
// Only couriers with enough history (MIN_OUTCOME_SAMPLE shipments at the level used) compete; a
// courier the platform knows too little about is never recommended over one it knows.

export const RECOMMENDATION_RULES = ['CHEAPEST_ABOVE_FLOOR', 'FASTEST', 'BEST_VALUE'] as const;
export type RecommendationRule = (typeof RECOMMENDATION_RULES)[number];

export const RECOMMENDATION_RULE_LABELS: Record<RecommendationRule, string> = {
  CHEAPEST_ABOVE_FLOOR: 'Cheapest that meets my delivered % floor',
  FASTEST: 'Fastest by past deliveries',
  BEST_VALUE: 'Best value (price, speed and returns weighed together)',
};

export const DEFAULT_RECOMMENDATION_RULE: RecommendationRule = 'CHEAPEST_ABOVE_FLOOR';
export const DEFAULT_DELIVERED_FLOOR_PCT = 90;
export const MIN_FLOOR_PCT = 50;
export const MAX_FLOOR_PCT = 100;

export interface RankableQuote {
  carrierCode: string;
  carrierName: string;
  totalPaise: number;
  rtoChargePaise: number;
  days: number;
}

export interface Recommendation {
  carrierCode: string;
  carrierName: string;
  rule: RecommendationRule;
  /** e.g. "Cheapest with at least 90% delivered: 96% delivered to 560034 in 2.1 days over 48 shipments" */
  reason: string;
  outcome: CourierOutcome;
}

const COUNT = new Intl.NumberFormat('en-IN');
const DAYS = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "96% delivered to 560034 in 2.1 days over 48 shipments" (Indian digit grouping for the count). */
export function outcomeSentence(o: CourierOutcome): string {
  const days = o.avgDays === null ? '' : ` in ${DAYS.format(o.avgDays)} ${o.avgDays === 1 ? 'day' : 'days'}`;
  const count = `${COUNT.format(o.shipments)} ${o.shipments === 1 ? 'shipment' : 'shipments'}`;
  return `${Math.round(o.deliveredPct)}% delivered to ${o.place}${days} over ${count}`;
}

interface Candidate<Q> {
  quote: Q;
  outcome: CourierOutcome;
}

/** Days a courier has taken on this lane, or its promise when nothing it carried arrived yet. */
const daysOf = (c: Candidate<RankableQuote>) => c.outcome.avgDays ?? c.quote.days;

/**
 * What one delivered parcel costs in effect: the price plus the return charge as often as
 * parcels come back, spread over the share delivered, and a day in transit weighing DAY_WEIGHT
 * of the price as the quote tags do.
 */
export function valueScore(c: Candidate<RankableQuote>): number {
  const delivered = Math.max(c.outcome.deliveredPct, 1) / 100;
  const expectedPaise = c.quote.totalPaise + (c.outcome.rtoPct / 100) * c.quote.rtoChargePaise;
  return (expectedPaise * (1 + DAY_WEIGHT * daysOf(c))) / delivered;
}

const cheaper = (a: Candidate<RankableQuote>, b: Candidate<RankableQuote>) =>
  a.quote.totalPaise - b.quote.totalPaise ||
  daysOf(a) - daysOf(b) ||
  a.quote.carrierCode.localeCompare(b.quote.carrierCode);

/**
 * The recommended courier under the seller's rule and floor, or null when no courier that can
 * take the order has enough history on its lane.
 */
export function recommendCourier<Q extends RankableQuote>(
  quotes: readonly Q[],
  outcomes: ReadonlyMap<string, CourierOutcome>,
  rule: RecommendationRule,
  floorPct: number,
  minSample = MIN_OUTCOME_SAMPLE,
): Recommendation | null {
  const known: Candidate<Q>[] = [];
  for (const quote of quotes) {
    const outcome = outcomes.get(quote.carrierCode);
    if (outcome && outcome.shipments >= minSample) known.push({ quote, outcome });
  }
  if (known.length === 0) return null;
  const pick = (c: Candidate<Q>, why: string): Recommendation => ({
    carrierCode: c.quote.carrierCode,
    carrierName: c.quote.carrierName,
    rule,
    reason: `${why}: ${outcomeSentence(c.outcome)}`,
    outcome: c.outcome,
  });
  if (rule === 'FASTEST') {
    const best = [...known].sort((a, b) => daysOf(a) - daysOf(b) || cheaper(a, b))[0];
    return pick(best, 'Fastest here');
  }
  if (rule === 'BEST_VALUE') {
    const best = [...known].sort((a, b) => valueScore(a) - valueScore(b) || cheaper(a, b))[0];
    return pick(best, 'Best value here');
  }
  const meeting = known.filter((c) => c.outcome.deliveredPct >= floorPct).sort(cheaper);
  if (meeting.length > 0) return pick(meeting[0], `Cheapest with at least ${floorPct}% delivered`);
  const mostReliable = [...known].sort((a, b) => b.outcome.deliveredPct - a.outcome.deliveredPct || cheaper(a, b))[0];
  return pick(mostReliable, `No courier reaches ${floorPct}% delivered here; the most reliable`);
}

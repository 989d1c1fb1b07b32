import { DAY_WEIGHT } from './recommend';

// The order in which auto-ship tries couriers under the "priority" rule, written out:
//   1. the seller's priority list, first choice first, on plans with priority carrier selection
//      (Pro and Premium), keeping only the couriers that can take the order;
//   2. then every other courier that can take it in the platform's default ranking.
// On the other plans (Free, Lite) the list is kept but not used: the default ranking alone.

interface Rankable {
  carrierCode: string;
  totalPaise: number;
  days: number;
}

/** The platform's default ranking: price weighed against days (the best value tag's formula), then price, days, code. */
export function platformDefaultRanking<Q extends Rankable>(quotes: readonly Q[]): Q[] {
  const score = (q: Q) => q.totalPaise * (1 + DAY_WEIGHT * q.days);
  return [...quotes].sort(
    (a, b) =>
      score(a) - score(b) ||
      a.totalPaise - b.totalPaise ||
      a.days - b.days ||
      a.carrierCode.localeCompare(b.carrierCode),
  );
}

export interface RankedCouriers<Q> {
  ranked: Q[];
  /** how many at the head of `ranked` came from the seller's list */
  fromPriority: number;
}

export function autoShipRanking<Q extends Rankable>(
  quotes: readonly Q[],
  priority: readonly string[],
  priorityAllowed: boolean,
): RankedCouriers<Q> {
  const head: Q[] = [];
  if (priorityAllowed)
    for (const code of priority) {
      const q = quotes.find((x) => x.carrierCode === code);
      if (q) head.push(q);
    }
  const rest = platformDefaultRanking(quotes.filter((q) => !head.includes(q)));
  return { ranked: [...head, ...rest], fromPriority: head.length };
}

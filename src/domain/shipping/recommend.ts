// Which courier quotes to point out: the cheapest, the fastest, and the best value (price
// weighed against days: each day in transit counts as 15% more on the price).

export type QuoteTag = 'CHEAPEST' | 'FASTEST' | 'BEST_VALUE';
export const TAG_LABELS: Record<QuoteTag, string> = {
  CHEAPEST: 'Cheapest',
  FASTEST: 'Fastest',
  BEST_VALUE: 'Best value',
};
export const DAY_WEIGHT = 0.15;

interface Comparable {
  carrierCode: string;
  totalPaise: number;
  days: number;
}

export function recommend<T extends Comparable>(quotes: readonly T[]): Map<string, QuoteTag[]> {
  const tags = new Map<string, QuoteTag[]>(quotes.map((q) => [q.carrierCode, []]));
  if (quotes.length === 0) return tags;
  const best = (better: (a: T, b: T) => number) => [...quotes].sort(better)[0].carrierCode;
  tags.get(best((a, b) => a.totalPaise - b.totalPaise || a.days - b.days))!.push('CHEAPEST');
  tags.get(best((a, b) => a.days - b.days || a.totalPaise - b.totalPaise))!.push('FASTEST');
  const score = (q: T) => q.totalPaise * (1 + DAY_WEIGHT * q.days);
  tags.get(best((a, b) => score(a) - score(b) || a.totalPaise - b.totalPaise))!.push('BEST_VALUE');
  return tags;
}

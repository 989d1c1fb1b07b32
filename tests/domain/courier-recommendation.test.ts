import { describe, expect, it } from 'vitest';
import { pickOutcome, type CourierOutcome, type OutcomeCounts } from '../../src/domain/shipping/courier-outcomes';
import {
  outcomeSentence,
  recommendCourier,
  type RankableQuote,
  type RecommendationRule,
} from '../../src/domain/shipping/courier-recommendation';
import { autoShipRanking, platformDefaultRanking } from '../../src/domain/shipping/carrier-ranking';

const counts = (
  level: OutcomeCounts['level'],
  key: string,
  shipments: number,
  delivered = shipments,
): OutcomeCounts => ({
  level,
  key,
  shipments,
  delivered,
  rto: shipments - delivered,
  ndr: 0,
  avgDays: 2,
});

describe('the outcome level used for a courier on a lane', () => {
  it.each([
    [
      'pincode with enough shipments',
      [counts('PINCODE', '560034', 48), counts('STATE', 'Karnataka', 900)],
      'PINCODE',
      '560034',
    ],
    [
      'thin pincode: the district',
      [counts('PINCODE', '560034', 5), counts('DISTRICT', 'Bengaluru|Karnataka', 60)],
      'DISTRICT',
      'Bengaluru',
    ],
    [
      'thin pincode and district: the state',
      [counts('PINCODE', '560034', 5), counts('DISTRICT', 'Bengaluru|Karnataka', 12), counts('STATE', 'Karnataka', 30)],
      'STATE',
      'Karnataka',
    ],
    [
      'only the zone has enough',
      [counts('DISTRICT', 'Bengaluru|Karnataka', 3), counts('ZONE', 'D', 400)],
      'ZONE',
      'zone D',
    ],
    [
      'none has enough: the one with most',
      [counts('PINCODE', '560034', 2), counts('STATE', 'Karnataka', 9), counts('ZONE', 'D', 7)],
      'STATE',
      'Karnataka',
    ],
    ['exactly the minimum counts', [counts('PINCODE', '560034', 20), counts('ZONE', 'D', 400)], 'PINCODE', '560034'],
  ] as const)('%s', (_, rows, level, place) => {
    expect(pickOutcome(rows)).toMatchObject({ level, place });
  });

  it('answers null with no history at all, and works the percentages out', () => {
    expect(pickOutcome([])).toBeNull();
    expect(pickOutcome([{ ...counts('PINCODE', '560034', 50, 48), ndr: 5 }])).toEqual({
      level: 'PINCODE',
      place: '560034',
      shipments: 50,
      deliveredPct: 96,
      rtoPct: 4,
      ndrPct: 10,
      avgDays: 2,
    });
  });
});

describe('the reason sentence', () => {
  const o = (over: Partial<CourierOutcome>): CourierOutcome => ({
    level: 'PINCODE',
    place: '560034',
    shipments: 48,
    deliveredPct: 95.8,
    rtoPct: 4.2,
    ndrPct: 6,
    avgDays: 2.125,
    ...over,
  });
  it.each([
    [o({}), '96% delivered to 560034 in 2.1 days over 48 shipments'],
    [o({ shipments: 123456, place: 'Karnataka' }), '96% delivered to Karnataka in 2.1 days over 1,23,456 shipments'],
    [o({ avgDays: null, deliveredPct: 0, shipments: 1 }), '0% delivered to 560034 over 1 shipment'],
    [o({ avgDays: 1 }), '96% delivered to 560034 in 1.0 day over 48 shipments'],
  ])('%#', (outcome, sentence) => expect(outcomeSentence(outcome)).toBe(sentence));
});

describe('the recommended courier under each rule', () => {
  const quote = (carrierCode: string, totalPaise: number, days: number, rtoChargePaise = 5000): RankableQuote => ({
    carrierCode,
    carrierName: `Courier ${carrierCode}`,
    totalPaise,
    rtoChargePaise,
    days,
  });
  const seen = (
    deliveredPct: number,
    avgDays: number,
    shipments = 100,
    rtoPct = 100 - deliveredPct,
  ): CourierOutcome => ({
    level: 'PINCODE',
    place: '560034',
    shipments,
    deliveredPct,
    rtoPct,
    ndrPct: 0,
    avgDays,
  });
  // cheap but unreliable, mid-priced and reliable, dear and quick, and one with no history
  const quotes = [quote('CHEAP', 6000, 5), quote('MID', 7000, 4), quote('QUICK', 11000, 2), quote('NEW', 5000, 3)];
  const outcomes = new Map([
    ['CHEAP', seen(82, 5.2)],
    ['MID', seen(95, 3.9)],
    ['QUICK', seen(97, 1.6)],
    ['NEW', seen(100, 1, 4)],
  ]);
  it.each<[string, RecommendationRule, number, string, string]>([
    [
      'cheapest meeting 90%',
      'CHEAPEST_ABOVE_FLOOR',
      90,
      'MID',
      'Cheapest with at least 90% delivered: 95% delivered to 560034 in 3.9 days over 100 shipments',
    ],
    [
      'cheapest meeting 80%',
      'CHEAPEST_ABOVE_FLOOR',
      80,
      'CHEAP',
      'Cheapest with at least 80% delivered: 82% delivered',
    ],
    ['cheapest meeting 96%', 'CHEAPEST_ABOVE_FLOOR', 96, 'QUICK', 'Cheapest with at least 96% delivered'],
    [
      'nobody meets 99%: the most reliable',
      'CHEAPEST_ABOVE_FLOOR',
      99,
      'QUICK',
      'No courier reaches 99% delivered here; the most reliable: 97% delivered',
    ],
    ['fastest by past deliveries', 'FASTEST', 90, 'QUICK', 'Fastest here: 97% delivered to 560034 in 1.6 days'],
    ['best value', 'BEST_VALUE', 90, 'MID', 'Best value here: 95% delivered'],
  ])('%s', (_, rule, floor, code, reason) => {
    const r = recommendCourier(quotes, outcomes, rule, floor);
    expect(r?.carrierCode).toBe(code);
    expect(r?.reason.startsWith(reason)).toBe(true);
    expect(r?.rule).toBe(rule);
  });

  it('weighs returns into best value: a cheaper courier that returns half its parcels loses', () => {
    const r = recommendCourier(
      [quote('A', 6000, 3, 6000), quote('B', 6500, 3, 6000)],
      new Map([
        ['A', seen(50, 3)],
        ['B', seen(96, 3)],
      ]),
      'BEST_VALUE',
      90,
    );
    expect(r?.carrierCode).toBe('B');
  });

  it('recommends nobody when no courier that can take the order has enough history', () => {
    expect(recommendCourier(quotes, new Map([['NEW', seen(100, 1, 19)]]), 'FASTEST', 90)).toBeNull();
    expect(recommendCourier([], outcomes, 'BEST_VALUE', 90)).toBeNull();
    // history of a courier that cannot take this order does not count
    expect(recommendCourier([quote('NEW', 5000, 3)], outcomes, 'BEST_VALUE', 90)).toBeNull();
  });

  it('breaks ties by price, then days', () => {
    const r = recommendCourier(
      [quote('X', 7000, 3), quote('Y', 6000, 3)],
      new Map([
        ['X', seen(95, 2)],
        ['Y', seen(95, 2)],
      ]),
      'FASTEST',
      90,
    );
    expect(r?.carrierCode).toBe('Y');
  });
});

describe('auto-ship ranking under the priority rule', () => {
  const q = (carrierCode: string, totalPaise: number, days: number) => ({ carrierCode, totalPaise, days });
  const quotes = [q('DE', 8000, 4), q('XB', 7000, 5), q('EK', 9000, 2), q('SF', 6000, 6)];
  it('the platform default ranks price weighed against days', () => {
    // scores: DE 8000×1.6=12800, XB 7000×1.75=12250, EK 9000×1.3=11700, SF 6000×1.9=11400
    expect(platformDefaultRanking(quotes).map((x) => x.carrierCode)).toEqual(['SF', 'EK', 'XB', 'DE']);
  });
  it.each([
    ['Pro/Premium: the list first, then the default', ['DE', 'GT', 'XB'], true, ['DE', 'XB', 'SF', 'EK'], 2],
    ['Lite: the default only', ['DE', 'GT', 'XB'], false, ['SF', 'EK', 'XB', 'DE'], 0],
    ['an empty list: the default', [], true, ['SF', 'EK', 'XB', 'DE'], 0],
    ['no listed courier can take it: the default', ['GT'], true, ['SF', 'EK', 'XB', 'DE'], 0],
  ] as const)('%s', (_, priority, allowed, order, fromPriority) => {
    const r = autoShipRanking(quotes, priority, allowed);
    expect(r.ranked.map((x) => x.carrierCode)).toEqual(order);
    expect(r.fromPriority).toBe(fromPriority);
  });
});

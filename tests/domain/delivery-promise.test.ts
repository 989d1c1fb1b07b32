import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  calendarDaysBetween,
  dispatchDay,
  workingDaysBetween,
} from '../../src/domain/promises/promise-calendar';
import {
  addToHistogram,
  conformalUpperDays,
  likeliestDays,
  MIN_LANE_SAMPLE,
  shareWithin,
} from '../../src/domain/promises/transit-quantile';
import { deliveryPromise } from '../../src/domain/promises/lane-promise';

// 2026-11-26 is a Thursday; 2026-11-29 a Sunday.
const ist = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+05:30`);

describe('the promise calendar', () => {
  it('dispatches on the booking day before the cut-off and the next working day after it', () => {
    expect(dispatchDay(ist('2026-11-26', '13:59'))).toBe('2026-11-26');
    expect(dispatchDay(ist('2026-11-26', '14:00'))).toBe('2026-11-27');
    // Saturday after the cut-off: not Sunday, Monday
    expect(dispatchDay(ist('2026-11-28', '16:00'))).toBe('2026-11-30');
    // a booking on Sunday leaves on Monday
    expect(dispatchDay(ist('2026-11-29', '09:00'))).toBe('2026-11-30');
  });

  it('counts working days without Sundays, both ways', () => {
    expect(addWorkingDays('2026-11-26', 0)).toBe('2026-11-26');
    expect(addWorkingDays('2026-11-26', 2)).toBe('2026-11-28');
    expect(addWorkingDays('2026-11-26', 3)).toBe('2026-11-30');
    expect(addWorkingDays('2026-11-29', 1)).toBe('2026-12-01');
    expect(workingDaysBetween('2026-11-26', '2026-11-30')).toBe(3);
    expect(workingDaysBetween('2026-11-26', '2026-11-26')).toBe(0);
    expect(workingDaysBetween('2026-11-27', '2026-11-26')).toBe(0);
    expect(calendarDaysBetween('2026-11-26', '2026-11-30')).toBe(4);
    expect(calendarDaysBetween('2026-11-30', '2026-11-26')).toBe(-4);
  });
});

describe('the conformal "by" day of a lane', () => {
  it('takes the ceil((n + 1) × 0.9)-th smallest day count', () => {
    // 100 parcels: 50 in 2 days, 40 in 3, 8 in 4, 2 in 6 → k = 91: the 91st is 4 days
    const counts = [0, 0, 50, 40, 8, 0, 2];
    expect(conformalUpperDays(counts, 0.9)).toBe(4);
    expect(shareWithin(counts, 4)).toBeCloseTo(0.98);
    expect(shareWithin(counts, 3)).toBeCloseTo(0.9);
    expect(likeliestDays(counts)).toBe(2);
    // 9 parcels: k = ceil(10 × 0.9) = 9, the largest
    expect(conformalUpperDays([0, 8, 1], 0.9)).toBe(2);
  });

  it('gives no bound when the sample is too small for the confidence', () => {
    expect(conformalUpperDays([], 0.9)).toBeNull();
    // 5 parcels: k = ceil(6 × 0.95) = 6 > 5
    expect(conformalUpperDays([0, 5], 0.95)).toBeNull();
    expect(shareWithin([], 3)).toBe(0);
    expect(likeliestDays([0, 0])).toBeNull();
  });

  it('grows a histogram one parcel at a time', () => {
    const counts: number[] = [];
    addToHistogram(counts, 3);
    addToHistogram(counts, 1);
    addToHistogram(counts, 3);
    expect(counts).toEqual([0, 1, 0, 2]);
  });
});

describe('a quote’s delivery promise', () => {
  const bookedAt = ist('2026-11-26', '10:00');
  const lane = (n: number, days: number) => Array.from({ length: days + 1 }, (_, d) => (d === days ? n : 0));

  it('uses the narrowest level with enough parcels, counted from dispatch in working days', () => {
    const promise = deliveryPromise({
      bookedAt,
      history: [
        { level: 'ZONE', counts: lane(500, 5) },
        { level: 'DISTRICT', counts: lane(100, 4) },
        { level: 'PINCODE', counts: lane(MIN_LANE_SAMPLE, 3) },
      ],
      zoneTableDate: '2026-12-02',
    });
    // Thursday + 3 working days (Fri, Sat, Mon)
    expect(promise).toEqual({
      date: '2026-11-30',
      days: 4,
      basis: 'PINCODE',
      sample: MIN_LANE_SAMPLE,
      confidencePct: 100,
    });
  });

  it('passes over a level under the minimum sample', () => {
    const promise = deliveryPromise({
      bookedAt,
      history: [
        { level: 'PINCODE', counts: lane(MIN_LANE_SAMPLE - 1, 1) },
        { level: 'DISTRICT', counts: [0, 0, 90, 10] },
      ],
      zoneTableDate: '2026-12-02',
    });
    expect(promise.basis).toBe('DISTRICT');
    expect(promise.date).toBe('2026-11-30');
    expect(promise.confidencePct).toBe(100);
  });

  it('falls back to the zone table with no history to trust', () => {
    const promise = deliveryPromise({
      bookedAt,
      history: [{ level: 'PINCODE', counts: lane(5, 1) }],
      zoneTableDate: '2026-12-02',
    });
    expect(promise).toEqual({ date: '2026-12-02', days: 6, basis: 'ZONE_TABLE', sample: 0, confidencePct: null });
  });
});

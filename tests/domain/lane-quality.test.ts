import { describe, expect, it } from 'vitest';
import {
  MIN_QUALITY_SAMPLE,
  pickLaneQuality,
  pickupGraceDay,
  TOO_FEW_PARCELS,
  type QualityCounts,
} from '../../src/domain/quality/lane-quality';

// Which level a courier's lane figures come from, the shares it shows, and the pickup grace day.

const counts = (level: QualityCounts['level'], settled: number, extra: Partial<QualityCounts> = {}): QualityCounts => ({
  level,
  settled,
  delivered: Math.round(settled * 0.9),
  rto: Math.round(settled * 0.06),
  ndr: Math.round(settled * 0.1),
  avgDays: 3.14,
  pickupsDue: settled,
  pickupsOnTime: Math.round(settled * 0.8),
  ...extra,
});

describe('lane quality', () => {
  it('takes the narrowest level with enough settled parcels', () => {
    const q = pickLaneQuality([counts('ZONE', 500), counts('DISTRICT', 60), counts('PINCODE', 19)]);
    expect(q).toEqual({
      basis: 'DISTRICT',
      sample: 60,
      deliveredPct: 90,
      rtoPct: 7,
      ndrPct: 10,
      avgDays: 3.1,
      pickupPct: 80,
      pickupSample: 60,
    });
    expect(pickLaneQuality([counts('PINCODE', MIN_QUALITY_SAMPLE), counts('ZONE', 900)]).basis).toBe('PINCODE');
  });

  it('shows nothing when no level has enough parcels, however many levels are thin', () => {
    expect(pickLaneQuality([counts('PINCODE', 3), counts('DISTRICT', 8), counts('ZONE', 19)])).toEqual(TOO_FEW_PARCELS);
    expect(pickLaneQuality([])).toEqual(TOO_FEW_PARCELS);
  });

  it('keeps the pickup share back when too few pickups were due, and days when none was delivered', () => {
    const q = pickLaneQuality([counts('ZONE', 40, { pickupsDue: 5, pickupsOnTime: 5, avgDays: null, delivered: 0 })]);
    expect(q).toMatchObject({ basis: 'ZONE', deliveredPct: 0, avgDays: null, pickupPct: null, pickupSample: 0 });
  });

  it('gives a pickup one working day after the promised day', () => {
    // booked 10:00 IST on a Friday: promised that Friday, in time until Saturday
    expect(pickupGraceDay(new Date('2026-11-27T04:30:00Z'), null)).toBe('2026-11-28');
    // booked 15:00 IST on a Friday (after the cut-off): promised Saturday, in time until Monday
    expect(pickupGraceDay(new Date('2026-11-27T09:30:00Z'), null)).toBe('2026-11-30');
    // booked on a Saturday after the cut-off: promised Monday, in time until Tuesday
    expect(pickupGraceDay(new Date('2026-11-28T10:00:00Z'), null)).toBe('2026-12-01');
    // a pickup request's day is the promise
    expect(pickupGraceDay(new Date('2026-11-27T04:30:00Z'), '2026-12-02')).toBe('2026-12-03');
  });
});

import { describe, expect, it } from 'vitest';
import {
  inForceOn,
  overlapping,
  rangesOverlap,
  standingOn,
  type ValidityRange,
} from '../../src/domain/pricing/rate-card-validity';

const r = (validFrom: string, validUntil: string | null): ValidityRange => ({ validFrom, validUntil });

describe('a rate card’s validity (IST days, both ends included)', () => {
  it.each([
    [r('2026-12-01', '2026-12-31'), '2026-11-30', false, 'UPCOMING'],
    [r('2026-12-01', '2026-12-31'), '2026-12-01', true, 'IN_FORCE'],
    [r('2026-12-01', '2026-12-31'), '2026-12-31', true, 'IN_FORCE'],
    [r('2026-12-01', '2026-12-31'), '2027-01-01', false, 'ENDED'],
    [r('2026-12-01', null), '2030-06-15', true, 'IN_FORCE'],
    [r('2026-12-01', '2026-12-01'), '2026-12-01', true, 'IN_FORCE'],
  ] as const)('%o on %s: in force %s, %s', (range, day, inForce, standing) => {
    expect(inForceOn(range, day)).toBe(inForce);
    expect(standingOn(range, day)).toBe(standing);
  });

  it.each([
    [r('2026-12-01', '2026-12-31'), r('2027-01-01', null), false],
    [r('2026-12-01', '2026-12-31'), r('2026-12-31', '2027-01-31'), true],
    [r('2026-12-01', '2026-12-31'), r('2026-11-01', '2026-11-30'), false],
    [r('2026-12-01', '2026-12-31'), r('2026-11-01', '2026-12-01'), true],
    [r('2026-12-01', '2026-12-31'), r('2026-12-10', '2026-12-11'), true],
    [r('2026-12-01', null), r('2030-01-01', null), true],
    [r('2026-12-01', null), r('2026-01-01', '2026-11-30'), false],
    [r('2026-12-01', null), r('2026-01-01', '2026-12-01'), true],
  ] as const)('%o and %o overlap: %s (either way round)', (a, b, expected) => {
    expect(rangesOverlap(a, b)).toBe(expected);
    expect(rangesOverlap(b, a)).toBe(expected);
  });

  it('names the first card a range would clash with', () => {
    const cards = [
      { id: 1, ...r('2026-01-01', '2026-06-30') },
      { id: 2, ...r('2026-07-01', '2026-12-31') },
    ];
    expect(overlapping(r('2027-01-01', null), cards)).toBeUndefined();
    expect(overlapping(r('2026-06-15', '2026-07-15'), cards)?.id).toBe(1);
    expect(overlapping(r('2026-12-31', null), cards)?.id).toBe(2);
  });
});

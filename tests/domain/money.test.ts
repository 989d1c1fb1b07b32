import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatRupees,
  formatRupeesWhole,
  isWholePaise,
  paiseOf,
  rupeesOf,
  wholeRupeesDown,
  wholeRupeesUp,
} from '../../src/domain/money';
import * as format from '../../src/domain/format';

describe('money', () => {
  it('turns rupees into paise rounded to the paisa, floats included', () => {
    expect(paiseOf(19.99)).toBe(1999);
    expect(paiseOf(0.1 + 0.2)).toBe(30);
    expect(paiseOf(1.005)).toBe(101);
    expect(paiseOf(250)).toBe(25000);
    expect(paiseOf(0)).toBe(0);
    expect(paiseOf(-19.99)).toBe(-1999);
    expect(Object.is(paiseOf(-0.001), 0)).toBe(true);
  });

  it('turns paise into rupees, and back to the same paise', () => {
    expect(rupeesOf(1999)).toBe(19.99);
    expect(rupeesOf(25000)).toBe(250);
    for (const p of [1, 99, 1999, 123456, 1000000001]) expect(paiseOf(rupeesOf(p))).toBe(p);
  });

  it('tells an amount finer than a paisa', () => {
    expect(isWholePaise(19.99)).toBe(true);
    expect(isWholePaise(0.1 + 0.2)).toBe(true);
    expect(isWholePaise(12)).toBe(true);
    expect(isWholePaise(19.999)).toBe(false);
  });

  it('rounds paise to whole rupees down and up', () => {
    expect(wholeRupeesDown(12345)).toBe(12300);
    expect(wholeRupeesDown(12300)).toBe(12300);
    expect(wholeRupeesUp(12301)).toBe(12400);
    expect(wholeRupeesUp(12300)).toBe(12300);
  });

  it('writes ₹ with Indian grouping, and format re-exports the same functions', () => {
    expect(formatRupees(12345650)).toBe('₹1,23,456.50');
    expect(formatAmount(12345650)).toBe('1,23,456.50');
    expect(formatRupeesWhole(245000)).toBe('₹2,45,000');
    expect(format.formatRupees).toBe(formatRupees);
    expect(format.formatAmount).toBe(formatAmount);
    expect(format.formatRupeesWhole).toBe(formatRupeesWhole);
  });
});

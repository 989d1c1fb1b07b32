import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  advanceOf,
  advanceRefusal,
  advanceText,
  codAmountOf,
  modeAmounts,
  type ModeAdvance,
} from '../../src/domain/payment-modes';
import { PaymentModeBody } from '../../src/domain/schemas/payment-modes';
import { issueText } from '../../src/domain/schemas/labels';
// loaded by the app: the labels a refusal names the choices by
import '../../src/domain/display-labels';

// The rules of a seller's own payment modes: the advance from percent or a fixed amount, in whole
// paise; what the courier collects; the limits of a mode; and the shipping refusal.

const percent = (p: number): ModeAdvance => ({
  basis: 'COD',
  advanceKind: 'PERCENT',
  advancePercent: p,
  advanceFixedPaise: null,
});
const fixed = (paise: number): ModeAdvance => ({
  basis: 'COD',
  advanceKind: 'FIXED',
  advancePercent: null,
  advanceFixedPaise: paise,
});
const prepaid: ModeAdvance = { basis: 'PPD', advanceKind: 'NONE', advancePercent: null, advanceFixedPaise: null };

describe('the advance of an order', () => {
  it.each([
    ['20% of ₹1,450', percent(20), 145_000, 29_000],
    ['10% of ₹999.99 rounds half a paisa up', percent(10), 99_999, 10_000],
    ['33% of ₹10.01 rounds down below half', percent(33), 1_001, 330],
    ['1% of ₹1', percent(1), 100, 1],
    ['90% of ₹500', percent(90), 50_000, 45_000],
    ['a fixed ₹200', fixed(20_000), 145_000, 20_000],
    ['a prepaid mode has none', prepaid, 145_000, 0],
    ['a COD mode without an advance', { ...percent(0), advanceKind: 'NONE' as const }, 145_000, 0],
  ])('%s', (_name, mode, total, advance) => {
    expect(advanceOf(mode, total)).toBe(advance);
  });

  it.each([
    ['20% leaves 80% to collect', percent(20), 145_000, { advancePaise: 29_000, codAmountPaise: 116_000 }],
    ['a fixed ₹200 of ₹1,450', fixed(20_000), 145_000, { advancePaise: 20_000, codAmountPaise: 125_000 }],
    ['prepaid: nothing to collect', prepaid, 145_000, { advancePaise: 0, codAmountPaise: 0 }],
    ['a fixed advance one paisa under the total', fixed(9_999), 10_000, { advancePaise: 9_999, codAmountPaise: 1 }],
  ])('%s', (_name, mode, total, amounts) => {
    const got = modeAmounts(mode, total);
    expect(got).toEqual(amounts);
    if ('advancePaise' in got) expect(got.advancePaise + got.codAmountPaise).toBe(mode.basis === 'COD' ? total : 0);
  });

  it.each([
    [fixed(10_000), 10_000, 'the advance of ₹100.00 must be less than the order total of ₹100.00'],
    [fixed(50_000), 10_000, 'the advance of ₹500.00 must be less than the order total of ₹100.00'],
    [percent(90), 1, 'the advance of ₹0.01 must be less than the order total of ₹0.01'],
  ])('an advance of the whole total or more is refused (%#)', (mode, total, refusal) => {
    expect(modeAmounts(mode, total)).toEqual({ refusal });
  });

  it('what the courier collects follows the method, the total and the advance', () => {
    expect(codAmountOf('COD', 145_000, 29_000)).toBe(116_000);
    expect(codAmountOf('COD', 145_000, 0)).toBe(145_000);
    expect(codAmountOf('PPD', 145_000, 29_000)).toBe(0);
  });
});

describe('shipping and an unpaid advance', () => {
  it.each([
    [{ advancePaise: 29_000, advancePaidAt: null }, 'Advance of ₹290.00 not yet paid'],
    [{ advancePaise: 29_000, advancePaidAt: new Date() }, null],
    [{ advancePaise: 0, advancePaidAt: null }, null],
  ])('%o → %s', (o, refusal) => {
    expect(advanceRefusal(o)).toBe(refusal);
  });
});

describe('a mode as the seller enters it', () => {
  const base = {
    modeName: 'Partial COD',
    modeCode: 'pcod',
    modeBasis: 'COD',
    advanceKind: 'PERCENT',
    advancePercent: 20,
  };
  const problems = (input: Record<string, unknown>) => {
    const r = v.safeParse(PaymentModeBody, input);
    return r.success ? [] : r.issues.map((i) => issueText(i));
  };

  it('a code is kept in capitals; the texts describe the advance', () => {
    const r = v.parse(PaymentModeBody, base);
    expect(r.modeCode).toBe('PCOD');
    expect(advanceText(percent(20))).toBe('20% advance, rest on delivery');
    expect(advanceText(fixed(20_000))).toBe('₹200.00 advance, rest on delivery');
    expect(advanceText(prepaid)).toBe('Prepaid');
  });

  it.each([
    [{ modeCode: 'P' }, 'Label code must be 2 to 8 capital letters or digits'],
    [{ modeCode: 'PARTIALCOD' }, 'Label code must be 2 to 8 capital letters or digits'],
    [{ modeCode: 'P-COD' }, 'Label code must be 2 to 8 capital letters or digits'],
    [{ modeCode: 'cod' }, 'Label code cannot be PPD, COD, PREPAID: those are the standard payment methods'],
    [{ modeName: 'P' }, 'Mode name must be 2 to 40 characters'],
    [{ modeBasis: 'UPI' }, 'Collected must be one of Cash on delivery, Prepaid'],
    [{ advancePercent: 0 }, 'Advance (%) must be at least 1'],
    [{ advancePercent: 91 }, 'Advance (%) must be at most 90'],
    [{ advancePercent: 12.5 }, 'Advance (%) must be a whole number'],
    [{ advancePercent: null }, 'Advance (%) is required'],
    [{ advanceKind: 'FIXED', advancePercent: null }, 'Advance (₹) is required'],
    [{ advanceKind: 'FIXED', advanceAmount: 0 }, 'Advance (₹) must be a positive number'],
    [{ advanceKind: 'FIXED', advanceAmount: 10.005 }, 'Advance (₹) may have at most 2 decimals'],
    [{ modeBasis: 'PPD' }, 'Advance: a prepaid mode has no advance'],
    [{ labelNote: 'x'.repeat(61) }, 'Note on the label must be at most 60 characters'],
  ])('%o is refused: %s', (change, message) => {
    expect(problems({ ...base, ...change })).toContain(message);
  });
});

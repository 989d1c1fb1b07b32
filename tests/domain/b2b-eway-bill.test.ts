import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  cancelRefusal,
  expiresSoon,
  extendRefusal,
  extensionWindow,
  type BillState,
} from '../../src/domain/b2b/eway-bill-lifecycle';
import { ewayBillNumberField, isEwayBillNumber } from '../../src/domain/b2b/eway-bill-number';
import { ewayBillRequirement, EWAY_BILL_THRESHOLD_PAISE } from '../../src/domain/b2b/eway-bill-requirement';
import { expiresAt, isExpired, validityDays } from '../../src/domain/b2b/eway-bill-validity';
import { B2B_MSG } from '../../src/domain/b2b/messages';
import { paiseOf } from '../../src/domain/money';
import { issueText } from '../../src/domain/schemas/labels';

// The e-way bill rules of shared/b2b.md §B4: when one is needed, the number's form, the days of
// validity and their midnight, and the cancellation and extension windows.

const HOUR = 3600_000;
/** 2 pm IST on 2 Apr 2026 */
const twoPmIst = Date.parse('2026-04-02T14:00:00+05:30');

describe('when an e-way bill is needed', () => {
  it('above ₹50,000 with GST, not at ₹50,000 itself', () => {
    // b2b.md's example: ₹48,000 + ₹4,800 GST = ₹52,800
    expect(ewayBillRequirement({ invoiceValuePaise: paiseOf(52_800) }).required).toBe(true);
    expect(ewayBillRequirement({ invoiceValuePaise: EWAY_BILL_THRESHOLD_PAISE }).required).toBe(false);
    expect(ewayBillRequirement({ invoiceValuePaise: EWAY_BILL_THRESHOLD_PAISE + 1 }).required).toBe(true);
    expect(ewayBillRequirement({ invoiceValuePaise: paiseOf(52_800) }).message).toBe(
      "This consignment's value, GST included, is above ₹50,000.00: it needs an e-way bill before it is booked",
    );
  });

  it('leaves exempt goods out of the value', () => {
    const r = ewayBillRequirement({ invoiceValuePaise: paiseOf(60_000), exemptValuePaise: paiseOf(15_000) });
    expect([r.required, r.valuePaise]).toEqual([false, paiseOf(45_000)]);
  });

  it('job work and handicraft goods need one whatever their value', () => {
    expect(ewayBillRequirement({ invoiceValuePaise: paiseOf(1_000), reason: 'JOB_WORK' })).toMatchObject({
      required: true,
      message: 'Goods moved for job work need an e-way bill whatever their value',
    });
    expect(ewayBillRequirement({ invoiceValuePaise: paiseOf(1_000), reason: 'HANDICRAFT' }).required).toBe(true);
    expect(ewayBillRequirement({ invoiceValuePaise: paiseOf(1_000), reason: 'SUPPLY' }).required).toBe(false);
  });

  it("takes a state's own threshold for a move within it", () => {
    const r = ewayBillRequirement({ invoiceValuePaise: paiseOf(80_000), intraStateThresholdPaise: paiseOf(100_000) });
    expect(r.required).toBe(false);
  });
});

describe('the e-way bill number', () => {
  it('is 12 digits, spaces allowed as typed', () => {
    expect(isEwayBillNumber('391002703919')).toBe(true);
    expect(isEwayBillNumber('3910 0270 3919')).toBe(true);
    expect(isEwayBillNumber('39100270391')).toBe(false);
    expect(isEwayBillNumber('3910027039190')).toBe(false);
    expect(isEwayBillNumber('39100270391A')).toBe(false);
  });

  it('is kept without spaces, and a bad one names the field', () => {
    expect(v.parse(ewayBillNumberField(), '3910 0270 3919')).toBe('391002703919');
    const r = v.safeParse(v.object({ ewayBillNumber: ewayBillNumberField() }), { ewayBillNumber: '12345' });
    expect(r.issues && issueText(r.issues[0])).toBe('E-way bill number must be 12 digits');
  });
});

describe('validity', () => {
  it('a day per 200 km or part of it; over-dimensional cargo a day per 20 km', () => {
    expect([1, 150, 200, 201, 400, 450, 1_000].map((distanceKm) => validityDays({ distanceKm }))).toEqual([
      1, 1, 1, 2, 2, 3, 5,
    ]);
    expect([20, 21, 45].map((distanceKm) => validityDays({ distanceKm, overDimensional: true }))).toEqual([1, 2, 3]);
  });

  it('ends at midnight at the end of the day after generation, in IST', () => {
    // 2 pm on 2 Apr, 1 day: valid until midnight at the end of 3 Apr
    const end = expiresAt(twoPmIst, { distanceKm: 150 });
    expect(new Date(end).toISOString()).toBe('2026-04-03T18:30:00.000Z');
    expect(B2B_MSG.ewayBillValidUntil(end)).toBe('Valid until midnight at the end of 03 Apr 2026');
    // 11:59 pm on 2 Apr is still 2 Apr in India; 12:05 am on 3 Apr is the next day (though 2 Apr in UTC)
    expect(expiresAt(Date.parse('2026-04-02T23:59:00+05:30'), { distanceKm: 150 })).toBe(end);
    expect(new Date(expiresAt(Date.parse('2026-04-03T00:05:00+05:30'), { distanceKm: 150 })).toISOString()).toBe(
      '2026-04-04T18:30:00.000Z',
    );
    // 450 km: 3 days, until the end of 5 Apr
    expect(new Date(expiresAt(twoPmIst, { distanceKm: 450 })).toISOString()).toBe('2026-04-05T18:30:00.000Z');
    expect(isExpired(end, end - 1)).toBe(false);
    expect(isExpired(end, end)).toBe(true);
    expect(B2B_MSG.ewayBillExpired(end)).toBe('The e-way bill expired at midnight at the end of 03 Apr 2026');
  });
});

describe('cancellation and extension', () => {
  const bill: BillState = {
    status: 'ACT',
    generatedAt: twoPmIst,
    expiresAt: expiresAt(twoPmIst, { distanceKm: 150 }),
    hasPartB: true,
  };

  it('cancels within 24 hours of generation only, and only an active bill', () => {
    expect(cancelRefusal(bill, twoPmIst + 24 * HOUR)).toBeNull();
    expect(cancelRefusal(bill, twoPmIst + 24 * HOUR + 1)).toBe(B2B_MSG.cancelTooLate);
    expect(cancelRefusal({ ...bill, status: 'CNL' }, twoPmIst + HOUR)).toBe(B2B_MSG.cancelled);
    expect(cancelRefusal({ ...bill, status: 'REJ' }, twoPmIst + HOUR)).toBe(B2B_MSG.notActive);
  });

  it('extends from 8 hours before expiry to 8 hours after, once Part B is in', () => {
    const { opensAt, closesAt } = extensionWindow(bill.expiresAt);
    expect(closesAt - opensAt).toBe(16 * HOUR);
    expect(extendRefusal(bill, opensAt - 1)).toBe(B2B_MSG.extendTooEarly(opensAt));
    expect(extendRefusal(bill, opensAt)).toBeNull();
    expect(extendRefusal({ ...bill, status: 'EXP' }, closesAt)).toBeNull();
    expect(extendRefusal({ ...bill, status: 'EXP' }, closesAt + 1)).toBe(B2B_MSG.extendTooLate(closesAt));
    expect(extendRefusal({ ...bill, hasPartB: false }, opensAt)).toBe(B2B_MSG.extendNeedsPartB);
    expect(extendRefusal({ ...bill, status: 'CNL' }, opensAt)).toBe(B2B_MSG.cancelled);
    // 8 hours before midnight at the end of 3 Apr is 4 pm on 3 Apr
    expect(B2B_MSG.extendTooEarly(opensAt)).toBe(
      'An e-way bill can be extended only from 8 hours before it expires: from 04:00 pm on 03 Apr 2026',
    );
  });

  it('warns the seller once the extension window opens, until expiry', () => {
    const { opensAt } = extensionWindow(bill.expiresAt);
    expect(expiresSoon(bill, opensAt - 1)).toBe(false);
    expect(expiresSoon(bill, opensAt)).toBe(true);
    expect(expiresSoon(bill, bill.expiresAt)).toBe(false);
    expect(expiresSoon({ ...bill, status: 'CNL' }, opensAt)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { freightRefusal, type ConsignmentRequest, type FreightInvoice } from '../../server/carriers/freight';
import { B2B_MSG } from '../../src/domain/b2b/messages';
import { paiseOf } from '../../src/domain/money';
import { twelveBoxConsignment } from './freight-conformance';

// What every freight carrier is refused before it is asked: e-way bills are needed by the
// consignment's whole invoice value (the domain's rule), and the invoices without one are named.

const NOW = new Date('2026-11-20T06:30:00.000Z');
const base = twelveBoxConsignment('Meera Textiles Jaipur', NOW);
const invoice = (number: string, rupees: number, ewayBillNumber: string | null = null): FreightInvoice => ({
  number,
  date: '2026-11-20',
  valuePaise: paiseOf(rupees),
  ewayBillNumber,
});
const withInvoices = (...invoices: FreightInvoice[]): ConsignmentRequest => ({ ...base, invoices });

describe('freightRefusal', () => {
  it('lets a consignment through whose invoices carry their bills', () => {
    expect(freightRefusal(base)).toBeNull();
  });

  it('refuses a consignment without boxes or without invoices', () => {
    expect(freightRefusal({ ...base, boxes: [] })).toBe(B2B_MSG.consignmentNoBoxes);
    expect(freightRefusal({ ...base, boxes: [{ ...base.boxes[0], count: 0 }] })).toBe(B2B_MSG.consignmentNoBoxes);
    expect(freightRefusal(withInvoices())).toBe(B2B_MSG.consignmentNoInvoices);
  });

  it('names the invoice whose bill number is not 12 digits', () => {
    expect(freightRefusal(withInvoices(invoice('MT/1', 20_000), invoice('MT/2', 20_000, '1234')))).toBe(
      'Invoice MT/2: the e-way bill number must be 12 digits',
    );
  });

  it('needs bills by the consignment’s value: two invoices of ₹30,000 without bills are refused, both named', () => {
    expect(freightRefusal(withInvoices(invoice('MT/1', 30_000), invoice('MT/2', 30_000)))).toBe(
      "This consignment's value, GST included, is ₹60,000.00, above ₹50,000.00: each invoice needs its e-way bill " +
        'before it is booked, and invoices MT/1, MT/2 have none',
    );
  });

  it('names only the invoices that lack a bill', () => {
    expect(
      freightRefusal(
        withInvoices(invoice('MT/1', 30_000, '331009876541'), invoice('MT/2', 25_000), invoice('MT/3', 100)),
      ),
    ).toBe(
      "This consignment's value, GST included, is ₹55,100.00, above ₹50,000.00: each invoice needs its e-way bill " +
        'before it is booked, and invoices MT/2, MT/3 have none',
    );
    expect(freightRefusal(withInvoices(invoice('MT/9', 50_000.01)))).toMatch(/invoice MT\/9 has none$/);
  });

  it('needs no bill for a consignment of ₹50,000 or less, however it is split', () => {
    expect(freightRefusal(withInvoices(invoice('MT/1', 50_000)))).toBeNull();
    expect(freightRefusal(withInvoices(invoice('MT/1', 20_000), invoice('MT/2', 30_000)))).toBeNull();
  });

  it('refuses a malformed GSTIN of either party, and takes an unregistered consignee', () => {
    expect(freightRefusal({ ...base, consignor: { ...base.consignor, gstin: '08ABCPN1234K1' } })).toBe(
      "The consignor's GSTIN is not a valid GSTIN",
    );
    expect(freightRefusal({ ...base, consignee: { ...base.consignee, gstin: 'not a gstin' } })).toBe(
      "The consignee's GSTIN is not a valid GSTIN",
    );
    expect(freightRefusal({ ...base, consignee: { ...base.consignee, gstin: null } })).toBeNull();
  });
});

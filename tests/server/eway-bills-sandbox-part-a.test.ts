import { describe, expect, it } from 'vitest';
import { sandboxEwayBillProvider } from '../../server/eway-bills/sandbox';
import type { GenerateRequest, GoodsLine } from '../../server/eway-bills/provider';

// The sandbox reads a Part A as the portal does, through NIC's own generate payload: items with
// HSN codes, the taxable total, the tax by the states, the invoice value at least both together.

const party = (stateCode: number, gstin: string) => ({
  gstin,
  tradeName: 'Meera Textiles',
  address1: 'Plot 14',
  place: 'Jaipur',
  pincode: '302022',
  stateCode,
});

const item = (over: Partial<GoodsLine> = {}): GoodsLine => ({
  productName: 'Cotton bedsheets',
  hsnCode: '63040000',
  quantity: 200,
  unit: 'NOS',
  taxableValuePaise: 30_000_00,
  cgstRate: 0,
  sgstRate: 0,
  igstRate: 12,
  ...over,
});

let doc = 0;
const request = (over: Partial<GenerateRequest> = {}): GenerateRequest => ({
  supplyType: 'OUTWARD',
  subSupplyType: 1,
  docType: 'INV',
  docNo: `INV-${++doc}`,
  docDate: '2026-11-20',
  from: party(8, '08AAACD1234K1Z5'),
  to: party(29, '29AAACD1234K1Z1'),
  transactionType: 1,
  items: [item()],
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 3_600_00,
  cessPaise: 0,
  totalInvoicePaise: 33_600_00,
  distanceKm: 2100,
  transporterId: '',
  transporterName: 'Gati',
  partB: null,
  ...over,
});

describe('the sandbox’s Part A', () => {
  const provider = sandboxEwayBillProvider(() => Date.parse('2026-11-20T06:30:00Z'));
  const refusal = async (r: GenerateRequest) => {
    const answer = await provider.generate(r);
    return answer.ok ? null : answer.detail;
  };

  it('takes goods with their HSN codes and IGST across states, and keeps them on the bill', async () => {
    const issued = await provider.generate(request());
    expect(issued.ok).toBe(true);
    const record = await provider.get(issued.ok ? issued.ewayBillNumber : '');
    expect(record.ok && record.items).toEqual([item()]);
  });

  it('takes CGST and SGST within a state', async () => {
    const within = request({
      to: party(8, '08AAACD1234K1Z5'),
      items: [item({ cgstRate: 6, sgstRate: 6, igstRate: 0 })],
      cgstPaise: 1_800_00,
      sgstPaise: 1_800_00,
      igstPaise: 0,
    });
    expect(await refusal(within)).toBeNull();
  });

  it.each([
    [{ items: [] }, 'Eway bill does not contains any items'],
    [{ items: [item({ hsnCode: '99' })] }, 'Invalid HSN Code for item 1'],
    [{ items: [item({ taxableValuePaise: 0 })], totalInvoicePaise: 0, igstPaise: 0 }, 'Taxable amount of every item'],
    [
      {
        items: [item({ cgstRate: 6, sgstRate: 6, igstRate: 0 })],
        cgstPaise: 1_800_00,
        sgstPaise: 1_800_00,
        igstPaise: 0,
      },
      'CGST and SGST are not applicable for an inter-state supply',
    ],
    [{ to: party(8, '08AAACD1234K1Z5') }, 'IGST is not applicable for an intra-state supply'],
    [{ igstPaise: 1_000_00 }, 'Tax values do not match the items’ rates'],
    [{ totalInvoicePaise: 30_000_00 }, 'Total invoice value cannot be less than'],
  ] as const)('refuses %o: %s', async (over, words) => {
    expect(await refusal(request(over as Partial<GenerateRequest>))).toContain(words);
  });
});

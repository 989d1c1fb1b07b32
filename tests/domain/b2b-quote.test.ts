import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { chargeableWeightOf, showKg } from '../../src/domain/b2b/chargeable-weight';
import { B2B_MSG } from '../../src/domain/b2b/messages';
import { percentOfPaise, quoteB2b, type B2bQuoteInput, type ChargeCode } from '../../src/domain/b2b/quote';
import { B2B_LIMITS, B2bQuoteInputSchema } from '../../src/domain/b2b/quote-input';
import { exampleRateCard, type B2bRateCard } from '../../src/domain/b2b/rate-card';
import { b2bZoneOf } from '../../src/domain/b2b/zones';
import { paiseOf } from '../../src/domain/money';
import { issueText } from '../../src/domain/schemas/labels';

// The B2B rate engine against figures worked by hand. The card: b2b.md's defaults (minimum 20 kg,
// 1 CFT = 10 kg, docket ₹100, FOV 0.1 % at least ₹100, ODA ₹5/kg at least ₹800, green tax ₹100),
// plus this card's own fuel 10 %, carrier's risk 0.2 % at least ₹200, appointment ₹500, to-pay ₹150.
// 1 CFT = 30.48³ = 28,316.846592 cm³, so volumetric kg = cm³ ÷ 28,316.846592 × 10.

const card: B2bRateCard = {
  ...exampleRateCard({
    N1: { N1: 800, W1: 1250, S1: 1400, NE: 2200 },
    N2: { E: 1350 },
    W1: { W1: 650, S1: 1100 },
    W2: { N1: 1300 },
    S1: { E: 1500 },
    S2: { S1: 700 },
    E: { NE: 1800 },
  }),
  fuelSurchargePercent: 10,
  fovCarrier: { percent: 0.2, minimumPaise: paiseOf(200) },
  appointmentFeePaise: paiseOf(500),
  toPayFeePaise: paiseOf(150),
};
const divisorCard: B2bRateCard = { ...card, volumetric: { kind: 'DIVISOR', cm3PerKg: 4500 } };

const box = (l: number, b: number, h: number, weightKg: number, count: number) => ({
  lengthCm: l,
  breadthCm: b,
  heightCm: h,
  weightKg,
  count,
});

const base = {
  freightPayer: 'PAID',
  risk: 'OWNER',
  appointment: false,
  oda: false,
  greenTax: false,
} as const;

interface Row {
  name: string;
  input: B2bQuoteInput;
  card?: B2bRateCard;
  kg: number;
  basis: 'ACTUAL' | 'VOLUMETRIC' | 'MINIMUM';
  /** each line in rupees */
  lines: Partial<Record<ChargeCode, number>>;
  subtotal: number;
  gst: number;
  total: number;
}

const rows: Row[] = [
  {
    // actual 10 × 30 = 300 kg; volumetric 10 × 60,000 = 600,000 cm³ = 21.19 CFT = 211.89 kg → actual, 300 kg
    // freight 300 × 12.50 = 3,750; fuel 10 % = 375; docket 100; FOV 0.1 % × 60,000 = 60 < 100 → 100
    // subtotal 3,750 + 375 + 100 + 100 = 4,325; GST 18 % = 778.50; total 5,103.50
    name: 'N1→W1, ten 30 kg cartons, actual weight',
    input: {
      ...base,
      originZone: 'N1',
      destinationZone: 'W1',
      boxes: [box(50, 40, 30, 30, 10)],
      invoiceValuePaise: paiseOf(60_000),
    },
    kg: 300,
    basis: 'ACTUAL',
    lines: { FREIGHT: 3750, FUEL: 375, DOCKET: 100, FOV: 100 },
    subtotal: 4325,
    gst: 778.5,
    total: 5103.5,
  },
  {
    // actual 12 × 15 = 180 kg; volumetric 12 × 216,000 = 2,592,000 cm³ = 91.54 CFT = 915.36 kg → 916 kg
    // freight 916 × 14 = 12,824; fuel 1,282.40; docket 100; FOV 0.1 % × 1,20,000 = 120 (≥ 100)
    // subtotal 12,824 + 1,282.40 + 100 + 120 = 14,326.40; GST 2,578.752 → 2,578.75; total 16,905.15
    name: 'N1→S1, twelve light 60 cm cubes, volumetric weight',
    input: {
      ...base,
      originZone: 'N1',
      destinationZone: 'S1',
      boxes: [box(60, 60, 60, 15, 12)],
      invoiceValuePaise: paiseOf(120_000),
    },
    kg: 916,
    basis: 'VOLUMETRIC',
    lines: { FREIGHT: 12824, FUEL: 1282.4, DOCKET: 100, FOV: 120 },
    subtotal: 14326.4,
    gst: 2578.75,
    total: 16905.15,
  },
  {
    // actual 8 kg; volumetric 12,000 cm³ = 0.42 CFT = 4.24 kg; minimum 20 kg wins
    // freight 20 × 6.50 = 130; fuel 13; docket 100; FOV 0.1 % × 20,000 = 20 → 100
    // subtotal 343; GST 61.74; total 404.74
    name: 'W1→W1, one small carton, the minimum weight',
    input: {
      ...base,
      originZone: 'W1',
      destinationZone: 'W1',
      boxes: [box(30, 20, 20, 8, 1)],
      invoiceValuePaise: paiseOf(20_000),
    },
    kg: 20,
    basis: 'MINIMUM',
    lines: { FREIGHT: 130, FUEL: 13, DOCKET: 100, FOV: 100 },
    subtotal: 343,
    gst: 61.74,
    total: 404.74,
  },
  {
    // actual 4 × 25 = 100 kg; volumetric 256,000 cm³ = 9.04 CFT = 90.41 kg → actual 100 kg
    // freight 100 × 15 = 1,500; fuel 150; docket 100; FOV 75 → 100; ODA 100 × 5 = 500 < 800 → 800
    // subtotal 1,500 + 150 + 100 + 100 + 800 = 2,650; GST 477; total 3,127
    name: 'S1→E out of the delivery area, the ODA minimum',
    input: {
      ...base,
      originZone: 'S1',
      destinationZone: 'E',
      boxes: [box(40, 40, 40, 25, 4)],
      invoiceValuePaise: paiseOf(75_000),
      oda: true,
    },
    kg: 100,
    basis: 'ACTUAL',
    lines: { FREIGHT: 1500, FUEL: 150, DOCKET: 100, FOV: 100, ODA: 800 },
    subtotal: 2650,
    gst: 477,
    total: 3127,
  },
  {
    // actual 20 × 20 = 400 kg; volumetric 2,500,000 cm³ = 88.29 CFT = 882.87 kg → 883 kg
    // freight 883 × 22 = 19,426; fuel 1,942.60; docket 100; FOV 0.1 % × 2,50,000 = 250; ODA 883 × 5 = 4,415 (≥ 800)
    // subtotal 19,426 + 1,942.60 + 100 + 250 + 4,415 = 26,133.60; GST 4,704.048 → 4,704.05; total 30,837.65
    name: 'N1→NE out of the delivery area, ODA by weight',
    input: {
      ...base,
      originZone: 'N1',
      destinationZone: 'NE',
      boxes: [box(50, 50, 50, 20, 20)],
      invoiceValuePaise: paiseOf(250_000),
      oda: true,
    },
    kg: 883,
    basis: 'VOLUMETRIC',
    lines: { FREIGHT: 19426, FUEL: 1942.6, DOCKET: 100, FOV: 250, ODA: 4415 },
    subtotal: 26133.6,
    gst: 4704.05,
    total: 30837.65,
  },
  {
    // actual 5 × 40 = 200 kg; volumetric 236,250 cm³ = 8.34 CFT = 83.43 kg → 200 kg
    // freight 200 × 11 = 2,200; fuel 220; docket 100; FOV carrier's risk 0.2 % × 3,00,000 = 600 (≥ 200)
    // subtotal 3,120; GST 561.60; total 3,681.60
    name: "W1→S1 at the carrier's risk",
    input: {
      ...base,
      originZone: 'W1',
      destinationZone: 'S1',
      boxes: [box(45, 35, 30, 40, 5)],
      invoiceValuePaise: paiseOf(300_000),
      risk: 'CARRIER',
    },
    kg: 200,
    basis: 'ACTUAL',
    lines: { FREIGHT: 2200, FUEL: 220, DOCKET: 100, FOV: 600 },
    subtotal: 3120,
    gst: 561.6,
    total: 3681.6,
  },
  {
    // actual 3 × 35 = 105 kg; volumetric 288,000 cm³ = 10.17 CFT = 101.71 kg → 105 kg
    // freight 105 × 13 = 1,365; fuel 136.50; docket 100; FOV 90 → 100; appointment 500; green tax 100; to-pay 150
    // subtotal 1,365 + 136.50 + 100 + 100 + 500 + 100 + 150 = 2,451.50; GST 441.27; total 2,892.77
    name: 'W2→N1 to-pay, with an appointment, into Delhi',
    input: {
      ...base,
      originZone: 'W2',
      destinationZone: 'N1',
      boxes: [box(60, 40, 40, 35, 3)],
      invoiceValuePaise: paiseOf(90_000),
      freightPayer: 'TO_PAY',
      appointment: true,
      greenTax: true,
    },
    kg: 105,
    basis: 'ACTUAL',
    lines: { FREIGHT: 1365, FUEL: 136.5, DOCKET: 100, FOV: 100, APPOINTMENT: 500, GREEN_TAX: 100, TO_PAY: 150 },
    subtotal: 2451.5,
    gst: 441.27,
    total: 2892.77,
  },
  {
    // the carrier's own divisor: 10 × 90,000 = 900,000 cm³ ÷ 4,500 = 200 kg, more than actual 150 → 200 kg
    // freight 200 × 7 = 1,400; fuel 140; docket 100; FOV 40 → 100
    // subtotal 1,740; GST 313.20; total 2,053.20
    name: "S2→S1 on the carrier's divisor (4,500 cm³ a kg)",
    input: {
      ...base,
      originZone: 'S2',
      destinationZone: 'S1',
      boxes: [box(50, 40, 45, 15, 10)],
      invoiceValuePaise: paiseOf(40_000),
    },
    card: divisorCard,
    kg: 200,
    basis: 'VOLUMETRIC',
    lines: { FREIGHT: 1400, FUEL: 140, DOCKET: 100, FOV: 100 },
    subtotal: 1740,
    gst: 313.2,
    total: 2053.2,
  },
  {
    // actual 3 × 7.35 = 22.05 kg, above the 20 kg minimum, rounded up to 23 kg; volumetric 24,000 cm³ = 8.48 kg
    // freight 23 × 8 = 184; fuel 18.40; docket 100; FOV 0.1 % × 1,50,000 = 150
    // subtotal 452.40; GST 81.432 → 81.43; total 533.83
    name: 'N1→N1, a fraction of a kg charged as a whole kg',
    input: {
      ...base,
      originZone: 'N1',
      destinationZone: 'N1',
      boxes: [box(20, 20, 20, 7.35, 3)],
      invoiceValuePaise: paiseOf(150_000),
    },
    kg: 23,
    basis: 'ACTUAL',
    lines: { FREIGHT: 184, FUEL: 18.4, DOCKET: 100, FOV: 150 },
    subtotal: 452.4,
    gst: 81.43,
    total: 533.83,
  },
  {
    // two sizes: actual 2 × 45 + 6 × 12 = 162 kg; volumetric 2 × 480,000 + 6 × 36,000 = 1,176,000 cm³
    //   = 41.53 CFT = 415.30 kg → 416 kg
    // freight 416 × 13.50 = 5,616; fuel 561.60; docket 100; FOV 0.1 % × 1,80,500 = 180.50
    // subtotal 6,458.10; GST 1,162.458 → 1,162.46; total 7,620.56
    name: 'N2→E, two sizes of box in one docket',
    input: {
      ...base,
      originZone: 'N2',
      destinationZone: 'E',
      boxes: [box(100, 80, 60, 45, 2), box(40, 30, 30, 12, 6)],
      invoiceValuePaise: paiseOf(180_500),
    },
    kg: 416,
    basis: 'VOLUMETRIC',
    lines: { FREIGHT: 5616, FUEL: 561.6, DOCKET: 100, FOV: 180.5 },
    subtotal: 6458.1,
    gst: 1162.46,
    total: 7620.56,
  },
  {
    // a pallet 120 × 100 × 150 = 1,800,000 cm³ = 63.57 CFT = 635.66 kg, more than its 400 kg → 636 kg
    // freight 636 × 18 = 11,448; fuel 1,144.80; docket 100; FOV 0.1 % × 5,00,000 = 500; ODA 636 × 5 = 3,180
    // subtotal 16,372.80; GST 2,947.104 → 2,947.10; total 19,319.90
    name: 'E→NE, one pallet out of the delivery area',
    input: {
      ...base,
      originZone: 'E',
      destinationZone: 'NE',
      boxes: [box(120, 100, 150, 400, 1)],
      invoiceValuePaise: paiseOf(500_000),
      oda: true,
    },
    kg: 636,
    basis: 'VOLUMETRIC',
    lines: { FREIGHT: 11448, FUEL: 1144.8, DOCKET: 100, FOV: 500, ODA: 3180 },
    subtotal: 16372.8,
    gst: 2947.1,
    total: 19319.9,
  },
];

describe('the B2B quote against hand-worked figures', () => {
  it.each(rows)('$name', (row) => {
    const result = quoteB2b(row.input, row.card ?? card);
    if (!result.ok) throw new Error(result.message);
    const q = result.quote;
    expect(q.weight.chargeableKg).toBe(row.kg);
    expect(q.weight.basis).toBe(row.basis);
    expect(Object.fromEntries(q.lines.map((l) => [l.code, l.amountPaise]))).toEqual(
      Object.fromEntries(Object.entries(row.lines).map(([k, rupees]) => [k, paiseOf(rupees)])),
    );
    expect(q.subtotalPaise).toBe(paiseOf(row.subtotal));
    expect(q.gstPaise).toBe(paiseOf(row.gst));
    expect(q.totalPaise).toBe(paiseOf(row.total));
    // the lines are the subtotal, and the total is subtotal and GST: nothing is lost to rounding
    expect(q.lines.reduce((s, l) => s + l.amountPaise, 0)).toBe(q.subtotalPaise);
    expect(q.subtotalPaise + q.gstPaise).toBe(q.totalPaise);
  });
});

describe('each line says how it was worked', () => {
  const quote = (input: B2bQuoteInput, c = card) => {
    const r = quoteB2b(input, c);
    if (!r.ok) throw new Error(r.message);
    return r.quote;
  };

  it('freight as kg × the rate, fuel as a percent of freight, FOV against its minimum', () => {
    const q = quote(rows[0].input);
    const basis = Object.fromEntries(q.lines.map((l) => [l.code, l.basis]));
    expect(basis.FREIGHT).toBe('300 kg × ₹12.50');
    expect(basis.FUEL).toBe('10% of ₹3,750.00 freight');
    expect(basis.FOV).toBe('the FOV minimum ₹100.00 (0.1% of ₹60,000.00 invoice value is ₹60.00)');
    expect(q.lines.map((l) => l.label)).toEqual(['Freight', 'Fuel surcharge', 'Docket fee', "FOV (owner's risk)"]);
  });

  it('says which weight was charged and why', () => {
    expect(quote(rows[0].input).weight.reason).toBe(
      'The actual weight 300 kg: the volumetric 211.89 kg at 1 CFT = 10 kg is not more',
    );
    expect(quote(rows[1].input).weight.reason).toBe(
      'The volumetric 915.36 kg at 1 CFT = 10 kg, rounded up to 916 kg: it is more than the actual 180 kg',
    );
    expect(quote(rows[2].input).weight.reason).toBe(
      'The minimum chargeable weight 20 kg: it is more than the actual 8 kg and the volumetric 4.24 kg at 1 CFT = 10 kg',
    );
    expect(quote(rows[7].input, divisorCard).weight.reason).toContain('L × B × H cm ÷ 4500');
  });

  it('FOV at the percentage once it passes the minimum; ODA by weight once it passes its minimum', () => {
    const q = quote(rows[4].input);
    const basis = Object.fromEntries(q.lines.map((l) => [l.code, l.basis]));
    expect(basis.FOV).toBe('0.1% of ₹2,50,000.00 invoice value = ₹250.00 (above the ₹100.00 minimum)');
    expect(basis.ODA).toBe('883 kg × ₹5.00 = ₹4,415.00 (above the ₹800.00 minimum)');
    expect(Object.fromEntries(quote(rows[3].input).lines.map((l) => [l.code, l.basis])).ODA).toBe(
      'the ODA minimum ₹800.00 (100 kg × ₹5.00 is ₹500.00)',
    );
  });
});

describe('edge cases', () => {
  const input = rows[0].input;

  it('the FOV minimum against the percentage exactly at ₹1,00,000: 0.1 % is ₹100, the minimum itself', () => {
    const r = quoteB2b({ ...input, invoiceValuePaise: paiseOf(100_000) }, card);
    expect(r.ok && r.quote.lines.find((l) => l.code === 'FOV')?.amountPaise).toBe(paiseOf(100));
    const above = quoteB2b({ ...input, invoiceValuePaise: paiseOf(100_010) }, card);
    // 0.1 % of ₹1,00,010 = ₹100.01
    expect(above.ok && above.quote.lines.find((l) => l.code === 'FOV')?.amountPaise).toBe(10001);
  });

  it('a tie between actual and volumetric goes to actual; the minimum must be more than both', () => {
    // 4500 cm³ a kg: a 45 × 10 × 10 cm box of 1 kg is 1 kg either way
    const w = chargeableWeightOf([box(45, 10, 10, 1, 30)], { kind: 'DIVISOR', cm3PerKg: 4500 }, 30);
    expect([w.actualKg, w.volumetricKg, w.chargeableKg, w.basis]).toEqual([30, 30, 30, 'ACTUAL']);
  });

  it('refuses zero boxes, naming the field', () => {
    expect(quoteB2b({ ...input, boxes: [] }, card)).toEqual({ ok: false, field: 'boxes', message: B2B_MSG.noBoxes });
    const parsed = v.safeParse(B2bQuoteInputSchema, { ...input, boxes: [] });
    expect(parsed.success).toBe(false);
    expect(parsed.issues && issueText(parsed.issues[0])).toBe('Boxes: add at least one box');
  });

  it("refuses a lane the card does not serve, and carrier's risk on a card without a rate for it", () => {
    expect(quoteB2b({ ...input, destinationZone: 'NE', originZone: 'S2' }, card)).toEqual({
      ok: false,
      field: 'destinationZone',
      message: 'This rate card has no rate from South 2 to North-East',
    });
    expect(quoteB2b({ ...input, risk: 'CARRIER' }, { ...card, fovCarrier: null })).toMatchObject({
      ok: false,
      field: 'risk',
    });
  });

  it('keeps huge values exact: ₹100 crore of invoices on 9,999 pallets', () => {
    const huge = {
      ...input,
      boxes: [box(1000, 1000, 1000, 5000, 9_999)],
      invoiceValuePaise: B2B_LIMITS.invoicePaiseMax,
    };
    expect(v.safeParse(B2bQuoteInputSchema, huge).success).toBe(true);
    const r = quoteB2b(huge, card);
    if (!r.ok) throw new Error(r.message);
    // volumetric 9,999 × 10⁹ cm³ = 353,112,... CFT × 10 kg: far above 49,995,000 kg actual
    expect(r.quote.weight.basis).toBe('VOLUMETRIC');
    expect(Number.isSafeInteger(r.quote.totalPaise)).toBe(true);
    // FOV 0.1 % of ₹100 crore = ₹10 lakh
    expect(r.quote.lines.find((l) => l.code === 'FOV')?.amountPaise).toBe(paiseOf(10_00_000));
    expect(r.quote.lines.reduce((s, l) => s + l.amountPaise, 0)).toBe(r.quote.subtotalPaise);
    expect(
      v.safeParse(B2bQuoteInputSchema, { ...huge, invoiceValuePaise: B2B_LIMITS.invoicePaiseMax + 1 }).success,
    ).toBe(false);
  });

  it('names each bad field by its label', () => {
    const bad = (patch: Record<string, unknown>) => {
      const r = v.safeParse(B2bQuoteInputSchema, { ...input, ...patch });
      return r.issues ? issueText(r.issues[0]) : 'accepted';
    };
    expect(bad({ boxes: [{ ...box(50, 40, 30, 30, 0) }] })).toBe('Number of boxes must be at least 1');
    expect(bad({ boxes: [{ ...box(50, 40, 30, 30, 1.5) }] })).toBe('Number of boxes must be a whole number');
    expect(bad({ boxes: [{ ...box(0, 40, 30, 30, 1) }] })).toBe('Length (cm) must be a positive number');
    expect(bad({ boxes: [{ ...box(50, 40, 3000, 30, 1) }] })).toBe('Height (cm) must be at most 1000 cm');
    expect(bad({ invoiceValuePaise: 0 })).toBe('Invoice value must be above zero');
    expect(bad({ invoiceValuePaise: 12.5 })).toBe('Invoice value must be in whole paise');
    expect(bad({ originZone: 'X' })).toBe('Pickup region must be one of N1, N2, W1, W2, S1, S2, E, NE');
    expect(bad({ risk: 'NONE' })).toBe('Risk must be one of Owner, Carrier');
  });

  it('rounds a percentage to the nearest paisa, a half up, without floating-point noise', () => {
    expect(percentOfPaise(1000, 0.1)).toBe(1);
    expect(percentOfPaise(5, 10)).toBe(1); // 0.5 paisa → 1
    expect(percentOfPaise(4, 10)).toBe(0);
    expect(percentOfPaise(2451_50 + 25, 18)).toBe(44132); // 44,131.5 → 44,132
    expect(showKg(915.3561)).toBe('915.36 kg');
  });
});

describe('B2B regions', () => {
  it('puts the metro regions first, then each state in its region', () => {
    expect(b2bZoneOf({ city: 'Gurugram', state: 'Haryana' })).toBe('N1');
    expect(b2bZoneOf({ city: 'New Delhi', state: 'Delhi' })).toBe('N1');
    expect(b2bZoneOf({ city: 'Ambala', state: 'Haryana' })).toBe('N2');
    expect(b2bZoneOf({ city: 'Thane', state: 'Maharashtra' })).toBe('W1');
    expect(b2bZoneOf({ city: 'Nagpur', state: 'Maharashtra' })).toBe('W2');
    expect(b2bZoneOf({ city: 'Bengaluru Urban', state: 'Karnataka' })).toBe('S1');
    expect(b2bZoneOf({ city: 'Mysuru', state: 'Karnataka' })).toBe('S2');
    expect(b2bZoneOf({ city: 'Kolkata', state: 'West Bengal' })).toBe('E');
    expect(b2bZoneOf({ city: 'Kamrup Metropolitan', state: 'Assam' })).toBe('NE');
    expect(b2bZoneOf({ city: 'Somewhere', state: 'Atlantis' })).toBeNull();
  });
});

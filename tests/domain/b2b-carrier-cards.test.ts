import { describe, expect, it } from 'vitest';
import { bookingChargeOf } from '../../src/domain/b2b/booking-charge';
import { FREIGHT_RATE_CARDS, laneClassOf } from '../../src/domain/b2b/carrier-cards';
import { B2B_MSG } from '../../src/domain/b2b/messages';
import { quoteB2b, type B2bQuoteInput, type ChargeCode } from '../../src/domain/b2b/quote';
import type { FreightCarrierCode } from '../../src/domain/b2b/order-facts';
import { paiseOf } from '../../src/domain/money';

// The freight carriers' cards (src/domain/b2b/carrier-cards.ts) through the rate engine, lane by
// lane, against figures worked by hand. The cards:
//   GT      ₹/kg WITHIN 7, REGIONAL 8.50, METRO 10, NATIONAL 12, NORTH_EAST 18; minimum 20 kg;
//           fuel 10 %; docket ₹100; FOV owner 0.1 % ≥ ₹100, carrier 0.3 % ≥ ₹300; ODA ₹5/kg ≥ ₹800;
//           appointment ₹500; green tax ₹100; to-pay ₹150
//   DE-LTL  ₹/kg WITHIN 6.50, REGIONAL 8, METRO 9.50, NATIONAL 11.50, no North-East; minimum 25 kg;
//           fuel 12 %; docket ₹125; FOV owner 0.1 % ≥ ₹100, no carrier's risk; ODA ₹5/kg ≥ ₹800;
//           appointment ₹400; green tax ₹100; to-pay ₹200
// Volumetric weight: 1 CFT (30.48³ = 28,316.846592 cm³) = 10 kg. GST 18 % of the subtotal.

const box = (l: number, b: number, h: number, weightKg: number, count: number) => ({
  lengthCm: l,
  breadthCm: b,
  heightCm: h,
  weightKg,
  count,
});
const base = { freightPayer: 'PAID', risk: 'OWNER', appointment: false, oda: false, greenTax: false } as const;

interface Row {
  name: string;
  input: B2bQuoteInput;
  carrier: FreightCarrierCode;
  kg: number;
  /** each line in rupees */
  lines: Partial<Record<ChargeCode, number>>;
  subtotal: number;
  gst: number;
  total: number;
  /** what booking takes from the wallet, in rupees */
  charge: number;
}

// 12 boxes 60 × 40 × 40 cm of 18 kg, Delhi → Bengaluru (N1 → S1, a metro lane), two invoices
// ₹72,000 + ₹48,000 = ₹1,20,000. Actual 12 × 18 = 216 kg; volume 12 × 96,000 = 1,152,000 cm³
// = 40.682 CFT = 406.82 kg volumetric → 407 kg chargeable (volumetric, rounded up).
const twelveBoxes: B2bQuoteInput = {
  ...base,
  originZone: 'N1',
  destinationZone: 'S1',
  boxes: [box(60, 40, 40, 18, 12)],
  invoiceValuePaise: paiseOf(72_000) + paiseOf(48_000),
};

// 2 boxes 30 × 30 × 30 cm of 5 kg within Mumbai, to-pay, ₹20,000. Actual 10 kg; volume 54,000 cm³
// = 19.07 kg: both under either card's minimum, which is charged.
const small: B2bQuoteInput = {
  ...base,
  freightPayer: 'TO_PAY',
  originZone: 'W1',
  destinationZone: 'W1',
  boxes: [box(30, 30, 30, 5, 2)],
  invoiceValuePaise: paiseOf(20_000),
};

// 1 pallet 100 × 80 × 60 cm of 120 kg, Delhi → the North-East, carrier's risk, ODA, an
// appointment, ₹2,00,000. Volume 480,000 cm³ = 169.51 kg volumetric → 170 kg.
const northEast: B2bQuoteInput = {
  ...base,
  risk: 'CARRIER',
  appointment: true,
  oda: true,
  originZone: 'N1',
  destinationZone: 'NE',
  boxes: [box(100, 80, 60, 120, 1)],
  invoiceValuePaise: paiseOf(200_000),
};

// 10 boxes 40 × 30 × 30 cm of 30 kg, Haryana → Delhi (N2 → N1, within the North), green tax,
// ₹45,000. Actual 300 kg; volume 360,000 cm³ = 127.13 kg: the actual weight is charged.
const heavy: B2bQuoteInput = {
  ...base,
  greenTax: true,
  originZone: 'N2',
  destinationZone: 'N1',
  boxes: [box(40, 30, 30, 30, 10)],
  invoiceValuePaise: paiseOf(45_000),
};

// 5 boxes 50 × 50 × 50 cm of 20 kg, Gujarat → Bengal (W2 → E, across India), ₹80,000. Actual
// 100 kg; volume 625,000 cm³ = 220.72 kg volumetric → 221 kg.
const national: B2bQuoteInput = {
  ...base,
  originZone: 'W2',
  destinationZone: 'E',
  boxes: [box(50, 50, 50, 20, 5)],
  invoiceValuePaise: paiseOf(80_000),
};

const TABLE: Row[] = [
  {
    // 407 × ₹10 = ₹4,070; fuel 10 % = ₹407; docket ₹100; FOV 0.1 % × ₹1,20,000 = ₹120 (above ₹100)
    // subtotal ₹4,697; GST 18 % = ₹845.46; total ₹5,542.46, all of it charged (paid)
    name: '12 boxes, two invoices of ₹1,20,000, metro lane, Gati',
    input: twelveBoxes,
    carrier: 'GT',
    kg: 407,
    lines: { FREIGHT: 4070, FUEL: 407, DOCKET: 100, FOV: 120 },
    subtotal: 4697,
    gst: 845.46,
    total: 5542.46,
    charge: 5542.46,
  },
  {
    // 407 × ₹9.50 = ₹3,866.50; fuel 12 % = ₹463.98; docket ₹125; FOV ₹120
    // subtotal ₹4,575.48; GST 18 % = ₹823.5864 → ₹823.59; total ₹5,399.07
    name: '12 boxes, two invoices of ₹1,20,000, metro lane, Delhivery LTL',
    input: twelveBoxes,
    carrier: 'DE-LTL',
    kg: 407,
    lines: { FREIGHT: 3866.5, FUEL: 463.98, DOCKET: 125, FOV: 120 },
    subtotal: 4575.48,
    gst: 823.59,
    total: 5399.07,
    charge: 5399.07,
  },
  {
    // minimum 20 kg × ₹7 = ₹140; fuel ₹14; docket ₹100; FOV 0.1 % of ₹20,000 = ₹20, so the ₹100
    // minimum; to-pay ₹150; subtotal ₹504; GST ₹90.72; total ₹594.72. To-pay: booking takes the
    // fee and its GST only, ₹150 + ₹27 = ₹177
    name: 'two small boxes within Mumbai, to-pay, at the minimum weight, Gati',
    input: small,
    carrier: 'GT',
    kg: 20,
    lines: { FREIGHT: 140, FUEL: 14, DOCKET: 100, FOV: 100, TO_PAY: 150 },
    subtotal: 504,
    gst: 90.72,
    total: 594.72,
    charge: 177,
  },
  {
    // minimum 25 kg × ₹6.50 = ₹162.50; fuel 12 % = ₹19.50; docket ₹125; FOV ₹100; to-pay ₹200
    // subtotal ₹607; GST ₹109.26; total ₹716.26; booking takes ₹200 + ₹36 = ₹236
    name: 'two small boxes within Mumbai, to-pay, at the minimum weight, Delhivery LTL',
    input: small,
    carrier: 'DE-LTL',
    kg: 25,
    lines: { FREIGHT: 162.5, FUEL: 19.5, DOCKET: 125, FOV: 100, TO_PAY: 200 },
    subtotal: 607,
    gst: 109.26,
    total: 716.26,
    charge: 236,
  },
  {
    // 170 × ₹18 = ₹3,060; fuel ₹306; docket ₹100; carrier's risk 0.3 % × ₹2,00,000 = ₹600 (above
    // ₹300); ODA 170 × ₹5 = ₹850 (above ₹800); appointment ₹500; subtotal ₹5,416; GST ₹974.88;
    // total ₹6,390.88
    name: 'a pallet to the North-East, carrier’s risk, ODA and an appointment, Gati',
    input: northEast,
    carrier: 'GT',
    kg: 170,
    lines: { FREIGHT: 3060, FUEL: 306, DOCKET: 100, FOV: 600, ODA: 850, APPOINTMENT: 500 },
    subtotal: 5416,
    gst: 974.88,
    total: 6390.88,
    charge: 6390.88,
  },
  {
    // 300 × ₹8.50 = ₹2,550; fuel ₹255; docket ₹100; FOV ₹45 → ₹100; green tax ₹100
    // subtotal ₹3,105; GST ₹558.90; total ₹3,663.90
    name: 'heavy boxes into Delhi, green tax, Gati',
    input: heavy,
    carrier: 'GT',
    kg: 300,
    lines: { FREIGHT: 2550, FUEL: 255, DOCKET: 100, FOV: 100, GREEN_TAX: 100 },
    subtotal: 3105,
    gst: 558.9,
    total: 3663.9,
    charge: 3663.9,
  },
  {
    // 300 × ₹8 = ₹2,400; fuel 12 % = ₹288; docket ₹125; FOV ₹100; green tax ₹100
    // subtotal ₹3,013; GST ₹542.34; total ₹3,555.34
    name: 'heavy boxes into Delhi, green tax, Delhivery LTL',
    input: heavy,
    carrier: 'DE-LTL',
    kg: 300,
    lines: { FREIGHT: 2400, FUEL: 288, DOCKET: 125, FOV: 100, GREEN_TAX: 100 },
    subtotal: 3013,
    gst: 542.34,
    total: 3555.34,
    charge: 3555.34,
  },
  {
    // 221 × ₹12 = ₹2,652; fuel ₹265.20; docket ₹100; FOV ₹80 → ₹100
    // subtotal ₹3,117.20; GST ₹561.096 → ₹561.10; total ₹3,678.30
    name: 'light, bulky boxes across India, Gati',
    input: national,
    carrier: 'GT',
    kg: 221,
    lines: { FREIGHT: 2652, FUEL: 265.2, DOCKET: 100, FOV: 100 },
    subtotal: 3117.2,
    gst: 561.1,
    total: 3678.3,
    charge: 3678.3,
  },
  {
    // 221 × ₹11.50 = ₹2,541.50; fuel 12 % = ₹304.98; docket ₹125; FOV ₹100
    // subtotal ₹3,071.48; GST ₹552.8664 → ₹552.87; total ₹3,624.35
    name: 'light, bulky boxes across India, Delhivery LTL',
    input: national,
    carrier: 'DE-LTL',
    kg: 221,
    lines: { FREIGHT: 2541.5, FUEL: 304.98, DOCKET: 125, FOV: 100 },
    subtotal: 3071.48,
    gst: 552.87,
    total: 3624.35,
    charge: 3624.35,
  },
];

describe('the freight carriers’ cards, by lane and weight', () => {
  it.each(TABLE)('$name', (row) => {
    const result = quoteB2b(row.input, FREIGHT_RATE_CARDS[row.carrier]);
    if (!result.ok) throw new Error(result.message);
    const { quote } = result;
    expect(quote.weight.chargeableKg).toBe(row.kg);
    expect(Object.fromEntries(quote.lines.map((l) => [l.code, l.amountPaise]))).toEqual(
      Object.fromEntries(Object.entries(row.lines).map(([code, rupees]) => [code, paiseOf(rupees)])),
    );
    expect(quote.subtotalPaise).toBe(paiseOf(row.subtotal));
    expect(quote.gstPaise).toBe(paiseOf(row.gst));
    expect(quote.totalPaise).toBe(paiseOf(row.total));
    expect(bookingChargeOf(quote, row.input.freightPayer)).toBe(paiseOf(row.charge));
  });

  it('Delhivery LTL refuses the North-East in words', () => {
    expect(quoteB2b(northEast, FREIGHT_RATE_CARDS['DE-LTL'])).toEqual({
      ok: false,
      field: 'destinationZone',
      message: B2B_MSG.laneNotServed('N1', 'NE'),
    });
  });

  it('Delhivery LTL offers owner’s risk only', () => {
    expect(quoteB2b({ ...twelveBoxes, risk: 'CARRIER' }, FREIGHT_RATE_CARDS['DE-LTL'])).toMatchObject({
      ok: false,
      message: B2B_MSG.carrierRiskNotOffered,
    });
  });

  it.each([
    ['N1', 'N1', 'WITHIN'],
    ['NE', 'NE', 'WITHIN'],
    ['N2', 'N1', 'REGIONAL'],
    ['S1', 'S2', 'REGIONAL'],
    ['W1', 'S1', 'METRO'],
    ['W2', 'E', 'NATIONAL'],
    ['N1', 'S2', 'NATIONAL'],
    ['E', 'NE', 'NORTH_EAST'],
  ] as const)('the lane %s → %s is %s', (from, to, lane) => {
    expect(laneClassOf(from, to)).toBe(lane);
  });
});

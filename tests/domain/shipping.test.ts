import { describe, expect, it } from 'vitest';
import { CARRIER_BY_CODE, CARRIERS, pincodeDraw, unserviceable } from '../../src/domain/shipping/carriers';
import { daysToDeliver, estimatedDeliveryDate } from '../../src/domain/shipping/delivery-date';
import { quoteParcel, type RateCard } from '../../src/domain/shipping/rates';
import { zoneOf } from '../../src/domain/shipping/zones';
import { invoiceTotals } from '../../src/domain/gst-invoice';
import { scanTitle } from '../../src/domain/shipping/courier-status';

const place = (city: string, state: string) => ({ city, state });
const BLR = place('Bengaluru', 'Karnataka');

describe('zones', () => {
  it.each([
    [BLR, place('Bengaluru', 'Karnataka'), 'A', 'one city'],
    [place('South West Delhi', 'Delhi'), place('New Delhi', 'Delhi'), 'A', 'two districts of the Delhi metro'],
    [place('Mumbai', 'Maharashtra'), place('Mumbai Suburban', 'Maharashtra'), 'A', 'Mumbai and its suburbs'],
    [BLR, place('Mysuru', 'Karnataka'), 'B', 'within a state'],
    [place('Mumbai', 'Maharashtra'), place('Pune', 'Maharashtra'), 'B', 'two metros of one state'],
    [BLR, place('Kolkata', 'West Bengal'), 'C', 'metro to metro'],
    [place('New Delhi', 'Delhi'), place('Chennai', 'Tamil Nadu'), 'C', 'Delhi to Chennai'],
    [place('Jaipur', 'Rajasthan'), BLR, 'D', 'a city to a metro'],
    [place('Jaipur', 'Rajasthan'), place('Ernakulam', 'Kerala'), 'D', 'rest of India'],
    [BLR, place('Kamrup', 'Assam'), 'E', 'to the North-East'],
    [place('Srinagar', 'Jammu and Kashmir'), place('Jaipur', 'Rajasthan'), 'E', 'from Jammu and Kashmir'],
    [place('South Andaman', 'Andaman and Nicobar Islands'), place('Chennai', 'Tamil Nadu'), 'E', 'from the islands'],
    [place('Kamrup', 'Assam'), place('Kamrup', 'Assam'), 'A', 'within Guwahati'],
    [place('Kamrup', 'Assam'), place('Jorhat', 'Assam'), 'E', 'within Assam'],
  ] as const)('%o → %o is zone %s (%s)', (from, to, zone, _why) => {
    expect(zoneOf(from, to)).toBe(zone);
  });
});

// a card with round numbers, to check by hand
const CARD: RateCard = {
  zones: {
    A: { firstSlabPaise: 3000, nextSlabPaise: 2800 },
    B: { firstSlabPaise: 3500, nextSlabPaise: 3200 },
    C: { firstSlabPaise: 4200, nextSlabPaise: 3800 },
    D: { firstSlabPaise: 4800, nextSlabPaise: 4400 },
    E: { firstSlabPaise: 6200, nextSlabPaise: 5800 },
  },
  minChargeableKg: 0.5,
  codFixedPaise: 3500,
  codPercent: 1.75,
  rtoPercent: 100,
};
const box = { lengthCm: 10, breadthCm: 10, heightCm: 10 }; // 0.2 kg volumetric

describe('rates', () => {
  it.each([
    // dead kg, dims, zone, charged kg, slabs, freight
    [0.1, box, 'A', 0.5, 1, 3000],
    [0.5, box, 'A', 0.5, 1, 3000],
    [0.51, box, 'A', 1, 2, 5800],
    [1.0, box, 'B', 1, 2, 6700],
    [1.01, box, 'C', 1.5, 3, 4200 + 2 * 3800],
    [0.4, { lengthCm: 30, breadthCm: 25, heightCm: 10 }, 'D', 1.5, 3, 4800 + 2 * 4400], // volumetric 1.5 kg beats dead 0.4
    [2.2, { lengthCm: 30, breadthCm: 25, heightCm: 10 }, 'E', 2.5, 5, 6200 + 4 * 5800],
  ] as const)('%s kg in %o, zone %s: %s kg, %s slabs, %s paise', (dead, dims, zone, charged, slabs, freight) => {
    const q = quoteParcel(CARD, zone, { deadWeightKg: dead, ...dims, paymentMethod: 'PPD', codAmountPaise: 0 });
    expect(q).toMatchObject({
      chargedWeightKg: charged,
      slabs,
      freightPaise: freight,
      codChargePaise: 0,
      gstPaise: Math.round(freight * 0.18),
      totalPaise: freight + Math.round(freight * 0.18),
      rtoChargePaise: freight,
    });
  });

  it('charges the higher COD fee: fixed below the crossover, percent above it (crossover at ₹2,000)', () => {
    const cod = (amount: number) =>
      quoteParcel(CARD, 'A', { deadWeightKg: 0.5, ...box, paymentMethod: 'COD', codAmountPaise: amount })
        .codChargePaise;
    expect(cod(100_000)).toBe(3500); // 1.75% of ₹1,000 = ₹17.50 < ₹35
    expect(cod(199_900)).toBe(3500); // ₹34.98
    expect(cod(200_000)).toBe(3500); // exactly ₹35 either way
    expect(cod(200_100)).toBe(3502); // ₹35.02
    expect(cod(1_000_000)).toBe(17_500);
    const q = quoteParcel(CARD, 'A', { deadWeightKg: 0.5, ...box, paymentMethod: 'COD', codAmountPaise: 1_000_000 });
    expect(q).toMatchObject({
      freightPaise: 3000,
      codChargePaise: 17_500,
      gstPaise: Math.round(20_500 * 0.18),
      totalPaise: 20_500 + 3690,
    });
    expect(q.steps).toEqual([
      'Zone A: Within city',
      'Charged weight 0.5 kg: dead 0.5 kg (volumetric 0.2 kg), rounded up to 0.5 kg slabs',
      'Freight ₹30.00 for the first 0.5 kg',
      'COD fee ₹175.00: 1.75% of ₹10,000.00 (above the ₹35.00 minimum)',
      'GST 18% ₹36.90',
      'Total ₹241.90',
    ]);
  });

  it('says how a volumetric weight and a heavy-service minimum were charged', () => {
    const q = quoteParcel(CARD, 'D', {
      deadWeightKg: 0.4,
      lengthCm: 30,
      breadthCm: 25,
      heightCm: 10,
      paymentMethod: 'PPD',
      codAmountPaise: 0,
    });
    expect(q.steps[1]).toBe(
      'Charged weight 1.5 kg: volumetric 1.5 kg is more than dead 0.4 kg, rounded up to 0.5 kg slabs',
    );
    expect(q.steps[2]).toBe('Freight ₹136.00: ₹48.00 for the first 0.5 kg + 2 × ₹44.00');
    const heavy = quoteParcel({ ...CARD, minChargeableKg: 10 }, 'A', {
      deadWeightKg: 3,
      ...box,
      paymentMethod: 'PPD',
      codAmountPaise: 0,
    });
    expect(heavy).toMatchObject({ chargedWeightKg: 10, slabs: 20 });
    expect(heavy.steps[1]).toBe('Charged weight 10 kg: this service charges at least 10 kg');
  });
});

describe('the courier network', () => {
  it('has every carrier code of the spec, each with a card for every zone', () => {
    expect(CARRIERS.map((c) => c.code)).toEqual([
      'AZ',
      'SW-BD',
      'DE',
      'DEHW',
      'DEMW',
      'SW-EX',
      'EX',
      'SW-SM',
      'SF',
      'XB',
      'XBSDD',
      'EK',
      'UB',
      'GT',
    ]);
    for (const c of CARRIERS)
      for (const z of ['A', 'B', 'C', 'D', 'E'] as const) expect(c.rateCard.zones[z].firstSlabPaise).toBeGreaterThan(0);
  });

  it('serves a pincode the same way every time, not every pincode, and not cash everywhere', () => {
    expect(pincodeDraw('DE', '560038')).toBe(pincodeDraw('DE', '560038'));
    const pins = Array.from({ length: 2000 }, (_, i) => String(110001 + i * 37));
    const de = CARRIER_BY_CODE.get('DE')!;
    const lane = (to: string, paymentMethod: 'PPD' | 'COD') => ({
      fromPincode: '560038',
      toPincode: to,
      zone: 'D' as const,
      paymentMethod,
      weightKg: 1,
    });
    const prepaid = pins.filter((p) => unserviceable(de, lane(p, 'PPD')) === null).length;
    const cod = pins.filter((p) => unserviceable(de, lane(p, 'COD')) === null).length;
    expect(prepaid).toBeGreaterThan(1800);
    expect(prepaid).toBeLessThan(2000);
    expect(cod).toBeLessThan(prepaid);
  });

  it.each([
    ['GT', { weightKg: 30 }, 'Gati (B2B) carries business freight only'],
    ['DEHW', { weightKg: 3 }, 'Delhivery Heavy (10 kg+) is for parcels of 10 kg and more'],
    ['SF', { weightKg: 12 }, 'Shadowfax takes parcels up to 10 kg'],
    ['XBSDD', { zone: 'B' as const }, 'Xpressbees Same Day delivers within one city only'],
    ['SW-SM', { zone: 'E' as const }, 'Smartr Logistics does not deliver to this region'],
  ])('%s refuses with a reason', (code, over, reason) => {
    expect(
      unserviceable(CARRIER_BY_CODE.get(code)!, {
        fromPincode: '560038',
        toPincode: '560001',
        zone: 'A',
        paymentMethod: 'PPD',
        weightKg: 1,
        ...over,
      }),
    ).toBe(reason);
  });

  it('dates delivery in India, after pickup, skipping Sunday', () => {
    const carrier = {
      transitDays: { A: 1, B: 2, C: 3, D: 4, E: 6 },
      behaviour: { pickupDelayHours: 24, ndrRate: 0, rtoRate: 0, lossRate: 0, weightDiscrepancyRate: 0 },
    };
    // booked Monday 23 Nov 2026, 11:00 IST: picked up Tuesday, zone D +4 = Saturday 28th
    const monday = new Date('2026-11-23T05:30:00Z');
    expect(estimatedDeliveryDate(monday, carrier, 'D')).toBe('2026-11-28');
    // zone E +6 from Tuesday = Monday 30th; zone C +3 = Friday
    expect(estimatedDeliveryDate(monday, carrier, 'E')).toBe('2026-11-30');
    expect(estimatedDeliveryDate(monday, carrier, 'B')).toBe('2026-11-26');
    // +5 from Tuesday lands on Sunday 29th → Monday 30th
    expect(estimatedDeliveryDate(monday, { ...carrier, transitDays: { ...carrier.transitDays, D: 5 } }, 'D')).toBe(
      '2026-11-30',
    );
    // 23:00 IST on Sunday 22nd is still Sunday in India (17:30 UTC): picked up Monday
    expect(estimatedDeliveryDate(new Date('2026-11-22T17:30:00Z'), carrier, 'A')).toBe('2026-11-24');
    expect(daysToDeliver(monday, '2026-11-28')).toBe(5);
  });
});

describe('the seller’s GST invoice', () => {
  const items = [
    { name: 'Vase', hsnCode: '6913', quantity: 2, unitPricePaise: 112_000, taxRatePercent: 12 },
    { name: 'Kurta', hsnCode: '6211', quantity: 1, unitPricePaise: 105_000, taxRatePercent: 5 },
  ];
  it('takes tax out of GST-inclusive prices, line by line, CGST and SGST within a state', () => {
    const t = invoiceTotals(items, 0, 0, true);
    // 2 × ₹1,120 at 12%: taxable ₹2,000, tax ₹240; ₹1,050 at 5%: taxable ₹1,000, tax ₹50
    expect(t.lines.map((l) => [l.taxableValuePaise, l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
      [200_000, 12_000, 12_000, 0],
      [100_000, 2500, 2500, 0],
    ]);
    expect(t).toMatchObject({
      taxableValuePaise: 300_000,
      cgstPaise: 14_500,
      sgstPaise: 14_500,
      igstPaise: 0,
      totalPaise: 329_000,
    });
  });
  it('charges IGST across states, shares a discount by value and taxes shipping at 18%', () => {
    const t = invoiceTotals(items, 32_900, 11_800, false);
    expect(t.lines.map((l) => l.grossPaise)).toEqual([224_000 - 22_400, 105_000 - 10_500, 11_800]);
    expect(t.lines[2]).toMatchObject({ name: 'Shipping charges', taxableValuePaise: 10_000, igstPaise: 1_800 });
    expect(t.totalPaise).toBe(329_000 - 32_900 + 11_800);
    expect(t.cgstPaise + t.sgstPaise).toBe(0);
    expect(t.taxableValuePaise + t.igstPaise).toBe(t.totalPaise);
  });
});

describe('scan titles', () => {
  it('names each step of the way back, where the order status folds them into RTO In Transit', () => {
    expect(scanTitle('RTO_INITIATED', 'RTO In Transit')).toBe('RTO Initiated');
    expect(scanTitle('RTO_UNDELIVERED', 'RTO In Transit')).toBe('RTO Delivery Attempt Failed');
    expect(scanTitle('RTO_HELD', 'RTO In Transit')).toBe('RTO Held At Courier');
    expect(scanTitle('RTO_IN_TRANSIT', 'RTO In Transit')).toBe('RTO In Transit');
    expect(scanTitle('DELIVERED', 'Delivered')).toBe('Delivered');
  });
});

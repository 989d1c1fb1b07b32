import { describe, expect, it } from 'vitest';
import {
  HYPERLOCAL_BY_CODE,
  chargedKm,
  haversineKm,
  hyperlocalPrice,
  hyperlocalRefusal,
  openSlots,
  slotLabel,
  slotWindow,
} from '../../src/domain/shipping/hyperlocal';
import { mapCourierStatus } from '../../src/domain/shipping/courier-codes';
import { carrierName } from '../../src/domain/shipping/carriers';

const zip = 'HL-ZIP';
const city = 'HL-CITY';
const partner = (code: string) => HYPERLOCAL_BY_CODE.get(code)!;

describe('hyperlocal rules', () => {
  it.each([
    // from, to, km (published great-circle distances, ±1%)
    [{ lat: 28.6139, lon: 77.209 }, { lat: 19.076, lon: 72.8777 }, 1153],
    [{ lat: 12.9716, lon: 77.5946 }, { lat: 13.0827, lon: 80.2707 }, 290],
    [{ lat: 26.9196, lon: 75.7878 }, { lat: 26.879, lon: 75.7315 }, 7.1],
    [{ lat: 26.9196, lon: 75.7878 }, { lat: 26.9196, lon: 75.7878 }, 0],
  ])('haversine %o → %o is about %d km', (a, b, km) => {
    expect(haversineKm(a, b)).toBeCloseTo(km, km > 100 ? -1 : 0);
    expect(Math.abs(haversineKm(a, b) - km)).toBeLessThanOrEqual(Math.max(0.2, km * 0.01));
  });

  it.each([
    // partner, same city, km, kg, payment → refusal (null when it takes the parcel)
    [zip, true, 7.1, 1.5, 'PPD', null],
    [zip, true, 12, 10, 'PPD', null],
    [zip, true, 12.1, 1, 'PPD', 'Zippy Local delivers within 12 km of the pickup; this drop is 12.1 km away'],
    [zip, false, 3, 1, 'PPD', 'Zippy Local delivers within one city only'],
    [zip, true, 3, 10.5, 'PPD', 'Zippy Local takes parcels up to 10 kg'],
    [zip, true, 3, 1, 'COD', 'Zippy Local does not collect cash'],
    [zip, true, null, 1, 'PPD', 'Zippy Local cannot place one of the pincodes on its map'],
    [city, true, 27.4, 20, 'COD', null],
    [city, true, 35.2, 1, 'PPD', 'CityVan Express delivers within 35 km of the pickup; this drop is 35.2 km away'],
    [city, false, 1, 1, 'COD', 'CityVan Express delivers within one city only'],
  ] as const)('%s: same city %s, %s km, %s kg, %s → %s', (p, sameCity, distanceKm, weightKg, paymentMethod, reason) => {
    expect(hyperlocalRefusal(partner(p), { sameCity, distanceKm, weightKg, paymentMethod })).toBe(reason);
  });

  it.each([
    // partner, km, payment → charged km, freight, COD fee, GST, total (paise)
    [zip, 0, 'PPD', 1, 4500, 0, 810, 5310],
    [zip, 2, 'PPD', 2, 4500, 0, 810, 5310],
    [zip, 7.1, 'PPD', 8, 4500 + 6 * 900, 0, 1782, 11682],
    [city, 4.9, 'PPD', 5, 7000, 0, 1260, 8260],
    [city, 27.4, 'COD', 28, 7000 + 23 * 600, 2500, Math.round((20800 + 2500) * 0.18), 20800 + 2500 + 4194],
  ] as const)('%s prices %s km %s', (p, km, pay, ckm, freight, cod, gst, total) => {
    expect(chargedKm(km)).toBe(ckm);
    const price = hyperlocalPrice(partner(p), km, pay);
    expect(price).toMatchObject({
      chargedKm: ckm,
      freightPaise: freight,
      codChargePaise: cod,
      gstPaise: gst,
      totalPaise: total,
    });
    expect(price.steps[0]).toContain(`charged as ${ckm} km`);
  });

  it.each([
    // booked at (UTC) → open slots of Zippy (cut-off 90 min) and CityVan (180 min)
    ['2026-11-20T06:30:00Z', ['D0-14', 'D0-16', 'D0-18', 'D1-10', 'D1-14'], ['D0-16', 'D1-09', 'D1-13', 'D1-17']],
    [
      '2026-11-20T03:00:00Z',
      ['D0-10', 'D0-12', 'D0-14', 'D0-16', 'D0-18', 'D1-10', 'D1-14'],
      ['D0-12', 'D0-16', 'D1-09', 'D1-13', 'D1-17'],
    ],
    // 19:31 IST: only tomorrow's
    ['2026-11-20T14:01:00Z', ['D1-10', 'D1-14'], ['D1-09', 'D1-13', 'D1-17']],
    // 23:50 IST on the 20th: "tomorrow" is the 21st
    ['2026-11-20T18:20:00Z', ['D1-10', 'D1-14'], ['D1-09', 'D1-13', 'D1-17']],
  ])('booked at %s', (at, zipSlots, citySlots) => {
    expect(openSlots(partner(zip), new Date(at)).map((s) => s.id)).toEqual(zipSlots);
    expect(openSlots(partner(city), new Date(at)).map((s) => s.id)).toEqual(citySlots);
  });

  it('places a slot in India’s calendar and names it', () => {
    const tomorrow = partner(city).slots.find((s) => s.id === 'D1-09')!;
    expect(slotWindow(tomorrow, new Date('2026-11-20T18:20:00Z'))).toEqual({
      startsAt: new Date('2026-11-21T03:30:00Z'),
      endsAt: new Date('2026-11-21T07:30:00Z'),
    });
    // 00:10 IST on the 21st is already the 21st in India: tomorrow is the 22nd
    expect(slotWindow(tomorrow, new Date('2026-11-20T18:40:00Z')).startsAt).toEqual(new Date('2026-11-22T03:30:00Z'));
    expect(slotLabel(tomorrow)).toBe('Tomorrow 09:00–13:00');
    expect(slotLabel(partner(zip).slots[0])).toBe('Today 10:00–12:00');
  });

  it.each([
    ['HL-ZIP', 'courier_assigned', 'MANIFESTED'],
    ['HL-ZIP', 'parcel_picked_up', 'PICKED_UP'],
    ['HL-ZIP', 'delivery_started', 'IN_TRANSIT'],
    ['HL-ZIP', 'courier_arrived', 'OUT_FOR_DELIVERY'],
    ['HL-ZIP', 'finished', 'DELIVERED'],
    ['HL-CITY', 'allotted', 'MANIFESTED'],
    ['HL-CITY', 'started_for_drop', 'IN_TRANSIT'],
    ['HL-CITY', 'reached_drop', 'OUT_FOR_DELIVERY'],
    ['HL-CITY', 'ended', 'DELIVERED'],
    ['HL-CITY', 'finished', undefined],
    ['HL-ZIP', 'DELIVERED', undefined],
  ])('%s reports %s, read as %s', (code, word, ours) => {
    expect(mapCourierStatus(code, word)).toBe(ours);
  });

  it('names partners like couriers', () => {
    expect(carrierName('HL-CITY')).toBe('CityVan Express');
  });
});

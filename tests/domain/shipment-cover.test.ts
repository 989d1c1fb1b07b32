import { describe, expect, it } from 'vitest';
import {
  deliveredLate,
  delayProtectionPrice,
  freightCharged,
  insurancePayout,
  insurancePremium,
  insuranceRefusal,
  insuredByRule,
  isInsuranceClaim,
} from '../../src/domain/shipping/cover';

// The prices of cover in paise: the rate, the minimum, 18 % GST, rounding to the paisa.

describe('insurance premium', () => {
  it.each([
    // declared value → premium before GST, GST, total
    [1_000_00, 1_500, 270, 1_770], // ₹1,000 at 0.55 % is ₹5.50: the ₹15 minimum
    [1_450_00, 1_500, 270, 1_770],
    [2_727_27, 1_500, 270, 1_770], // ₹14.999…: still the minimum
    [2_800_00, 1_540, 277, 1_817], // ₹15.40 and GST ₹2.772 → ₹2.77
    [5_000_00, 2_750, 495, 3_245], // Shiprocket's ₹5,000 line: ₹27.50
    [12_345_67, 6_790, 1_222, 8_012], // ₹67.901 → ₹67.90; GST ₹12.222 → ₹12.22
    [25_00_000_00, 13_75_000, 2_47_500, 16_22_500], // the cover ceiling
  ])('₹%i paise insured costs %i + %i GST = %i', (value, price, gst, total) => {
    expect(insurancePremium(value)).toEqual({ pricePaise: price, gstPaise: gst, totalPaise: total });
  });

  it('refuses what cannot be insured', () => {
    expect(insuranceRefusal(0)).toMatch(/without a value/);
    expect(insuranceRefusal(25_00_000_01)).toMatch(/up to ₹25,00,000/);
    expect(insuranceRefusal(1)).toBeNull();
  });

  it('insures by the seller’s rule only above the line', () => {
    expect(insuredByRule(5_000_00, null)).toBe(false);
    expect(insuredByRule(5_000_00, 5_000_00)).toBe(false);
    expect(insuredByRule(5_000_01, 5_000_00)).toBe(true);
  });

  it('pays a claim at most the declared value, and only for a lost or damaged insured parcel', () => {
    expect(insurancePayout(2_000_00, 1_450_00)).toBe(1_450_00);
    expect(insurancePayout(1_000_00, 1_450_00)).toBe(1_000_00);
    expect(isInsuranceClaim(1_450_00, 'DAMAGED_BOX')).toBe(true);
    expect(isInsuranceClaim(1_450_00, 'WRONG_ITEM')).toBe(false);
    expect(isInsuranceClaim(0, 'NOT_RECEIVED')).toBe(false);
  });
});

describe('delay protection', () => {
  it.each([
    [3_000, 500, 90, 590], // 10 % is ₹3: the ₹5 minimum
    [12_345, 1_235, 222, 1_457], // ₹12.345 → ₹12.35 (half up); GST ₹2.223 → ₹2.22
    [80_000, 8_000, 1_440, 9_440],
  ])('on freight %i paise costs %i + %i GST = %i', (freight, price, gst, total) => {
    expect(delayProtectionPrice(freight)).toEqual({ pricePaise: price, gstPaise: gst, totalPaise: total });
  });

  it('credits the freight charged with its GST, not the COD fee, when delivered after the promised day (IST)', () => {
    // a ₹160.48 booking with a ₹36 COD fee (GST ₹6.48): ₹118.00 of it was freight with GST
    expect(freightCharged(16_048, 3_600)).toBe(16_048 - 3_600 - 648);
    expect(deliveredLate('2026-11-29', '2026-11-28')).toBe(true);
    expect(deliveredLate('2026-11-28', '2026-11-28')).toBe(false);
    expect(deliveredLate('2026-11-29', null)).toBe(false);
  });
});

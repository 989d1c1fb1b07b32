import { describe, expect, it } from 'vitest';
import { bandOf, BAND_EDGES, riskLabel } from '../../src/domain/risk/bands';
import { NO_OUTCOMES, type RiskFacts } from '../../src/domain/risk/facts';
import { pincodeCodRate, riskFeatures } from '../../src/domain/risk/features';
import { scoreRisk } from '../../src/domain/risk/model';
import { STARTER_MODEL } from '../../src/domain/risk/starter-model';

// The RTO risk's pure parts: features from an order and its history, bands, and the reasons in
// the seller's words (₹ in Indian grouping).

const plain: RiskFacts = {
  paymentMethod: 'PPD',
  totalPaise: 80_000,
  address: '12, 4th Cross, Indiranagar',
  pincodeCod: NO_OUTCOMES,
  districtCod: NO_OUTCOMES,
  buyerWithSeller: NO_OUTCOMES,
  buyerAcrossSellers: NO_OUTCOMES,
};

describe('RTO risk', () => {
  it('bands a score by its edges', () => {
    expect(bandOf(0)).toBe('LOW');
    expect(bandOf(BAND_EDGES.MEDIUM - 0.001)).toBe('LOW');
    expect(bandOf(BAND_EDGES.MEDIUM)).toBe('MEDIUM');
    expect(bandOf(BAND_EDGES.HIGH)).toBe('HIGH');
    expect(riskLabel('HIGH', 0.423)).toBe('High RTO risk (42 %)');
  });

  it('smooths a pincode with few parcels toward its area, and its area toward the base', () => {
    expect(pincodeCodRate(plain, 0.2)).toBeCloseTo(0.2, 5);
    const few = { ...plain, pincodeCod: { finished: 2, returned: 2 } };
    expect(pincodeCodRate(few, 0.2)).toBeGreaterThan(0.2);
    expect(pincodeCodRate(few, 0.2)).toBeLessThan(0.5);
    const many = { ...plain, pincodeCod: { finished: 1000, returned: 310 } };
    expect(pincodeCodRate(many, 0.2)).toBeCloseTo(0.309, 2);
  });

  it('reads the address: no house number, very short', () => {
    expect(riskFeatures(plain, 0.2).noHouseNumber).toBe(0);
    const vague = riskFeatures({ ...plain, address: 'Near temple' }, 0.2);
    expect(vague.noHouseNumber).toBe(1);
    expect(vague.shortAddress).toBe(1);
  });

  it('a prepaid order with a good address and no history is low risk, with nothing to tell', () => {
    const s = scoreRisk(STARTER_MODEL, plain);
    expect(s.band).toBe('LOW');
    expect(s.reasons).toEqual([]);
  });

  it('tells what weighs most, heaviest first, at most three, in rupees and percent', () => {
    const risky: RiskFacts = {
      paymentMethod: 'COD',
      totalPaise: 4_25_000,
      address: 'Near temple',
      pincodeCod: { finished: 100, returned: 31 },
      districtCod: { finished: 400, returned: 100 },
      buyerWithSeller: { finished: 3, returned: 2 },
      buyerAcrossSellers: { finished: 3, returned: 2 },
    };
    const s = scoreRisk(STARTER_MODEL, risky);
    expect(s.band).toBe('HIGH');
    expect(s.reasons).toHaveLength(3);
    expect(s.reasons).toContain('COD over ₹3,000');
    expect(s.reasons).toContain('Address is very short and has no house number');
    const small = scoreRisk(STARTER_MODEL, { ...risky, totalPaise: 1_25_000, address: '5, Main Road, Ward 9' });
    expect(small.reasons).toEqual(
      expect.arrayContaining(['Cash on delivery of ₹1,250', 'Buyer returned 2 of 3 orders']),
    );
    expect(small.reasons).toContain('Pincode returns 31 % of COD parcels');
  });

  it('tells other sellers’ returns only as a whole', () => {
    const s = scoreRisk(STARTER_MODEL, {
      ...plain,
      paymentMethod: 'COD',
      buyerAcrossSellers: { finished: 6, returned: 5 },
    });
    expect(s.reasons).toContain('Buyer’s parcels often come back to other sellers');
    expect(s.reasons.join(' ')).not.toMatch(/5/);
  });
});

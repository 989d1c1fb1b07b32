import { describe, expect, it } from 'vitest';
import { CARRIER_BY_CODE } from '../../src/domain/shipping/carriers';
import { planLife } from '../../server/carriers/sandbox/parcel-life';
import {
  firstAttemptFailRate,
  hiddenShift,
  trueRtoChance,
  type Consignee,
} from '../../server/carriers/sandbox/rto-world';

// The sandbox world's hidden RTO factors: fixed for the same consignee, heavier for COD, a vague
// address and a costly parcel, and the true chance they give is the share of parcels that come back.

const profile = CARRIER_BY_CODE.get('DE')!;
const good: Consignee = {
  pincode: '560038',
  phone: '9988776655',
  address: '12, 4th Cross, Indiranagar',
  paymentMethod: 'PPD',
  codAmountPaise: 0,
};

describe('the sandbox world’s RTO factors', () => {
  it('keeps the profile’s own rate without a consignee', () => {
    expect(firstAttemptFailRate(profile)).toBe(profile.behaviour.ndrRate);
  });

  it('weighs COD, its amount and a vague address up', () => {
    const cod = { ...good, paymentMethod: 'COD' as const, codAmountPaise: 1_00_000 };
    expect(hiddenShift(cod)).toBeGreaterThan(hiddenShift(good));
    expect(hiddenShift({ ...cod, codAmountPaise: 5_00_000 })).toBeGreaterThan(hiddenShift(cod));
    expect(hiddenShift({ ...good, address: 'Near temple' })).toBeCloseTo(hiddenShift(good) + 1.3, 5);
    expect(hiddenShift(good)).toBe(hiddenShift({ ...good }));
  });

  it('the true chance is the share of the same consignee’s parcels that come back', () => {
    const cod = { ...good, paymentMethod: 'COD' as const, codAmountPaise: 2_00_000, address: 'Near temple' };
    let lived = 0;
    let back = 0;
    for (let i = 0; i < 20_000; i++) {
      const plan = planLife(profile, `DLTEST${i}`, { from: 'Jaipur', to: 'Bengaluru', transitDays: 3 }, cod);
      if (plan.some((s) => s.courierStatus === 'LOST')) continue;
      lived++;
      if (plan.some((s) => s.courierStatus === 'RTO_INITIATED')) back++;
    }
    expect(back / lived).toBeCloseTo(trueRtoChance(profile, cod), 1);
  });
});

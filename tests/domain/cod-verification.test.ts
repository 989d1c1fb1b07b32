import { describe, expect, it } from 'vitest';
import {
  afterWaitOutcome,
  AWAITING_REFUSAL,
  CANCELLED_REFUSAL,
  DEFAULT_VERIFICATION_SETTINGS,
  HELD_REFUSAL,
  isRiskyPincode,
  mayOverride,
  pincodeRiskPercent,
  shippingRefusal,
  verificationReasons,
  type OrderFacts,
  type VerificationSettings,
  type VerificationStanding,
} from '../../src/domain/cod-verification';

// The rules of COD verification, one row a case.

const on: VerificationSettings = { ...DEFAULT_VERIFICATION_SETTINGS, enabled: true };
const rules: VerificationSettings = {
  ...on,
  scope: 'RULES',
  minOrderValueRupees: 2000,
  riskyPincodes: true,
  minPastRtos: 2,
};
const quiet = { finished: 0, returned: 0 };
const order = (over: Partial<OrderFacts> = {}): OrderFacts => ({
  paymentMethod: 'COD',
  totalPaise: 1_500_00,
  pincode: quiet,
  pastRtos: 0,
  riskBand: 'LOW',
  ...over,
});
const byBand = (minRiskBand: VerificationSettings['minRiskBand']): VerificationSettings => ({
  ...on,
  scope: 'RULES',
  minRiskBand,
});

describe('which orders need their buyer’s confirmation', () => {
  it.each([
    ['settings off', DEFAULT_VERIFICATION_SETTINGS, order(), []],
    ['a prepaid order', on, order({ paymentMethod: 'PPD' }), []],
    ['every COD order', on, order(), ['Every COD order is verified']],
    ['rules: nothing matches', rules, order(), []],
    ['rules: value at the limit is not above it', rules, order({ totalPaise: 2000_00 }), []],
    ['rules: value above', rules, order({ totalPaise: 2000_01 }), ['Order value above ₹2,000']],
    ['rules: risky pincode', rules, order({ pincode: { finished: 40, returned: 14 } }), ['Pincode with 35% returns']],
    ['rules: pincode just under the threshold', rules, order({ pincode: { finished: 100, returned: 34 } }), []],
    ['rules: too few shipments to judge', rules, order({ pincode: { finished: 19, returned: 19 } }), []],
    ['rules: one RTO under a limit of two', rules, order({ pastRtos: 1 }), []],
    ['rules: two RTOs', rules, order({ pastRtos: 2 }), ['Buyer had 2 returns to origin with you']],
    [
      'rules: every reason at once',
      rules,
      order({ totalPaise: 5000_00, pincode: { finished: 20, returned: 10 }, pastRtos: 3 }),
      ['Order value above ₹2,000', 'Pincode with 50% returns', 'Buyer had 3 returns to origin with you'],
    ],
    [
      'rules: an unset rule is no rule',
      { ...rules, minOrderValueRupees: null, riskyPincodes: false },
      order({ totalPaise: 9000_00, pincode: { finished: 50, returned: 50 }, pastRtos: 1 }),
      [],
    ],
    // the RTO band rule: the chosen band or higher; an order without a band (scored before bands) never matches
    ['band medium: a low-risk order', byBand('MEDIUM'), order(), []],
    ['band medium: a medium-risk order', byBand('MEDIUM'), order({ riskBand: 'MEDIUM' }), ['Medium RTO risk']],
    ['band medium: a high-risk order', byBand('MEDIUM'), order({ riskBand: 'HIGH' }), ['High RTO risk']],
    ['band high: a medium-risk order', byBand('HIGH'), order({ riskBand: 'MEDIUM' }), []],
    ['band high: a high-risk order', byBand('HIGH'), order({ riskBand: 'HIGH' }), ['High RTO risk']],
    ['band high: an order without a band', byBand('HIGH'), order({ riskBand: null }), []],
    ['band rule off', byBand(null), order({ riskBand: 'HIGH' }), []],
    [
      'band beside the other rules: each that holds is a reason',
      { ...rules, minRiskBand: 'HIGH' },
      order({ totalPaise: 5000_00, riskBand: 'HIGH' }),
      ['Order value above ₹2,000', 'High RTO risk'],
    ],
    [
      'band beside the other rules: the band alone asks',
      { ...rules, minRiskBand: 'MEDIUM' },
      order({ riskBand: 'MEDIUM' }),
      ['Medium RTO risk'],
    ],
    [
      'every COD order: the band is not asked',
      { ...on, minRiskBand: 'HIGH' },
      order(),
      ['Every COD order is verified'],
    ],
  ] as const)('%s', (_, settings, facts, reasons) => {
    expect(verificationReasons(settings, facts)).toEqual(reasons);
  });
});

describe('pincode risk', () => {
  it.each([
    [{ finished: 0, returned: 0 }, null, false],
    [{ finished: 19, returned: 10 }, null, false],
    [{ finished: 20, returned: 7 }, 35, true],
    [{ finished: 20, returned: 6 }, 30, false],
    [{ finished: 200, returned: 69 }, 35, true],
  ])('%o → %s%%', (history, percent, risky) => {
    expect(pincodeRiskPercent(history)).toBe(percent);
    expect(isRiskyPincode(history)).toBe(risky);
  });
});

describe('shipping while verification stands', () => {
  const v = (over: Partial<VerificationStanding>): VerificationStanding => ({
    state: 'PENDING',
    appliedRule: null,
    overridden: false,
    ...over,
  });
  it.each([
    ['no verification', null, null, false],
    ['awaiting', v({}), AWAITING_REFUSAL, true],
    ['awaiting, overridden', v({ overridden: true }), null, false],
    ['confirmed', v({ state: 'CONFIRMED' }), null, false],
    ['switched to prepaid', v({ state: 'SWITCHED' }), null, false],
    ['cancelled by buyer', v({ state: 'CANCELLED' }), CANCELLED_REFUSAL, false],
    ['expired, rule ship', v({ state: 'EXPIRED', appliedRule: 'SHIP' }), null, false],
    ['expired, rule hold', v({ state: 'EXPIRED', appliedRule: 'HOLD' }), HELD_REFUSAL, true],
    ['expired, hold overridden', v({ state: 'EXPIRED', appliedRule: 'HOLD', overridden: true }), null, false],
    ['expired, rule cancel', v({ state: 'EXPIRED', appliedRule: 'CANCEL' }), HELD_REFUSAL, false],
  ] as const)('%s', (_, standing, refusal, overridable) => {
    expect(shippingRefusal(standing)).toBe(refusal);
    if (standing) expect(mayOverride(standing)).toBe(overridable);
  });

  it.each([
    ['SHIP', true, false],
    ['HOLD', false, false],
    ['CANCEL', false, true],
  ] as const)('after the wait, rule %s: shippable %s, cancels %s', (rule, shippable, cancelOrder) => {
    expect(afterWaitOutcome(rule)).toMatchObject({ shippable, cancelOrder });
  });
});

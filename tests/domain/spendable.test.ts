import { describe, expect, it } from 'vitest';
import {
  heldText,
  refusalText,
  shortfallPaise,
  spendablePaise,
  spendableText,
  topUpPaise,
  topUpPayment,
  type HeldFor,
  type WalletFigures,
} from '../../src/domain/spendable';

// The one rule of what a seller can spend (balance − held + credit limit), its shortfall, the
// top-up that makes a payment go through (whole rupees, at least the ₹100 least recharge), and
// the words every refusal uses.

const w = (balancePaise: number, heldPaise = 0, creditLimitPaise = 0): WalletFigures => ({
  balancePaise,
  heldPaise,
  creditLimitPaise,
});
const weight = (amountPaise: number, count = 1): HeldFor[] => [{ purpose: 'WEIGHT_DISPUTE', count, amountPaise }];

describe('what a seller can spend', () => {
  it.each([
    // [case, wallet, need, spendable, shortfall, top-up]
    ['the issue: ₹2,589.02 with ₹148.68 held, a ₹253.70 shipment', w(258_902, 14_868), 25_370, 244_034, 0, 0],
    [
      'the issue: the Premium year of ₹5,841.00 after topping up ₹3,252',
      w(584_102, 14_868),
      584_100,
      569_234,
      14_866,
      14_900,
    ],
    ['no hold, no credit, exactly enough', w(10_000), 10_000, 10_000, 0, 0],
    ['one paisa short: the least recharge is offered', w(9_999), 10_000, 9_999, 1, 10_000],
    [
      'the issue: ₹252.22 with ₹148.68 held, a ₹253.70 shipment is ₹150.16 short: ₹151 offered',
      w(25_222, 14_868),
      25_370,
      10_354,
      15_016,
      15_100,
    ],
    ['zero wallet, zero need', w(0), 0, 0, 0, 0],
    ['zero wallet, a ₹90 shipment: ₹100 least recharge', w(0), 9_000, 0, 9_000, 10_000],
    [
      'holds beyond the balance: negative spendable, the whole gap offered',
      w(10_000, 30_000),
      5_000,
      -20_000,
      25_000,
      25_000,
    ],
    ['postpaid: the credit limit is spendable', w(0, 0, 50_000), 40_000, 50_000, 0, 0],
    ['postpaid owing: negative balance within the limit', w(-30_000, 0, 50_000), 25_000, 20_000, 5_000, 10_000],
    [
      'postpaid with a hold: held money is not spendable on credit either',
      w(-30_000, 10_000, 50_000),
      15_000,
      10_000,
      5_000,
      10_000,
    ],
    ['nothing to pay is never short, even with holds beyond the balance', w(0, 5_000), 0, -5_000, 0, 0],
    ['a negative need (money in) is never short', w(0, 5_000), -1_000, -5_000, 0, 0],
  ])('%s', (_case, wallet, need, spendable, short, topUp) => {
    expect(spendablePaise(wallet)).toBe(spendable);
    expect(shortfallPaise(wallet, need)).toBe(short);
    expect(topUpPaise(wallet, need)).toBe(topUp);
    // the top-up offered always lets the payment through
    if (topUp > 0) expect(shortfallPaise({ ...wallet, balancePaise: wallet.balancePaise + topUp }, need)).toBe(0);
  });

  it('names the hold and what it is for, the credit limit, and nothing else when there is neither', () => {
    expect(spendableText(w(258_902, 14_868), weight(14_868))).toBe(
      'You can spend ₹2,440.34 (₹2,589.02 in your wallet, ₹148.68 held for a weight dispute)',
    );
    expect(spendableText(w(25_222), [])).toBe('You can spend ₹252.22');
    expect(spendableText(w(-30_000, 0, 50_000), [])).toBe(
      'You can spend ₹200.00 (-₹300.00 in your wallet, ₹500.00 credit limit)',
    );
    expect(
      heldText(w(0, 40_000), [
        { purpose: 'WEIGHT_DISPUTE', count: 3, amountPaise: 30_000 },
        { purpose: 'OTHER', count: 1, amountPaise: 10_000 },
      ]),
    ).toBe('₹300.00 held for 3 weight disputes, ₹100.00 held for a pending charge');
  });

  it('a refusal gives the cost, what can be spent and why, and the top-up, in Indian rupees', () => {
    expect(
      refusalText(w(584_102, 14_868), weight(14_868), 584_100, {
        what: 'The Premium plan (yearly)',
        verb: 'upgrade',
      }),
    ).toBe(
      'Insufficient wallet balance. The Premium plan (yearly) costs ₹5,841.00. You can spend ₹5,692.34 (₹5,841.02 in your wallet, ₹148.68 held for a weight dispute). Recharge at least ₹149.00 to upgrade.',
    );
  });
});

describe('a top-up paid at the gateway', () => {
  it('asks the shortfall rounded up to whole rupees, in rupees', () => {
    expect(topUpPayment(topUpPaise(w(10_000), 24_550))).toEqual({ rechargeAmount: 146 });
    expect(topUpPayment(topUpPaise(w(0), 5_000))).toEqual({ rechargeAmount: 100 });
  });
});

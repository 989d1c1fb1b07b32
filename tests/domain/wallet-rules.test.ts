import { describe, expect, it } from 'vitest';
import { orderTabCount, orderTabFilters, orderTabOf } from '../../src/domain/order-tabs';
import { walletEntryLabel, WALLET_ENTRY_TYPES } from '../../src/domain/wallet-entries';
import {
  checkRechargeAmount,
  couponBlocksPayment,
  couponCodeError,
  normaliseCouponCode,
  payablePaise,
  rechargeRangeText,
} from '../../src/domain/wallet-rules';

const LIMITS = { minRupees: 100, maxRupees: 500_000 };

describe('the recharge amount', () => {
  it('takes rupees with at most two decimals within the limits, in paise', () => {
    expect(checkRechargeAmount('1000.5', LIMITS)).toEqual({ ok: true, rupees: 1000.5, paise: 100_050 });
    expect(checkRechargeAmount(' 100 ', LIMITS)).toEqual({ ok: true, rupees: 100, paise: 10_000 });
    for (const bad of ['50', '500001', '10.123', 'abc', '', '-200'])
      expect(checkRechargeAmount(bad, LIMITS)).toEqual({
        ok: false,
        error: 'Enter an amount between ₹100 and ₹5,00,000',
      });
    expect(rechargeRangeText(LIMITS)).toBe('Between ₹100 and ₹5,00,000');
  });

  it('shows a payable amount only for a positive number', () => {
    expect(payablePaise('1000')).toBe(100_000);
    expect(payablePaise('0')).toBeNull();
    expect(payablePaise('x')).toBeNull();
  });
});

describe('the coupon code', () => {
  it('is upper case, 3 to 20 characters, and must be applied before paying', () => {
    expect(normaliseCouponCode('welcome10')).toBe('WELCOME10');
    expect(couponCodeError('')).toBeNull();
    expect(couponCodeError('AB')).toBe('Coupon code must be 3 to 20 characters');
    expect(couponCodeError('A'.repeat(21))).toBe('Coupon code must be 3 to 20 characters');
    expect(couponCodeError('WELCOME10')).toBeNull();
    expect(couponBlocksPayment('WELCOME10', null)).toBe(true);
    expect(couponBlocksPayment('WELCOME10', 'WELCOME10')).toBe(false);
    expect(couponBlocksPayment('  ', null)).toBe(false);
  });
});

describe('one list for the browser and the server', () => {
  it('names every wallet entry kind', () => {
    expect(walletEntryLabel('SHIPMENT_REFUND')).toBe('Refund of a cancelled shipment');
    expect(walletEntryLabel('REVERSAL')).toBe('Reversal');
    expect(walletEntryLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
    expect(walletEntryLabel('WEIGHT_REFUND')).toBe('Weight discrepancy refund');
    expect(walletEntryLabel('SUBSCRIPTION_CHARGE')).toBe('Plan subscription');
    expect(WALLET_ENTRY_TYPES).toHaveLength(18);
  });

  it('groups statuses into the orders tabs and counts them', () => {
    const counts = { RTS: 2, PKD: 1, INT: 3, OFD: 1, CAN: 4 };
    expect(orderTabCount(orderTabOf('transit'), counts)).toBe(5);
    expect(orderTabCount(orderTabOf('all'), counts)).toBe(11);
    expect(orderTabCount(orderTabOf('archived'), counts)).toBeNull();
    expect(orderTabOf('nonsense').key).toBe('all');
    expect(orderTabFilters(orderTabOf('rto'))).toEqual({ orderStatusCodes: 'RTO_INT,RTO_DLV', archived: undefined });
    expect(orderTabFilters(orderTabOf('archived'))).toEqual({ orderStatusCodes: undefined, archived: 'true' });
  });
});

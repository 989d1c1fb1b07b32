import * as v from 'valibot';
import { dayFilter } from '../../http/paging';
import { ADJUSTMENT } from '../../../src/domain/wallet-contract';
import { numberSchema } from '../../../src/domain/schemas/fields';
import { MONTH } from './invoices';
import { ENTRY_TYPES } from './history';

// Requests of the wallet area (the browser sends them from its own fields; no form validates
// them there, so they live beside the routes). Messages name the key; the router words it by label.

const GATEWAYS = ['phonepe', 'razorpay'] as const;

/** An amount in rupees: above zero, in whole paise. */
const rupees = (field: string) =>
  v.pipe(
    numberSchema(field),
    v.check((n) => Number.isFinite(n) && n > 0, `${field} must be above zero`),
    v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${field} may have at most 2 decimals (paise)`),
  );

export const CouponBody = v.object({
  couponCode: v.pipe(
    v.string('couponCode is required'),
    v.trim(),
    v.minLength(3, 'couponCode must be 3 to 20 characters'),
    v.maxLength(20, 'couponCode must be 3 to 20 characters'),
  ),
  rechargeAmount: rupees('rechargeAmount'),
});

export const PaymentBody = v.object({
  rechargeAmount: rupees('rechargeAmount'),
  couponCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20, 'couponCode must be 3 to 20 characters'))),
  gateway: v.optional(v.picklist(GATEWAYS, 'gateway must be phonepe or razorpay')),
});

const merchantTransactionId = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{1,34}$/, 'merchantTransactionId must be letters, digits, _ or -, under 35 characters'),
);
export const TxnParam = v.object({ merchantTransactionId });
export const PaymentStatusBody = v.object({ merchantTransactionId });
export const GatewayParam = v.object({ gateway: v.picklist(GATEWAYS, 'gateway must be phonepe or razorpay') });

export const MonthParam = v.object({ month: v.pipe(v.string(), v.regex(MONTH, 'month must be yyyy-mm')) });

export const DAY_RANGES = [['fromDate', 'toDate']] as const;
export const historyFilters = {
  fromDate: dayFilter('fromDate'),
  toDate: dayFilter('toDate'),
  type: v.optional(v.picklist(ENTRY_TYPES, `type must be one of ${ENTRY_TYPES.join(', ')}`)),
};

const reasonText = `reason must be ${ADJUSTMENT.reasonMin} to ${ADJUSTMENT.reasonMax} characters`;
export const AdjustmentBody = v.object({
  direction: v.picklist(['DEBIT', 'CREDIT'], 'direction must be DEBIT or CREDIT'),
  amount: v.pipe(
    rupees('amount'),
    v.maxValue(ADJUSTMENT.maxRupees, `amount must be at most ${ADJUSTMENT.maxRupees} rupees`),
  ),
  reason: v.pipe(
    v.string('reason is required'),
    v.trim(),
    v.minLength(ADJUSTMENT.reasonMin, reasonText),
    v.maxLength(ADJUSTMENT.reasonMax, reasonText),
  ),
});

export const CreditLimitBody = v.object({
  creditLimit: v.pipe(
    numberSchema('creditLimit'),
    v.minValue(0, 'creditLimit cannot be negative'),
    v.maxValue(10_000_000, 'creditLimit must be at most 10000000'),
  ),
});

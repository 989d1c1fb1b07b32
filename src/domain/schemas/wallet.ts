import * as v from 'valibot';
import { numberSchema } from './fields';
import { isWholePaise } from '../money';
import { dayFilter } from '../paging';
import { WALLET_ENTRY_LABELS } from '../wallet-entries';
import { oneOf } from './choice';

/** A staff hand adjustment: at most this many rupees at once, always with a reason. */
export const ADJUSTMENT = { maxRupees: 500_000, reasonMin: 5, reasonMax: 200 } as const;

// Staff requests on a seller's wallet: a hand adjustment and a postpaid credit limit, each with
// a reason. The staff form checks them with these schemas before sending; the server parses
// them again. Messages name the key; the router and the form word it by its label.

/** An amount in rupees: above zero, in whole paise. */
export const rupeesField = (field: string) =>
  v.pipe(
    numberSchema(field),
    v.check((n) => Number.isFinite(n) && n > 0, `${field} must be above zero`),
    v.check(isWholePaise, `${field} may have at most 2 decimals (paise)`),
  );

const reasonText = `reason must be ${ADJUSTMENT.reasonMin} to ${ADJUSTMENT.reasonMax} characters`;
const reason = v.pipe(
  v.string('reason is required'),
  v.trim(),
  v.minLength(ADJUSTMENT.reasonMin, reasonText),
  v.maxLength(ADJUSTMENT.reasonMax, reasonText),
);

/** The most a postpaid wallet may owe, in rupees. */
export const CREDIT_LIMIT_MAX_RUPEES = 10_000_000;

export const AdjustmentBody = v.object({
  direction: oneOf(['DEBIT', 'CREDIT'], 'direction'),
  amount: v.pipe(
    rupeesField('amount'),
    v.maxValue(ADJUSTMENT.maxRupees, `amount must be at most ${ADJUSTMENT.maxRupees} rupees`),
  ),
  reason,
  /** the form's key for this adjustment: a repeat with it (a double click, a retry) moves nothing more */
  idempotencyKey: v.pipe(
    v.string('idempotencyKey is required'),
    v.trim(),
    v.regex(/^[A-Za-z0-9:_-]{8,80}$/, 'idempotencyKey must be 8 to 80 letters, digits, :, _ or -'),
  ),
});
export type AdjustmentInput = v.InferOutput<typeof AdjustmentBody>;

export const CreditLimitBody = v.object({
  creditLimit: v.pipe(
    numberSchema('creditLimit'),
    v.minValue(0, 'creditLimit cannot be negative'),
    v.maxValue(CREDIT_LIMIT_MAX_RUPEES, `creditLimit must be at most ${CREDIT_LIMIT_MAX_RUPEES}`),
    v.check(isWholePaise, 'creditLimit may have at most 2 decimals (paise)'),
  ),
  reason,
});
export type CreditLimitInput = v.InferOutput<typeof CreditLimitBody>;

// The seller's wallet requests (the browser sends them from its own fields).

export const PAYMENT_GATEWAYS = ['phonepe', 'razorpay'] as const;

export const CouponBody = v.object({
  couponCode: v.pipe(
    v.string('couponCode is required'),
    v.trim(),
    v.minLength(3, 'couponCode must be 3 to 20 characters'),
    v.maxLength(20, 'couponCode must be 3 to 20 characters'),
  ),
  rechargeAmount: rupeesField('rechargeAmount'),
});

export const PaymentBody = v.object({
  rechargeAmount: rupeesField('rechargeAmount'),
  couponCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(20, 'couponCode must be 3 to 20 characters'))),
  gateway: v.optional(v.picklist(PAYMENT_GATEWAYS, 'gateway must be phonepe or razorpay')),
});

const merchantTransactionId = v.pipe(
  v.string(),
  v.regex(/^[A-Za-z0-9_-]{1,34}$/, 'merchantTransactionId must be letters, digits, _ or -, under 35 characters'),
);
export const TxnParam = v.object({ merchantTransactionId });
export const PaymentStatusBody = v.object({ merchantTransactionId });
export const GatewayParam = v.object({
  gateway: v.picklist(PAYMENT_GATEWAYS, 'gateway must be phonepe or razorpay'),
});

/** A calendar month, yyyy-mm. */
export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const MonthParam = v.object({ month: v.pipe(v.string(), v.regex(MONTH, 'month must be yyyy-mm')) });

/** Every kind of wallet entry the statement can be filtered by. */
export const ENTRY_TYPES = Object.keys(WALLET_ENTRY_LABELS) as [
  keyof typeof WALLET_ENTRY_LABELS,
  ...(keyof typeof WALLET_ENTRY_LABELS)[],
];
export const HISTORY_DAY_RANGES = [['fromDate', 'toDate']] as const;
export const historyFilters = {
  fromDate: dayFilter('fromDate'),
  toDate: dayFilter('toDate'),
  type: v.optional(oneOf(ENTRY_TYPES, 'type', 'walletEntry')),
};

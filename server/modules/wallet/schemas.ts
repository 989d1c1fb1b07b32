import * as v from 'valibot';
import { dayFilter } from '../../http/paging';
import { rupeesField } from '../../../src/domain/schemas/wallet';
import { MONTH } from './invoices';
import { ENTRY_TYPES } from './history';

// Requests of the wallet area (the browser sends them from its own fields; no form validates
// them there, so they live beside the routes). Messages name the key; the router words it by label.

const GATEWAYS = ['phonepe', 'razorpay'] as const;

const rupees = rupeesField;

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

export { AdjustmentBody, CreditLimitBody } from '../../../src/domain/schemas/wallet';

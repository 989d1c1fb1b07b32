import * as v from 'valibot';
import { STAFF_ROLE_CODES } from '../staff-permissions';
import { BILLING_FREQUENCIES, PLAN_CODES } from '../plans';
import { COUPON_CODE_LENGTH } from '../wallet-rules';
import { emailField, isoDayField, numberSchema, personNameField, phoneField, recordIdField } from './fields';
import { oneOf } from './choice';

// Staff console requests: each decision carries a reason the audit log keeps. The staff forms
// check the same schemas before sending; messages name the key, the router and forms say its label.

export const STAFF_REASON = { min: 5, max: 300 } as const;
const reasonText = `reason must be ${STAFF_REASON.min} to ${STAFF_REASON.max} characters`;
export const staffReason = v.pipe(
  v.string('reason is required'),
  v.trim(),
  v.minLength(STAFF_REASON.min, reasonText),
  v.maxLength(STAFF_REASON.max, reasonText),
);

/** Activate or deactivate a seller login (spec: PUT account status (accountId, activated)), with why. */
export const AccountStatusChangeBody = v.object({
  activated: v.boolean('activated must be true or false'),
  reason: staffReason,
});
export type AccountStatusChangeInput = v.InferInput<typeof AccountStatusChangeBody>;

/** Name a staff member as a Pro or Premium seller's key account manager, or none (null), with why. */
export const AccountManagerBody = v.object({
  managerId: v.nullable(recordIdField('managerId')),
  reason: staffReason,
});
export type AccountManagerInput = v.InferInput<typeof AccountManagerBody>;

/** Switch a seller's early access (the new orders page) on or off, with why. */
export const BetaFeaturesBody = v.object({
  enabled: v.boolean('enabled must be true or false'),
  reason: staffReason,
});
export type BetaFeaturesInput = v.InferInput<typeof BetaFeaturesBody>;

export const StaffRoleBody = v.object({
  staffRole: oneOf(STAFF_ROLE_CODES, 'staffRole', 'staffRole'),
  reason: staffReason,
});
export type StaffRoleInput = v.InferInput<typeof StaffRoleBody>;

/** A new staff login: the ADMIN names the person and the role; a temporary password is emailed. */
export const StaffCreateBody = v.object({
  firstName: personNameField('First name'),
  lastName: personNameField('Last name'),
  email: emailField,
  phone: phoneField,
  staffRole: StaffRoleBody.entries.staffRole,
});
export type StaffCreateInput = v.InferInput<typeof StaffCreateBody>;

export const PLAN_PRICE_MAX = 1_000_000;
export const PlanPriceBody = v.object({
  monthlyPrice: v.pipe(
    numberSchema('monthlyPrice'),
    v.integer('monthlyPrice must be whole rupees'),
    v.minValue(0, 'monthlyPrice cannot be negative'),
    v.maxValue(PLAN_PRICE_MAX, `monthlyPrice must be at most ${PLAN_PRICE_MAX}`),
  ),
  reason: staffReason,
});
export type PlanPriceInput = v.InferInput<typeof PlanPriceBody>;

const wholeRupees = (field: string, max: number) =>
  v.pipe(
    numberSchema(field),
    v.integer(`${field} must be whole rupees`),
    v.minValue(0, `${field} cannot be negative`),
    v.maxValue(max, `${field} must be at most ${max}`),
  );

export const COUPON_CODE_PATTERN = /^[A-Z0-9]+$/;

const couponFields = {
  description: v.pipe(
    v.string('description is required'),
    v.trim(),
    v.minLength(3, 'description must be 3 to 120 characters'),
    v.maxLength(120, 'description must be 3 to 120 characters'),
  ),
  category: v.picklist(['RECHARGE'], 'category must be RECHARGE'),
  subscriptionType: v.nullable(oneOf(PLAN_CODES, 'subscriptionType', 'plan')),
  billingFrequency: v.nullable(oneOf(BILLING_FREQUENCIES, 'billingFrequency', 'billingFrequency')),
  /** the least recharge, in rupees */
  rechargeAmount: wholeRupees('rechargeAmount', 500_000),
  bonusPercent: v.pipe(
    numberSchema('bonusPercent'),
    v.integer('bonusPercent must be a whole number'),
    v.minValue(0, 'bonusPercent cannot be negative'),
    v.maxValue(100, 'bonusPercent must be at most 100'),
  ),
  bonusFlat: wholeRupees('bonusFlat', 100_000),
  maxBonus: v.pipe(wholeRupees('maxBonus', 100_000), v.minValue(1, 'maxBonus must be at least 1')),
  validFrom: isoDayField('validFrom'),
  validUntil: isoDayField('validUntil'),
  usageLimit: v.nullable(
    v.pipe(
      numberSchema('usageLimit'),
      v.integer('usageLimit must be a whole number'),
      v.minValue(1, 'usageLimit must be at least 1'),
      v.maxValue(1_000_000, 'usageLimit must be at most 1000000'),
    ),
  ),
};

interface CouponTerms {
  validFrom: string;
  validUntil: string;
  bonusPercent: number;
  bonusFlat: number;
}
/** The terms no single field can check: validity in order, and some bonus. */
const couponTermsCheck = <T extends CouponTerms>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const c = dataset.value;
    if (c.validFrom > c.validUntil) addIssue({ message: 'validUntil must be on or after the Valid from date' });
    else if (c.bonusPercent <= 0 && c.bonusFlat <= 0)
      addIssue({ message: 'bonusPercent or Flat bonus must be above zero' });
  });

const updateObject = v.object(couponFields);
export const CouponUpdateBody = v.pipe(updateObject, couponTermsCheck<v.InferOutput<typeof updateObject>>());
export type CouponUpdateInput = v.InferOutput<typeof CouponUpdateBody>;

const createObject = v.object({
  couponCode: v.pipe(
    v.string('couponCode is required'),
    v.trim(),
    v.toUpperCase(),
    v.minLength(
      COUPON_CODE_LENGTH.min,
      `couponCode must be ${COUPON_CODE_LENGTH.min} to ${COUPON_CODE_LENGTH.max} characters`,
    ),
    v.maxLength(
      COUPON_CODE_LENGTH.max,
      `couponCode must be ${COUPON_CODE_LENGTH.min} to ${COUPON_CODE_LENGTH.max} characters`,
    ),
    v.regex(COUPON_CODE_PATTERN, 'couponCode may have only letters and digits'),
  ),
  ...couponFields,
});
export const CouponCreateBody = v.pipe(createObject, couponTermsCheck<v.InferOutput<typeof createObject>>());
export type CouponCreateInput = v.InferOutput<typeof CouponCreateBody>;

export const CouponStatusBody = v.object({ active: v.boolean('active must be true or false'), reason: staffReason });

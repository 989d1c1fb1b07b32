import { checkForm, numberOrUndefined, type FormCheck } from './schemas/form-check';
import {
  AccountManagerBody,
  AccountStatusChangeBody,
  BetaFeaturesBody,
  CouponCreateBody,
  CouponStatusBody,
  StaffCreateBody,
  CouponUpdateBody,
  PlanPriceBody,
  StaffRoleBody,
} from './schemas/staff';

// The staff console's decision and edit forms: what each draft sends, checked with the server's
// own schema (the form and the 400 say the same sentence), and what each says once saved.

export type StaffFormKind =
  | 'ACCOUNT_STATUS'
  | 'STAFF_STATUS'
  | 'ACCOUNT_MANAGER'
  | 'BETA_FEATURES'
  | 'STAFF_ROLE'
  | 'STAFF_CREATE'
  | 'PLAN_PRICE'
  | 'COUPON_CREATE'
  | 'COUPON_UPDATE'
  | 'COUPON_STATUS';

/** Every field of every form, as typed (the form shows only its own). */
export type StaffDraft = Record<string, string>;

const orNull = (text: string | undefined) => (text && text.trim() !== '' ? text : null);
const num = (text: string | undefined) => numberOrUndefined(text ?? '');

function couponBody(d: StaffDraft) {
  return {
    description: d.description ?? '',
    category: 'RECHARGE',
    subscriptionType: orNull(d.subscriptionType),
    billingFrequency: orNull(d.billingFrequency),
    rechargeAmount: num(d.rechargeAmount),
    bonusPercent: num(d.bonusPercent) ?? 0,
    bonusFlat: num(d.bonusFlat) ?? 0,
    maxBonus: num(d.maxBonus),
    validFrom: d.validFrom ?? '',
    validUntil: d.validUntil ?? '',
    usageLimit: orNull(d.usageLimit) === null ? null : num(d.usageLimit),
  };
}

/** The request a draft makes, or every field's error in the API's words. */
export function checkStaffDraft(kind: StaffFormKind, d: StaffDraft): FormCheck<Record<string, unknown>> {
  switch (kind) {
    case 'ACCOUNT_STATUS':
    case 'STAFF_STATUS':
      return checkForm(AccountStatusChangeBody, { activated: d.activated === 'true', reason: d.reason ?? '' });
    case 'ACCOUNT_MANAGER':
      // no one chosen: the seller has no manager any more
      return checkForm(AccountManagerBody, {
        managerId: orNull(d.managerId) === null ? null : num(d.managerId),
        reason: d.reason ?? '',
      });
    case 'BETA_FEATURES':
      return checkForm(BetaFeaturesBody, { enabled: d.enabled === 'true', reason: d.reason ?? '' });
    case 'STAFF_ROLE':
      return checkForm(StaffRoleBody, { staffRole: d.staffRole || undefined, reason: d.reason ?? '' });
    case 'PLAN_PRICE':
      return checkForm(PlanPriceBody, { monthlyPrice: num(d.monthlyPrice), reason: d.reason ?? '' });
    case 'COUPON_CREATE':
      return checkForm(CouponCreateBody, { couponCode: d.couponCode ?? '', ...couponBody(d) });
    case 'COUPON_UPDATE':
      return checkForm(CouponUpdateBody, couponBody(d));
    case 'COUPON_STATUS':
      return checkForm(CouponStatusBody, { active: d.active === 'true', reason: d.reason ?? '' });
    case 'STAFF_CREATE':
      return checkForm(StaffCreateBody, {
        firstName: d.firstName ?? '',
        lastName: d.lastName ?? '',
        email: d.email ?? '',
        phone: d.phone ?? '',
        staffRole: d.staffRole || undefined,
      });
  }
}

/** What the form says once the server has taken it. */
export function staffSavedText(kind: StaffFormKind, d: StaffDraft): string {
  switch (kind) {
    case 'ACCOUNT_STATUS':
      return d.activated === 'true'
        ? 'Account activated: the seller can log in again'
        : 'Account deactivated: every session of the seller has ended';
    case 'STAFF_STATUS':
      return d.activated === 'true'
        ? 'Staff login activated: they can log in again'
        : 'Staff login deactivated: every session of theirs has ended and they cannot log in';
    case 'ACCOUNT_MANAGER':
      return orNull(d.managerId) === null
        ? 'Key account manager removed'
        : 'Key account manager named: the seller sees them under Help, and their new tickets go to them';
    case 'BETA_FEATURES':
      return d.enabled === 'true'
        ? 'Early access on: the seller opens the new orders page from their next page load'
        : 'Early access off: the seller is back on the usual orders page';
    case 'STAFF_ROLE':
      return 'Role changed: it applies from their next click';
    case 'PLAN_PRICE':
      return 'Price saved: the plans page and the next charge use it';
    case 'COUPON_CREATE':
      return `Coupon ${(d.couponCode ?? '').trim().toUpperCase()} created`;
    case 'COUPON_UPDATE':
      return 'Coupon saved';
    case 'COUPON_STATUS':
      return d.active === 'true' ? 'Coupon switched on' : 'Coupon switched off: sellers can no longer apply it';
    case 'STAFF_CREATE':
      return `Staff login made: ${d.email ?? ''} has a temporary password by email`;
  }
}

/** Forms whose decision is asked once more before it is sent: turning a seller or a staff login off. */
export const needsConfirmation = (kind: StaffFormKind, d: StaffDraft) =>
  (kind === 'ACCOUNT_STATUS' || kind === 'STAFF_STATUS') && d.activated !== 'true';

import * as v from 'valibot';
import { STAFF_ROLE_CODES } from './staff-permissions';
import { AccountManagerSchema } from './account-manager-contract';
import { AccountStatusAnswerSchema } from './account-contract';
import { operation } from './operation';
import { numericId } from './params';
import {
  AccountStatusChangeBody,
  BetaFeaturesBody,
  CouponCreateBody,
  CouponStatusBody,
  CouponUpdateBody,
  PlanPriceBody,
  StaffCreateBody,
  StaffRoleBody,
} from './schemas/staff';

// Paths and answer shapes of the staff console: staff and their roles, the audit log, a seller's
// whole picture, coupons and plan prices (issue "The staff console").

/** An admin session: the seller's 30-minute token and the session's id, to end it early. */
export const ImpersonationAnswerSchema = v.object({ accessToken: v.string(), impersonationId: v.number() });

export const StaffMeSchema = v.object({
  accountId: v.number(),
  staffRole: v.nullable(v.string()),
  permissions: v.array(v.string()),
});
export type StaffMe = v.InferOutput<typeof StaffMeSchema>;

export const StaffUserRowSchema = v.object({
  accountId: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  staffRole: v.nullable(v.picklist(STAFF_ROLE_CODES)),
  lastLoginAt: v.nullable(v.string()),
  /** false once an admin turned the login off: no session, no login */
  active: v.boolean(),
  deactivatedAt: v.nullable(v.string()),
});
export type StaffUserRow = v.InferOutput<typeof StaffUserRowSchema>;

export const AuditRowSchema = v.object({
  auditId: v.number(),
  at: v.string(),
  actorAccountId: v.number(),
  actorEmail: v.string(),
  action: v.string(),
  /** what the action did, in words (the label table's, or the operation's own name) */
  actionLabel: v.string(),
  entityType: v.string(),
  entityId: v.nullable(v.string()),
  before: v.unknown(),
  after: v.unknown(),
  reason: v.nullable(v.string()),
  requestId: v.nullable(v.string()),
});
export type AuditRow = v.InferOutput<typeof AuditRowSchema>;

const Money = v.number();

export const AccountOverviewSchema = v.object({
  account: v.object({
    accountId: v.number(),
    orgId: v.nullable(v.number()),
    firstName: v.string(),
    lastName: v.string(),
    email: v.string(),
    phone: v.string(),
    role: v.string(),
    companyName: v.nullable(v.string()),
    verified: v.boolean(),
    active: v.boolean(),
    deactivatedAt: v.nullable(v.string()),
    createdAt: v.string(),
    lastLoginAt: v.nullable(v.string()),
  }),
  plan: v.object({
    subscriptionType: v.string(),
    billingFrequency: v.nullable(v.string()),
    expiresAt: v.nullable(v.string()),
  }),
  /** early access to the new orders page */
  betaFeaturesEnabled: v.boolean(),
  /** the seller's key account manager (kept when a downgrade hides it), and whether the plan has one */
  accountManager: v.nullable(AccountManagerSchema),
  accountManagerIncluded: v.boolean(),
  kyc: v.object({ verified: v.boolean(), status: v.nullable(v.string()), submittedAt: v.nullable(v.string()) }),
  wallet: v.object({ balancePaise: Money, creditLimitPaise: Money, heldPaise: Money, postpaid: v.boolean() }),
  orders: v.array(
    v.object({
      orderId: v.number(),
      orderNumber: v.string(),
      status: v.string(),
      createdAt: v.string(),
      totalPaise: Money,
    }),
  ),
  shipments: v.array(
    v.object({
      awb: v.string(),
      orderId: v.number(),
      carrierCode: v.string(),
      status: v.string(),
      createdAt: v.string(),
    }),
  ),
  ndrs: v.array(
    v.object({ ndrId: v.number(), awb: v.string(), status: v.string(), reason: v.string(), createdAt: v.string() }),
  ),
  discrepancies: v.array(
    v.object({
      discrepancyId: v.number(),
      awb: v.string(),
      status: v.string(),
      extraPaise: Money,
      createdAt: v.string(),
    }),
  ),
  payouts: v.array(v.object({ payoutId: v.number(), status: v.string(), amountPaise: Money, createdAt: v.string() })),
  tickets: v.array(
    v.object({
      ticketId: v.number(),
      ticketNumber: v.string(),
      subject: v.string(),
      status: v.string(),
      priority: v.string(),
      createdAt: v.string(),
    }),
  ),
});
export type AccountOverview = v.InferOutput<typeof AccountOverviewSchema>;

/** Early access for a seller's organisation: its logins land on the new orders page (/orders_v2). */
export const BetaFeaturesAnswerSchema = v.object({ accountId: v.number(), betaFeaturesEnabled: v.boolean() });

export const AccountStatusChangeSchema = v.object({ accountId: v.number(), activated: v.boolean() });

export const StaffCouponRowSchema = v.object({
  couponCode: v.string(),
  description: v.string(),
  category: v.string(),
  subscriptionType: v.nullable(v.string()),
  billingFrequency: v.nullable(v.string()),
  /** the least recharge it applies to, in rupees */
  rechargeAmount: v.number(),
  bonusPercent: v.number(),
  bonusFlat: v.number(),
  maxBonus: v.number(),
  validFrom: v.string(),
  validUntil: v.string(),
  usageLimit: v.nullable(v.number()),
  used: v.number(),
  active: v.boolean(),
});
export type StaffCouponRow = v.InferOutput<typeof StaffCouponRowSchema>;

export const StaffPlanRowSchema = v.object({ code: v.string(), name: v.string(), monthlyPrice: v.number() });
export type StaffPlanRow = v.InferOutput<typeof StaffPlanRowSchema>;

// The operations, served by server/modules/staff/routes.ts, server/modules/staff/catalogue-routes.ts
// and server/modules/corporate/routes.ts.

const TAG = 'corporate';
const byAccountId = v.object({ accountId: numericId('accountId') });
const byCode = v.object({
  code: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,20}$/, 'code must be letters and digits')),
});

export const API_STAFF = {
  me: operation({
    method: 'get',
    path: '/api/v1/corporate/me',
    tag: TAG,
    summary: "The caller's staff role and what it allows (the console's menu and page guard read it)",
    response: StaffMeSchema,
  }),
  staff: operation({
    method: 'get',
    path: '/api/v1/corporate/staff',
    tag: TAG,
    summary: 'Every staff login with its role',
    response: v.array(StaffUserRowSchema),
  }),
  staffCreate: operation({
    method: 'post',
    path: '/api/v1/corporate/staff',
    tag: TAG,
    body: StaffCreateBody,
    summary: 'A new staff login with its role; a temporary password (24 hours, one login) is emailed',
    errors: { 409: 'the email is taken' },
    response: StaffUserRowSchema,
  }),
  staffRole: operation({
    method: 'put',
    path: '/api/v1/corporate/staff/:accountId/role',
    tag: TAG,
    params: byAccountId,
    body: StaffRoleBody,
    summary: "Change a staff login's role (with a reason, kept in the audit log); never one's own",
    errors: { 404: 'no such staff login' },
    response: StaffUserRowSchema,
  }),
  staffStatus: operation({
    method: 'put',
    path: '/api/v1/corporate/staff/:accountId/status',
    tag: TAG,
    params: byAccountId,
    body: AccountStatusChangeBody,
    summary:
      "Turn a staff login off (every session ends at once: refresh tokens revoked, issued access tokens refused; login refused) or on again, with a reason kept in the audit log; never one's own",
    errors: { 404: 'no such staff login' },
    response: AccountStatusAnswerSchema,
  }),
  accountOverview: operation({
    method: 'get',
    path: '/api/v1/corporate/accounts/:accountId/overview',
    tag: TAG,
    params: byAccountId,
    summary:
      "A seller's whole picture: plan, KYC, wallet, and the latest orders, shipments, NDRs, discrepancies and payouts",
    errors: { 404: 'no such seller account' },
    response: AccountOverviewSchema,
  }),
  betaFeatures: operation({
    method: 'put',
    path: '/api/v1/corporate/accounts/:accountId/beta-features',
    tag: TAG,
    params: byAccountId,
    body: BetaFeaturesBody,
    summary:
      "Switch a seller's early access on or off, with a reason (audited): its logins then open the new orders page (/orders_v2) in place of /orders",
    errors: { 404: 'no such seller account' },
    response: BetaFeaturesAnswerSchema,
  }),
  impersonationEnd: operation({
    method: 'post',
    path: '/api/v1/corporate/impersonations/:impersonationId/end',
    tag: TAG,
    params: v.object({ impersonationId: numericId('impersonationId') }),
    summary: 'End one of your admin sessions before it expires (kept in the audit log)',
    errors: { 404: 'no such open admin session of yours' },
    response: v.null(),
  }),
  coupons: operation({
    method: 'get',
    path: '/api/v1/corporate/coupons',
    tag: TAG,
    summary: 'Every coupon, on or off, with how many sellers used it',
    response: v.array(StaffCouponRowSchema),
  }),
  couponCreate: operation({
    method: 'post',
    path: '/api/v1/corporate/coupons',
    tag: TAG,
    body: CouponCreateBody,
    summary: 'Create a recharge coupon: plan, billing, least recharge, bonus, validity (IST days) and usage cap',
    errors: { 409: 'the code is taken' },
    response: StaffCouponRowSchema,
  }),
  coupon: operation({
    method: 'put',
    path: '/api/v1/corporate/coupons/:code',
    tag: TAG,
    params: byCode,
    body: CouponUpdateBody,
    summary: "Change a coupon's terms (its code stays)",
    errors: { 404: 'no such coupon' },
    response: StaffCouponRowSchema,
  }),
  couponStatus: operation({
    method: 'put',
    path: '/api/v1/corporate/coupons/:code/status',
    tag: TAG,
    params: byCode,
    body: CouponStatusBody,
    summary: 'Switch a coupon on or off, with a reason',
    errors: { 404: 'no such coupon' },
    response: StaffCouponRowSchema,
  }),
  plans: operation({
    method: 'get',
    path: '/api/v1/corporate/plans',
    tag: TAG,
    summary: 'Every plan with the monthly price charged and shown',
    response: v.array(StaffPlanRowSchema),
  }),
  plan: operation({
    method: 'put',
    path: '/api/v1/corporate/plans/:code',
    tag: TAG,
    params: byCode,
    body: PlanPriceBody,
    summary: "Set a plan's monthly price (whole rupees, with a reason): the next charge and the plans page use it",
    errors: { 404: 'no such plan' },
    response: StaffPlanRowSchema,
  }),
};

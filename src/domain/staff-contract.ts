import * as v from 'valibot';
import { STAFF_ROLE_CODES } from './staff-permissions';
import { AccountManagerSchema } from './account-manager-contract';

// Paths and answer shapes of the staff console: staff and their roles, the audit log, a seller's
// whole picture, coupons and plan prices (issue "The staff console").

export const API_STAFF = {
  me: '/api/v1/corporate/me', // GET → StaffMe (the caller's staff role and permissions)
  staff: '/api/v1/corporate/staff', // GET → StaffUserRow[]; POST StaffCreateBody → StaffUserRow (a temporary password is emailed)
  staffRole: (accountId: number | string) => `/api/v1/corporate/staff/${accountId}/role`, // PUT { staffRole, reason } → StaffUserRow
  staffStatus: (accountId: number | string) => `/api/v1/corporate/staff/${accountId}/status`, // PUT { activated, reason } (ADMIN; never one's own)
  accountOverview: (accountId: number | string) => `/api/v1/corporate/accounts/${accountId}/overview`, // GET → AccountOverview
  betaFeatures: (accountId: number | string) => `/api/v1/corporate/accounts/${accountId}/beta-features`, // PUT { enabled, reason } → BetaFeaturesAnswer
  impersonationEnd: (impersonationId: number | string) => `/api/v1/corporate/impersonations/${impersonationId}/end`, // POST
  coupons: '/api/v1/corporate/coupons', // GET → StaffCouponRow[]; POST CouponBody → StaffCouponRow
  coupon: (code: string) => `/api/v1/corporate/coupons/${code}`, // PUT CouponBody → StaffCouponRow
  couponStatus: (code: string) => `/api/v1/corporate/coupons/${code}/status`, // PUT { active, reason } → StaffCouponRow
  plans: '/api/v1/corporate/plans', // GET → StaffPlanRow[]
  plan: (code: string) => `/api/v1/corporate/plans/${code}`, // PUT { monthlyPrice, reason } → StaffPlanRow
} as const;

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

import * as v from 'valibot';
import { SpendableWalletSchema } from './spendable-wallet';
import { API_FILES } from './files-contract';
import { pathOf } from './operation';

// The HTTP contract between the browser and the server: paths and answer shapes.
// Every answer is `{ data: T }`; every error is `{ errorMessage }` plus header X-Error-Message.

export const API = {
  // auth (public unless noted)
  login: '/api/v1/auth/login', // POST, Authorization: Basic base64(email:password)
  refreshToken: '/api/v1/auth/refresh-token', // POST, refresh cookie
  logout: '/api/v1/auth/logout', // POST
  logoutEverywhere: '/api/v1/auth/logout-everywhere', // POST (bearer): ends every session of the account
  resetPassword: '/api/v1/auth/reset-password', // PUT { email }
  generateOtp: (email: string) => `/api/v1/auth/generateOtp/${encodeURIComponent(email)}`, // GET, Basic header
  sendCode: '/api/v1/auth/send-code', // GET ?email|mobile&userName → CodeSent (a verification code to that contact)
  verifyCode: '/api/v1/auth/verify', // GET ?contactInfo&code → CodeVerified
  updatePassword: '/api/v1/auth/update-password', // POST (bearer) { currentPassword, newPassword }
  // registration
  referralSources: '/api/v1/referral-sources', // GET
  plans: '/api/v1/plans', // GET
  terms: '/api/v1/terms', // GET (get-tc-data)
  acceptTerms: '/api/v1/terms/accept', // POST (bearer) { tcVersionId, status, ipAddress }
  ip: '/api/v1/ip', // GET: the caller's public IP as the server sees it
  // account (bearer)
  accountDetails: '/api/v1/account/details',
  accountDetailsById: (accountId: number | string) => `/api/v1/account/details/${accountId}`,
  accountInfo: '/api/v1/account/info',
  homeTourSeen: '/api/v1/account/home-tour', // POST (bearer): this login has seen the home tour
  company: '/api/v1/account/company',
  profile: '/api/v1/account/profile', // POST { firstName, lastName }
  companyUpdate: '/api/v1/account/company', // POST { companyName, addressLine1 } (owner)
  imageUpload: (name: string) => `/api/v1/account/image/${name}`, // POST multipart file
  file: (id: string) => pathOf(API_FILES.file, { id }), // a stored file's address (files-contract.ts)
  // staff
  corporateDashboard: '/api/v1/corporate/dashboard', // GET → CorporateDashboard
  corporateAccounts: '/api/v1/corporate/accounts', // GET ?pageNumber&recordsPerPage&searchPattern → Paged<CorporateAccountRow>
  impersonate: (accountId: number | string) => `/api/v1/corporate/accounts/${accountId}/impersonate`, // POST → { accessToken }
  // documents and development
  devOutbox: '/api/dev/outbox',
} as const;

export interface ApiAnswer<T> {
  data: T;
}

// Answer shapes are valibot schemas (the server declares each route's answer with one and the
// OpenAPI document shows it); each type is derived from its schema.

const nullableString = v.nullable(v.string());

export const LoginAnswerSchema = v.object({
  accessToken: v.string(),
  mustChangePassword: v.boolean(),
});
export type LoginAnswer = v.InferOutput<typeof LoginAnswerSchema>;

export const OtpTargetsSchema = v.object({
  email: v.string(),
  phoneNumber: v.string(),
});
export type OtpTargets = v.InferOutput<typeof OtpTargetsSchema>;

export const ReferralSourceSchema = v.object({
  referralSourceId: v.number(),
  sourceName: v.string(),
});
export type ReferralSource = v.InferOutput<typeof ReferralSourceSchema>;

export const PlanSchema = v.object({
  code: v.string(),
  name: v.string(),
  /** rupees a month, the price charged (docs/decisions/plan-prices.md) */
  monthlyPrice: v.number(),
  features: v.array(v.string()),
});
export type Plan = v.InferOutput<typeof PlanSchema>;

export const TermsDataSchema = v.object({
  tcVersionId: v.number(),
  version: v.string(),
  title: v.string(),
  content: v.string(),
});
export type TermsData = v.InferOutput<typeof TermsDataSchema>;

export const AppConfigSchema = v.object({
  CHANNEL_URL: v.string(),
  CARRIER_PUBLIC_URL: v.string(),
  /** the site code (constants SITE_CODE) */
  SITE_CODE: v.string(),
});
export type AppConfig = v.InferOutput<typeof AppConfigSchema>;

export const IndianStateSchema = v.object({
  code: v.string(),
  name: v.string(),
  gstCode: v.string(),
});
export type IndianState = v.InferOutput<typeof IndianStateSchema>;

/** Spec section 3, "Account details (from the decoded access token)" plus who. */
export const AccountDetailsSchema = v.object({
  accountId: v.number(),
  email: v.string(),
  st: v.string(),
  at: v.string(),
  oid: v.nullable(v.number()),
  scope: v.array(v.string()),
  role: v.string(),
  companyName: nullableString,
});
export type AccountDetails = v.InferOutput<typeof AccountDetailsSchema>;

/** Spec section 3, "Account info". Money in rupees for display; paise in walletBalancePaise. */
export const AccountInfoSchema = v.object({
  firstName: v.string(),
  lastName: v.string(),
  walletBalance: v.number(),
  walletBalancePaise: v.number(),
  /** what the wallet can spend, and what is held and for what (the header shows it); null without an organisation */
  wallet: v.optional(v.nullable(SpendableWalletSchema)),
  kycVerified: v.boolean(),
  email: v.string(),
  phone: v.string(),
  permissions: v.array(v.string()),
  smartPackageSelectionEnabled: v.boolean(),
  mergedShippingLabelsAllowed: v.boolean(),
  postpaidWallet: v.boolean(),
  role: v.string(),
  subscriptionType: v.string(),
  subscriptionExpiryDate: nullableString,
  addressLine1: nullableString,
  companyLogoUrl: nullableString,
  companySignUrl: nullableString,
  termsAndConditionsDetailsInfoDTO: v.nullable(
    v.object({
      tcVersionId: v.number(),
      accepted: v.boolean(),
      acceptedAt: nullableString,
      /** a version published since this login came to be is not accepted yet: the seller app asks first */
      mustAccept: v.boolean(),
    }),
  ),
  hasPendingDowngradeRequest: v.boolean(),
  subscriptionBillingFrequency: nullableString,
  betaFeaturesEnabled: v.boolean(),
  betaFeatures: v.boolean(),
  previousPaidSubscriptionsBool: v.boolean(),
  companyName: nullableString,
  mustChangePassword: v.boolean(),
  /** this login has finished or closed the home tour (a staff session counts as seen) */
  homeTourSeen: v.boolean(),
});
export type AccountInfo = v.InferOutput<typeof AccountInfoSchema>;

export const CompanyProfileSchema = v.object({
  companyName: v.string(),
  addressLine1: nullableString,
  /** the GSTIN that KYC verified (read-only here); null until KYC is approved */
  gstin: nullableString,
  companyLogoUrl: nullableString,
  companySignUrl: nullableString,
});
export type CompanyProfile = v.InferOutput<typeof CompanyProfileSchema>;

export { pagedSchema, type Paged } from './paged';

/** One number per key, every key present (a tab's or a status's count). */
export const countsSchema = <const K extends string>(keys: readonly K[]) =>
  v.object(Object.fromEntries(keys.map((k) => [k, v.number()])) as Record<K, v.NumberSchema<undefined>>);

/** Staff list of seller logins (spec section 3, "Accounts" columns, plus the company). */
export const CorporateAccountRowSchema = v.object({
  accountId: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  phone: v.string(),
  role: v.string(),
  enabled: v.boolean(),
  orgId: v.nullable(v.number()),
  companyName: nullableString,
  createdAt: v.string(),
});
export type CorporateAccountRow = v.InferOutput<typeof CorporateAccountRowSchema>;

export const CorporateDashboardSchema = v.object({
  organisations: v.number(),
  accounts: v.number(),
  unverifiedAccounts: v.number(),
  signupsLast7Days: v.number(),
});
export type CorporateDashboard = v.InferOutput<typeof CorporateDashboardSchema>;

export const RegistrationAnswerSchema = v.object({
  accountId: v.number(),
});
export type RegistrationAnswer = v.InferOutput<typeof RegistrationAnswerSchema>;

export const UploadAnswerSchema = v.object({
  url: v.string(),
});
export type UploadAnswer = v.InferOutput<typeof UploadAnswerSchema>;

export const OutboxMessageSchema = v.object({
  id: v.number(),
  channel: v.picklist(['EMAIL', 'SMS']),
  recipient: v.string(),
  subject: v.string(),
  body: v.string(),
  createdAt: v.string(),
});
export type OutboxMessage = v.InferOutput<typeof OutboxMessageSchema>;

/** A sentence for the person: what was done, or what happens next. */
export const MessageAnswerSchema = v.object({ message: v.string() });

/** A verification code went out (send-code): the same answer whoever owns the contact. */
export const CodeSentSchema = v.object({ message: v.string(), sentTo: v.string() });
export type CodeSent = v.InferOutput<typeof CodeSentSchema>;
/** The contact's code was right (verify). */
export const CodeVerifiedSchema = v.object({ message: v.string(), contactInfo: v.string() });
export type CodeVerified = v.InferOutput<typeof CodeVerifiedSchema>;
export type MessageAnswer = v.InferOutput<typeof MessageAnswerSchema>;

/** A removal done. */
export const DeletedAnswerSchema = v.object({ deleted: v.literal(true) });

/** A session for staff acting as a seller (no refresh). */
export const AccessTokenAnswerSchema = v.object({ accessToken: v.string() });

/** A login enabled or disabled by staff. */
export const AccountStatusAnswerSchema = v.object({ accountId: v.number(), activated: v.boolean() });

/** A sign-up OTP accepted. */
export const VerifiedAnswerSchema = v.object({ verified: v.literal(true) });

/** The caller's public IP address as the server sees it. */
export const IpAnswerSchema = v.object({ ip: v.string() });

/** A terms decision recorded. */
export const TermsDecisionAnswerSchema = v.object({
  tcVersionId: v.number(),
  status: v.picklist(['ACCEPTED', 'DECLINED']),
});

/** Sign-up feedback stored (once per submission). */
export const ReceivedAnswerSchema = v.object({ received: v.literal(true) });

/** JWT claims of the access token (spec section 3 and 4). */
export interface AccessClaims {
  sub: string; // account id; an admin (staff-as-seller) token has "<staffId>-<accountId>"
  st: string;
  at: string;
  oid: number | null;
  scope: string[];
  role: string;
  pcr?: boolean; // password change required before anything else
  se?: number; // the account's session epoch when issued: logout everywhere, a password change or a lock raise it
  sid?: string; // the refresh-token family (session) it belongs to; logout revokes it
  imp?: number; // an admin session's id (staff_impersonations): ending it ends the token
  exp: number;
  iat: number;
}

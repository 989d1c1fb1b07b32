import * as v from 'valibot';
import { ACCOUNT_INFO } from './account-session';
import { IMAGE_TOO_LARGE } from './constants';
import { operation } from './operation';
import { numericId } from './params';
import { CompanyBody, ProfileBody } from './schemas/account';

// The account area's contract: who is logged in, the profile, the company and its images, and the
// answer shapes other areas share. The seller app's first chunk reads account-session.ts, which
// this module re-exports.

export {
  ACCOUNT_INFO,
  API,
  AccountInfoSchema,
  LoginAnswerSchema,
  OtpTargetsSchema,
  type AccessClaims,
  type AccountInfo,
  type ApiAnswer,
  type LoginAnswer,
  type OtpTargets,
} from './account-session';
export type { AppConfig, IndianState } from './config-contract';

// Answer shapes are valibot schemas (the server declares each route's answer with one and the
// OpenAPI document shows it); each type is derived from its schema.

const nullableString = v.nullable(v.string());

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

export const CompanyProfileSchema = v.object({
  companyName: v.string(),
  addressLine1: nullableString,
  /** the GSTIN that KYC verified (read-only here); null until KYC is approved */
  gstin: nullableString,
  companyLogoUrl: nullableString,
  companySignUrl: nullableString,
});
export type CompanyProfile = v.InferOutput<typeof CompanyProfileSchema>;

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

// The account's operations, served by server/modules/account/routes.ts.

const TAG = 'account';

export const API_ACCOUNT = {
  accountDetails: operation({
    method: 'get',
    path: '/api/v1/account/details',
    tag: TAG,
    summary: 'Who is logged in: account id, email, plan, account type, organisation, scope, role',
    response: AccountDetailsSchema,
  }),
  accountDetailsById: operation({
    method: 'get',
    path: '/api/v1/account/details/:accountId',
    tag: TAG,
    params: v.object({ accountId: numericId('accountId') }),
    summary: 'Details of another login: an OWNER within the organisation, staff for any',
    errors: { 404: 'no such account in your organisation' },
    response: AccountDetailsSchema,
  }),
  accountInfo: ACCOUNT_INFO,
  homeTourSeen: operation({
    method: 'post',
    path: '/api/v1/account/home-tour',
    tag: TAG,
    summary: 'This login has finished or closed the home tour: it is not shown again, on any device',
    response: MessageAnswerSchema,
  }),
  company: operation({
    method: 'get',
    path: '/api/v1/account/company',
    tag: TAG,
    summary: "The organisation's company profile",
    response: CompanyProfileSchema,
  }),
  updateCompany: operation({
    method: 'post',
    path: '/api/v1/account/company',
    tag: TAG,
    body: CompanyBody,
    summary: "The company's name and address (GSTIN comes from KYC only)",
    response: CompanyProfileSchema,
  }),
  profile: operation({
    method: 'post',
    path: '/api/v1/account/profile',
    tag: TAG,
    body: ProfileBody,
    summary: 'Updates first and last name',
    response: MessageAnswerSchema,
  }),
  companyImage: operation({
    method: 'post',
    path: '/api/v1/account/image/:name',
    tag: TAG,
    multipart: true,
    params: v.object({ name: v.picklist(['logo', 'sign'], 'name must be logo or sign') }),
    summary: 'Uploads the company logo or signature (field "file"; PNG, JPEG or WEBP up to 1 MB)',
    errors: { 413: IMAGE_TOO_LARGE, 415: 'not a PNG, JPEG or WEBP image' },
    response: UploadAnswerSchema,
  }),
};

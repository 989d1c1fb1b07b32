import * as v from 'valibot';
import { SpendableWalletSchema } from './spendable-wallet';
import { API_FILES } from './files-contract';
import { operation, pathOf } from './operation';

// What the seller app's first chunk needs of the account and auth areas: the session's addresses,
// the login's and the account info's answers, and the operations the session itself sends
// (refresh, logout, account info). Apart from account-contract.ts and auth-contract.ts (which
// re-export it) so that the first chunk does not carry their operations' input schemas. Every
// answer is `{ data: T }`; every error is `{ errorMessage }` plus header X-Error-Message.

export const API = {
  // registration
  referralSources: '/api/v1/referral-sources', // GET
  plans: '/api/v1/plans', // GET
  terms: '/api/v1/terms', // GET (get-tc-data)
  acceptTerms: '/api/v1/terms/accept', // POST (bearer) { tcVersionId, status, ipAddress }
  ip: '/api/v1/ip', // GET: the caller's public IP as the server sees it
  // a stored file's address (files-contract.ts)
  file: (id: string) => pathOf(API_FILES.file, { id }),
  // documents and development
  devOutbox: '/api/dev/outbox',
} as const;

export interface ApiAnswer<T> {
  data: T;
}

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

/** A new access token from the refresh cookie (the session's start and every renewal). */
export const REFRESH_TOKEN = operation({
  method: 'post',
  path: '/api/v1/auth/refresh-token',
  tag: 'auth',
  summary: 'New access token from the refresh cookie; the cookie is rotated, a reused one revokes its family',
  errors: { 401: 'session expired, revoked or reused' },
  response: LoginAnswerSchema,
});

/** The session's end: its refresh cookie's family revoked and the cookie cleared. */
export const LOGOUT = operation({
  method: 'post',
  path: '/api/v1/auth/logout',
  tag: 'auth',
  summary: 'Ends the session of the refresh cookie (its whole family) and clears the cookie',
  response: v.null(),
});

/** Who is logged in and what their app shows first (spec section 3): the home screen's header and guards. */
export const ACCOUNT_INFO = operation({
  method: 'get',
  path: '/api/v1/account/info',
  tag: 'account',
  summary: 'Profile, plan, wallet balance, KYC and feature flags for the home screen (spec section 3)',
  response: AccountInfoSchema,
});

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

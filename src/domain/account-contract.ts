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
  verifyAccount: '/api/v1/auth/verify-account', // POST { email, code }
  updatePassword: '/api/v1/auth/update-password', // POST (bearer) { currentPassword, newPassword }
  // registration
  referralSources: '/api/v1/referral-sources', // GET
  sendEmailOtp: '/api/v1/otp/email', // POST { firstName, email }
  sendPhoneOtp: '/api/v1/otp/phone', // POST { firstName, phone }
  verifyOtp: '/api/v1/otp/verify', // POST { target, otp, firstName }
  register: '/api/v1/owner/register', // POST RegistrationPayload
  registerBasic: '/api/v1/owner/register/basic', // POST RegisterBasicPayload (older /register screen) → OtpTargets
  plans: '/api/v1/plans', // GET
  terms: '/api/v1/terms', // GET (get-tc-data)
  acceptTerms: '/api/v1/terms/accept', // POST (bearer) { tcVersionId, status, ipAddress }
  ip: '/api/v1/ip', // GET: the caller's public IP as the server sees it
  appConfig: '/api/v1/app-config', // GET (public)
  states: '/api/v1/states', // GET (public)
  // account (bearer)
  accountDetails: '/api/v1/account/details',
  accountDetailsById: (accountId: number | string) => `/api/v1/account/details/${accountId}`,
  accountInfo: '/api/v1/account/info',
  company: '/api/v1/account/company',
  profile: '/api/v1/account/profile', // POST { firstName, lastName }
  imageUpload: (name: string) => `/api/v1/account/image/${name}`, // POST multipart file
  file: (id: string) => `/api/v1/files/${id}`, // GET
  // staff
  corporateDashboard: '/api/v1/corporate/dashboard', // GET → CorporateDashboard
  corporateAccounts: '/api/v1/corporate/accounts', // GET ?pageNumber&recordsPerPage&searchPattern → Paged<CorporateAccountRow>
  impersonate: (accountId: number | string) => `/api/v1/corporate/accounts/${accountId}/impersonate`, // POST → { accessToken }
  // documents and development
  policyPdf: (name: string) => `/api/v1/policies/${name}.pdf`,
  devOutbox: '/api/dev/outbox',
} as const;

export interface ApiAnswer<T> {
  data: T;
}

export interface LoginAnswer {
  accessToken: string;
  mustChangePassword: boolean;
}

export interface OtpTargets {
  email: string;
  phoneNumber: string;
}

export interface ReferralSource {
  referralSourceId: number;
  sourceName: string;
}

export interface Plan {
  code: string;
  name: string;
  monthlyPrice: number; // rupees a month, the price charged (docs/decisions/plan-prices.md)
  features: string[];
}

export interface TermsData {
  tcVersionId: number;
  version: string;
  title: string;
  content: string;
}

export interface AppConfig {
  CHANNEL_URL: string;
  CARRIER_PUBLIC_URL: string;
}

export interface IndianState {
  code: string;
  name: string;
  gstCode: string;
}

/** Spec section 3, "Account details (from the decoded access token)" plus who. */
export interface AccountDetails {
  accountId: number;
  email: string;
  st: string;
  at: string;
  oid: number | null;
  scope: string[];
  role: string;
  companyName: string | null;
}

/** Spec section 3, "Account info". Money in rupees for display; paise in walletBalancePaise. */
export interface AccountInfo {
  firstName: string;
  lastName: string;
  walletBalance: number;
  walletBalancePaise: number;
  kycVerified: boolean;
  email: string;
  phone: string;
  permissions: string[];
  smartPackageSelectionEnabled: boolean;
  mergedShippingLabelsAllowed: boolean;
  postpaidWallet: boolean;
  role: string;
  subscriptionType: string;
  subscriptionExpiryDate: string | null;
  addressLine1: string | null;
  companyLogoUrl: string | null;
  companySignUrl: string | null;
  termsAndConditionsDetailsInfoDTO: { tcVersionId: number; accepted: boolean; acceptedAt: string | null } | null;
  hasPendingDowngradeRequest: boolean;
  subscriptionBillingFrequency: string | null;
  betaFeaturesEnabled: boolean;
  betaFeatures: boolean;
  previousPaidSubscriptionsBool: boolean;
  companyName: string | null;
  mustChangePassword: boolean;
}

export interface CompanyProfile {
  companyName: string;
  addressLine1: string | null;
  companyLogoUrl: string | null;
  companySignUrl: string | null;
}

/** A page of rows; pageNumber counts from 0. */
export interface Paged<T> {
  items: T[];
  total: number;
  /** true when more than `total` match (a list that stops counting; the UI shows "10,000+") */
  totalCapped?: boolean;
  pageNumber: number;
  recordsPerPage: number;
}

/** Staff list of seller logins (spec section 3, "Accounts" columns, plus the company). */
export interface CorporateAccountRow {
  accountId: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: string;
  enabled: boolean;
  orgId: number | null;
  companyName: string | null;
  createdAt: string;
}

export interface CorporateDashboard {
  organisations: number;
  accounts: number;
  unverifiedAccounts: number;
  signupsLast7Days: number;
}

export interface RegistrationAnswer {
  accountId: number;
}

export interface UploadAnswer {
  url: string;
}

export interface OutboxMessage {
  id: number;
  channel: 'EMAIL' | 'SMS';
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
}

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
  exp: number;
  iat: number;
}

// Constants of spec sections 1, 6 and 9 shared by browser and server.

export const ACCOUNT_TYPES = ['DAKIYA', 'SELLER'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ROLES = ['DAKIYA', 'OWNER', 'LOCKED_OWNER', 'SELLER', 'USER'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_CODES: Partial<Record<Role, string>> = { SELLER: 'SLR', USER: 'USR' };

export const SCOPES = ['OWNER', 'LOCKED_OWNER', 'SELLER', 'CORPORATE'] as const;
export type Scope = (typeof SCOPES)[number];

export const SUBSCRIPTION_TYPES = ['FREE', 'LITE', 'PRO', 'PREMIUM'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

export const BILLING_FREQUENCIES = ['MONTHLY', 'YEARLY'] as const;

export const TIMING = {
  notificationAutoHideMs: 5_000,
  delayCountsCacheMs: 900_000,
  paymentPopupCheckMs: 10_000,
  paymentCountdownStartS: 5,
  paymentPopupCloseAfterMs: 1_000,
  otpResendLockoutS: 60,
  accountOtpResendS: 30,
  registerDebounceMs: 800,
  trackingLoadingMs: 2_000,
  tourScrollMs: 468,
  tourFocusDelayMs: 300,
} as const;

export const LIMITS = {
  otpLength: 6,
  otpTtlMs: 10 * 60_000,
  otpMaxWrongTries: 5,
  /** failures on one account from one client address in an hour; then 429 for that pair */
  loginFailuresPerAccountAndIpPerHour: 10,
  /** failures on one account from all addresses in an hour; then the right password needs an OTP too */
  loginFailuresPerAccountPerHour: 100,
  /** failures from one client address over all accounts in an hour; then 429 */
  loginFailuresPerIpPerHour: 300,
  /** OTP sends (any purpose, any target) one IP address may ask for in an hour */
  otpSendsPerIpPerHour: 30,
  /** a verified sign-up OTP counts for registration this long */
  signupOtpValidForRegistrationMs: 30 * 60_000,
  signupPasswordMin: 8,
  signupPasswordMax: 50,
  olderPasswordMin: 8,
  olderPasswordMax: 16,
  companyMin: 3,
  /** first and last names, and the company name, as the forms let them be typed */
  personNameMax: 50,
  companyNameMax: 100,
  premiumSellerLogins: 50,
  remarksMax: 400,
  temporaryPasswordTtlMs: 10 * 60_000,
  /** one forgot-password request per email a minute (known or not, so the answer tells nothing) */
  passwordResetGapS: 60,
  accessTokenTtlS: 15 * 60,
  refreshTokenTtlS: 30 * 24 * 3600,
  /** staff acting as a seller: short, and never refreshed */
  adminSessionTtlS: 30 * 60,
  imageUploadMaxBytes: 1024 * 1024,
} as const;

/** The 413 of an image over LIMITS.imageUploadMaxBytes (a logo, a photo, evidence). */
export const IMAGE_TOO_LARGE = 'Image must be at most 1 MB';

export const MOBILE_BREAKPOINT_PX = 767;

/**
 * The site code of spec section 9: names this site (the seller and buyer web app) to the API. The
 * app configuration answers it, and the browser sends it with every call (SITE_CODE_HEADER), so
 * the server can tell calls from the site apart from the seller API's.
 */
export const SITE_CODE = 'CARRIER';
export const SITE_CODE_HEADER = 'x-site-code';
export const PHONE_PREFIX = '+91';

export const STORAGE_KEYS = {
  loggedIn: 'dakiya.loggedIn',
  loginError: 'dakiya.loginError',
  appConfig: 'dakiya.appConfig',
  tourDone: 'dakiya.tourDone',
  /** the sign-up form's draft for this tab (never the password): src/domain/signup-draft.ts */
  signupDraft: 'dakiya.signupDraft',
  /** delay counts (spec section 3): each its own entry of { count, at }, kept 15 minutes */
  shipmentDelays: 'dakiya.delays.shipment',
  pickupDelays: 'dakiya.delays.pickup',
  discrepancies: 'dakiya.delays.discrepancy',
  /** session storage (this tab only): the seller panel's admin token, so a reload keeps the panel */
  panelToken: 'dakiya.panelToken',
} as const;

export const SALES_CHANNELS = [
  'Wix',
  'WooCommerce',
  'Magento',
  'Shopify',
  'Amazon',
  'Flipkart',
  'Shopclues',
  'Tata Cliq',
] as const;

/** Default landing per account type (spec section 2). */
export function landingFor(accountType: string): string {
  return accountType === 'DAKIYA' ? '/dakiya/dashboard' : '/home';
}

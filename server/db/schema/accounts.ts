import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Accounts area: seller organisations, logins (sellers and Dakiya staff), sessions, OTPs.

export const organisations = pgTable('organisations', {
  id: serial('id').primaryKey(),
  companyName: text('company_name').notNull(),
  subscriptionType: text('subscription_type').notNull().default('LITE'),
  subscriptionExpiryDate: timestamp('subscription_expiry_date', { withTimezone: true }),
  subscriptionBillingFrequency: text('subscription_billing_frequency'),
  previousPaidSubscriptions: boolean('previous_paid_subscriptions').notNull().default(false),
  hasPendingDowngradeRequest: boolean('has_pending_downgrade_request').notNull().default(false),
  kycVerified: boolean('kyc_verified').notNull().default(false),
  postpaidWallet: boolean('postpaid_wallet').notNull().default(false),
  smartPackageSelectionEnabled: boolean('smart_package_selection_enabled').notNull().default(false),
  mergedShippingLabelsAllowed: boolean('merged_shipping_labels_allowed').notNull().default(false),
  betaFeaturesEnabled: boolean('beta_features_enabled').notNull().default(false),
  addressLine1: text('address_line1'),
  /** the GSTIN that KYC verified and staff approved; shown on the company profile and tax invoices */
  gstin: text('gstin'),
  companyLogoFileId: text('company_logo_file_id'),
  companySignFileId: text('company_sign_file_id'),
  /** the last generated order number's counter (ORD-000042) */
  orderSeq: integer('order_seq').notNull().default(0),
  /** a sub-seller's parent organisation (its own data stays its own; the parent sees it only consolidated) */
  parentOrgId: integer('parent_org_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').references(() => organisations.id),
    accountType: text('account_type').notNull(), // DAKIYA | SELLER
    role: text('role').notNull(), // DAKIYA | OWNER | LOCKED_OWNER | SELLER | USER
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** the account form's username (letters and digits, 5-20), unique within the organisation; null for logins made before it */
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    /** false until the account proves its email (spec: login error 'is disabled') */
    enabled: boolean('enabled').notNull().default(false),
    /** set by staff or by throttling; login answers 'is locked' */
    locked: boolean('locked').notNull().default(false),
    /** forgot-password: argon2id hash of a temporary password, kept apart so the real one still works */
    temporaryPasswordHash: text('temporary_password_hash'),
    /** a temporary password from forgot-password: valid until then, and must be changed */
    temporaryPasswordExpiresAt: timestamp('temporary_password_expires_at', { withTimezone: true }),
    /** set when the temporary password was used to log in: every token carries pcr until it is changed */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    referralSourceId: integer('referral_source_id'),
    referralCode: text('referral_code'),
    /** every access token carries the epoch it was issued in; raising it (logout everywhere, a password change, a lock) ends them all */
    sessionEpoch: integer('session_epoch').notNull().default(0),
    /** a role the organisation's OWNER made (team_roles); when set it replaces the built-in role's permissions */
    teamRoleId: integer('team_role_id'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** when this login finished or closed the home tour: it is shown on the first visit only, on any device */
    homeTourSeenAt: timestamp('home_tour_seen_at', { withTimezone: true }),
    /** the OWNER turned this login off (locked too): kept, never deleted, so its history stays */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** Dakiya staff turned this seller off (locked too): login says so, every session has ended */
    staffDeactivatedAt: timestamp('staff_deactivated_at', { withTimezone: true }),
    /** a staff login's role (src/domain/staff-permissions.ts); null for sellers */
    staffRole: text('staff_role'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_email_uq').on(sql`lower(${t.email})`),
    index('accounts_org_idx').on(t.orgId),
    uniqueIndex('accounts_org_username_uq').on(t.orgId, sql`lower(${t.username})`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** no longer read: a spent token is answered again with its one successor (refresh-tokens.ts) */
    graceUses: integer('grace_uses').notNull().default(0),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

export const otps = pgTable(
  'otps',
  {
    id: serial('id').primaryKey(),
    /** SIGNUP_EMAIL | SIGNUP_PHONE | ACCOUNT_VERIFY | later PICKUP_PHONE */
    purpose: text('purpose').notNull(),
    target: text('target').notNull(),
    /** who asked for it: the per-IP cap on sends counts these */
    ip: text('ip').notNull().default('0.0.0.0'),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    wrongAttempts: integer('wrong_attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otps_target_idx').on(t.purpose, t.target, t.createdAt), index('otps_ip_idx').on(t.ip, t.createdAt)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    accountKey: text('account_key').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_key_idx').on(t.accountKey, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Login throttling counters, one row per key (an account with one client address, a client
 * address, an account). Counted and checked in one statement, so simultaneous guesses cannot
 * slip past the limit; the window restarts an hour after it began.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

export const referralSources = pgTable('referral_sources', {
  id: serial('id').primaryKey(),
  sourceName: text('source_name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const plans = pgTable('plans', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  monthlyPrice: integer('monthly_price').notNull(),
  // the second price reading of the source data: kept as received, never charged nor shown
  // (docs/decisions/plan-prices.md)
  monthlyAlt: integer('monthly_alt'),
  yearlyAlt: integer('yearly_alt'),
  features: text('features').array().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const termsVersions = pgTable('terms_versions', {
  id: serial('id').primaryKey(),
  version: text('version').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    tcVersionId: integer('tc_version_id')
      .notNull()
      .references(() => termsVersions.id),
    status: text('status').notNull(),
    ipAddress: text('ip_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('terms_acceptances_account_idx').on(t.accountId)],
);

export const files = pgTable('files', {
  id: text('id').primaryKey(),
  orgId: integer('org_id').references(() => organisations.id),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
  /** base64; small images only (limits enforced by the upload route) */
  content: text('content').notNull(),
  /**
   * A brand asset meant for buyers (the company logo, tracking-page images): served to anyone and
   * cached. Every other file is private: read through a short-lived signed link or its own route.
   */
  public: boolean('public').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

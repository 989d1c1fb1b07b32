import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { KycDocumentKind } from '../../../src/domain/kyc-contract';
import { accounts, organisations } from './accounts';

// A seller's KYC (docs/decisions/kyc.md): one application per organisation, saved as the seller
// goes; its documents, kept here privately (bytes in the database, read only through the owner's
// or the staff's route, never a public address); and the append-only audit of every submission
// and staff decision. No full Aadhaar number is ever stored: its masked form and the provider's
// reference only.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const kycApplications = pgTable(
  'kyc_applications',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    /** DRAFT → SUBMITTED → APPROVED | REJECTED; a rejected one goes back to SUBMITTED when the seller resubmits */
    status: text('status').notNull().default('DRAFT'),
    businessType: text('business_type'),
    profileName: text('profile_name'),
    /** a proprietorship's answer to "registered for GST?" (null: not asked) */
    gstRegistered: boolean('gst_registered'),
    pan: text('pan'),
    panName: text('pan_name'),
    panReference: text('pan_reference'),
    panVerifiedAt: timestamp('pan_verified_at', { withTimezone: true }),
    signatoryName: text('signatory_name'),
    signatoryPan: text('signatory_pan'),
    signatoryPanName: text('signatory_pan_name'),
    signatoryPanVerifiedAt: timestamp('signatory_pan_verified_at', { withTimezone: true }),
    /** XXXX XXXX 1234: the only form of the Aadhaar number kept */
    aadhaarMasked: text('aadhaar_masked'),
    /** the provider's reference of the OTP sent (never the number) */
    aadhaarReference: text('aadhaar_reference'),
    aadhaarOtpSentTo: text('aadhaar_otp_sent_to'),
    aadhaarName: text('aadhaar_name'),
    aadhaarVerifiedAt: timestamp('aadhaar_verified_at', { withTimezone: true }),
    gstin: text('gstin'),
    gstLegalName: text('gst_legal_name'),
    gstReference: text('gst_reference'),
    gstVerifiedAt: timestamp('gst_verified_at', { withTimezone: true }),
    gstOtpReference: text('gst_otp_reference'),
    gstOtpSentTo: text('gst_otp_sent_to'),
    gstOtpConfirmedAt: timestamp('gst_otp_confirmed_at', { withTimezone: true }),
    /** when the last OTP (Aadhaar or GSTIN) was asked for: the resend lockout runs from here */
    otpSentAt: timestamp('otp_sent_at', { withTimezone: true }),
    /** wrong OTPs since the last one was sent */
    otpAttempts: integer('otp_attempts').notNull().default(0),
    cin: text('cin'),
    llpin: text('llpin'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => accounts.id),
    decisionNote: text('decision_note'),
    /** why a submitted application waits for a person (the automatic check's words), null when none */
    reviewReason: text('review_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('kyc_applications_status_ck', sql`${t.status} in ('DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED')`),
    uniqueIndex('kyc_applications_org_uq').on(t.orgId),
    index('kyc_applications_status_idx').on(t.status, t.submittedAt),
  ],
);

export const kycDocuments = pgTable(
  'kyc_documents',
  {
    /** random and unguessable (18 bytes, base64url); a guessed one answers 404 like another seller's */
    id: text('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => kycApplications.id),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    kind: text('kind').$type<KycDocumentKind>().notNull(),
    /** the file's name on the seller's device, as given */
    name: text('name').notNull(),
    /** sniffed from the bytes (file-type), never the name or the browser's word */
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    content: bytea('content').notNull(),
    /** UPLOADED → ACCEPTED | REJECTED (by staff) */
    status: text('status').notNull().default('UPLOADED'),
    remark: text('remark'),
    uploadedBy: integer('uploaded_by').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    /** set when a newer upload of the same kind took its place (kept for the audit) */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (t) => [
    check('kyc_documents_status_ck', sql`${t.status} in ('UPLOADED', 'ACCEPTED', 'REJECTED')`),
    uniqueIndex('kyc_documents_current_uq')
      .on(t.applicationId, t.kind)
      .where(sql`${t.replacedAt} is null`),
  ],
);

/** Append-only: rows are inserted, never updated or deleted (a source-scan test holds the service to it). */
export const kycDecisions = pgTable(
  'kyc_decisions',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => kycApplications.id),
    orgId: integer('org_id')
      .notNull()
      .references(() => organisations.id),
    /** SUBMITTED (by the seller), APPROVED or REJECTED (by staff), AUTO_APPROVED (by the automatic check), REVOKED (by staff) */
    action: text('action').notNull(),
    /** null for the automatic check: no person took that decision */
    byAccountId: integer('by_account_id').references(() => accounts.id),
    byName: text('by_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    note: text('note'),
    remarks: jsonb('remarks').$type<{ document: KycDocumentKind; remark: string }[]>().notNull().default([]),
  },
  (t) => [
    check(
      'kyc_decisions_action_ck',
      sql`${t.action} in ('SUBMITTED', 'APPROVED', 'REJECTED', 'AUTO_APPROVED', 'REVOKED')`,
    ),
    index('kyc_decisions_application_idx').on(t.applicationId, t.id),
  ],
);

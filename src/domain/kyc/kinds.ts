import { REMARKS_MAX } from '../remarks';
import type { BusinessType } from './business-type';

// What KYC's inputs are made of: the business types, the document kinds, the statuses and the
// rules of a document, a remark and an OTP. A module of its own so that the input schemas
// (src/domain/schemas/kyc.ts) and the KYC contract that serves them read it without a circle.

/** The business types a seller chooses from at KYC (the PAN holder statuses of business-type.ts that sell online). */
export const KYC_BUSINESS_TYPES = ['INDIVIDUAL', 'PROPRIETORSHIP', 'PARTNERSHIP', 'LLP', 'COMPANY'] as const;
export type KycBusinessType = (typeof KYC_BUSINESS_TYPES)[number] & BusinessType;

export const KYC_DOCUMENT_KINDS = ['PAN', 'GST', 'INCORPORATION', 'AADHAAR_FRONT', 'AADHAAR_BACK', 'PROFILE'] as const;
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];

export const KYC_STATUSES = ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const KYC_RULES = {
  /** the most one document may weigh: a phone photo or a scanned PDF fits */
  documentMaxBytes: 5 * 1024 * 1024,
  /** JPEG, PNG, WebP images and PDF, by their content */
  documentTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const,
  remarkMin: 5,
  remarkMax: REMARKS_MAX,
  noteMax: 500,
  profileNameMin: 3,
  profileNameMax: 100,
  /** seconds before another OTP may be asked for */
  otpResendSeconds: 60,
  /** wrong OTPs before a new one must be asked for */
  otpAttempts: 5,
} as const;

/** A KYC document's name. */
export const KYC_DOCUMENT_LABELS: Record<KycDocumentKind, string> = {
  PAN: 'PAN card',
  GST: 'GST registration certificate',
  INCORPORATION: 'Certificate of incorporation',
  AADHAAR_FRONT: 'Aadhaar card (front)',
  AADHAAR_BACK: 'Aadhaar card (back)',
  PROFILE: 'Photograph',
};

/** A KYC's state in the seller's words. */
export const KYC_STATUS_LABELS: Record<KycStatus, string> = {
  DRAFT: 'Not submitted',
  SUBMITTED: 'Waiting for review',
  APPROVED: 'Verified',
  REJECTED: 'Changes needed',
};

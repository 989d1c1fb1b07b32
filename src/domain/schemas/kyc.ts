import * as v from 'valibot';
import { KYC_BUSINESS_TYPES, KYC_DOCUMENT_KINDS, KYC_RULES, KYC_STATUSES } from '../kyc/kinds';
import { SIX_DIGITS } from './fields';
import { oneOf } from './choice';

// Inputs of KYC. A number's own rules (PAN's fourth letter for the business type, Aadhaar's check
// digit, the GSTIN's PAN and check character, CIN, LLPIN) are the pure checks of src/domain/kyc,
// run by the server against what the seller chose before; these schemas take the shape of the body.

const text = (field: string, max: number) =>
  v.pipe(v.string(`${field} is required`), v.trim(), v.maxLength(max, `${field} is too long`));

const nameText = `profileName must be ${KYC_RULES.profileNameMin} to ${KYC_RULES.profileNameMax} characters`;

/** The business and name step, and the CIN or LLPIN: each saved as the seller goes. */
export const SaveKycValuesBody = v.object({
  accountType: v.optional(oneOf(KYC_BUSINESS_TYPES, 'accountType')),
  profileName: v.optional(
    v.pipe(
      v.string('profileName is required'),
      v.trim(),
      v.minLength(KYC_RULES.profileNameMin, nameText),
      v.maxLength(KYC_RULES.profileNameMax, nameText),
      v.regex(/^[\p{L} .&'()-]+$/u, "profileName may have letters, spaces and . & ' ( ) - only"),
    ),
  ),
  gstRegistered: v.optional(v.boolean('gstRegistered must be true or false')),
  cinNumber: v.optional(text('cinNumber', 40)),
  llpinNumber: v.optional(text('llpinNumber', 20)),
});
export type SaveKycValuesInput = v.InferOutput<typeof SaveKycValuesBody>;

export const PanVerifyBody = v.object({ panNumber: text('panNumber', 20) });
export const SignatoryPanVerifyBody = v.object({
  signatoryName: v.pipe(
    text('signatoryName', KYC_RULES.profileNameMax),
    v.minLength(
      KYC_RULES.profileNameMin,
      `signatoryName must be ${KYC_RULES.profileNameMin} to ${KYC_RULES.profileNameMax} characters`,
    ),
  ),
  signatoryPanNumber: text('signatoryPanNumber', 20),
});
export const AadharVerifyBody = v.object({ aadharNumber: text('aadharNumber', 20) });
export const GstVerifyBody = v.object({ gstNumber: text('gstNumber', 20) });
export const KycOtpBody = v.object({
  otp: v.pipe(v.string('otp is required'), v.trim(), v.regex(SIX_DIGITS, 'otp must be 6 digits')),
});

const remark = v.pipe(
  v.string('remark is required'),
  v.trim(),
  v.minLength(KYC_RULES.remarkMin, `remark must be ${KYC_RULES.remarkMin} to ${KYC_RULES.remarkMax} characters`),
  v.maxLength(KYC_RULES.remarkMax, `remark must be ${KYC_RULES.remarkMin} to ${KYC_RULES.remarkMax} characters`),
);

/** The staff's decision: approve, or reject with a remark for each document to upload again. */
export const KycDecisionBody = v.pipe(
  v.object({
    status: oneOf(['APPROVED', 'REJECTED'], 'status', 'kycStatus'),
    note: v.optional(
      v.pipe(v.string('note must be text'), v.trim(), v.maxLength(KYC_RULES.noteMax, 'note is too long')),
      '',
    ),
    remarks: v.optional(
      v.pipe(
        v.array(
          v.object({
            document: oneOf(KYC_DOCUMENT_KINDS, 'document', 'kycDocument'),
            remark,
          }),
          'remarks must be a list',
        ),
        v.maxLength(KYC_DOCUMENT_KINDS.length, 'remarks: one per document at most'),
      ),
      [],
    ),
  }),
  v.check(
    (b) => b.status === 'APPROVED' || b.remarks.length > 0,
    'remarks: give a remark on each document to upload again',
  ),
  v.check((b) => b.status === 'REJECTED' || b.remarks.length === 0, 'remarks: an approval takes no remarks'),
  v.check(
    (b) => new Set(b.remarks.map((r) => r.document)).size === b.remarks.length,
    'remarks: one remark per document',
  ),
);
export type KycDecisionInput = v.InferOutput<typeof KycDecisionBody>;

export const KycStatusFilter = v.optional(oneOf(KYC_STATUSES, 'status', 'kycStatus'), 'SUBMITTED');
export const KycBusinessTypeFilter = v.optional(oneOf(KYC_BUSINESS_TYPES, 'accountType'));
export const KycDocumentKindParam = oneOf(KYC_DOCUMENT_KINDS, 'documentKind', 'kycDocument');

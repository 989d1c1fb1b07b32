import * as v from 'valibot';
import { countsSchema } from './account-contract';
import { pagedSchema } from './paged';
import { BUSINESS_TYPE_NAMES } from './kyc/business-type';
import {
  KYC_BUSINESS_TYPES,
  KYC_DOCUMENT_KINDS,
  KYC_RULES,
  KYC_STATUSES,
  type KycBusinessType,
  type KycDocumentKind,
  type KycStatus,
} from './kyc/kinds';
import { operation } from './operation';
import { numericId } from './params';
import { pagingEntries } from './paging';
import {
  AadharVerifyBody,
  GstVerifyBody,
  KycBusinessTypeFilter,
  KycDecisionBody,
  KycDocumentKindParam,
  KycOtpBody,
  KycStatusFilter,
  PanVerifyBody,
  SaveKycValuesBody,
  SignatoryPanVerifyBody,
} from './schemas/kyc';

// Paths, shapes and rules of a seller's KYC: the business type, the checks each one needs (PAN,
// Aadhaar by OTP, GSTIN with its OTP, CIN or LLPIN), the documents, the seller's submission and
// the staff's decision (approve, or reject with a remark per document). What each business type
// needs is one pure function here (`kycRequirements`), read by the server and the browser alike.

export { KYC_BUSINESS_TYPES, KYC_DOCUMENT_KINDS, KYC_RULES, KYC_STATUSES };
import { KYC_DOCUMENT_LABELS, KYC_STATUS_LABELS } from './kyc/kinds';
export type { KycBusinessType, KycDocumentKind, KycStatus };
export { KYC_DOCUMENT_LABELS, KYC_STATUS_LABELS };

export const KYC_BUSINESS_TYPE_LABELS: Record<KycBusinessType, string> = {
  INDIVIDUAL: 'Individual',
  PROPRIETORSHIP: 'Sole proprietorship',
  PARTNERSHIP: 'Partnership firm',
  LLP: 'Limited liability partnership (LLP)',
  COMPANY: 'Company (private or public limited)',
};
export const kycBusinessTypeInWords = (t: KycBusinessType) => BUSINESS_TYPE_NAMES[t];

/** Businesses with a PAN of their own, signed for by an authorised signatory. */
export const isEntity = (t: KycBusinessType | null): boolean => t === 'PARTNERSHIP' || t === 'LLP' || t === 'COMPANY';

/** The words beside a document in the list: what to upload, and whose. */
export function documentLabel(kind: KycDocumentKind, type: KycBusinessType | null): string {
  if (kind === 'PAN' && isEntity(type)) return 'PAN card of the business';
  if (kind === 'INCORPORATION' && type === 'PARTNERSHIP') return 'Partnership deed or registration certificate';
  if ((kind === 'AADHAAR_FRONT' || kind === 'AADHAAR_BACK' || kind === 'PROFILE') && isEntity(type))
    return `${KYC_DOCUMENT_LABELS[kind]} of the authorised signatory`;
  return KYC_DOCUMENT_LABELS[kind];
}

export const KYC_STEPS = ['business', 'pan', 'aadhaar', 'gst', 'registration', 'documents', 'review'] as const;
export type KycStep = (typeof KYC_STEPS)[number];
export const KYC_STEP_LABELS: Record<KycStep, string> = {
  business: 'Business',
  pan: 'PAN',
  aadhaar: 'Aadhaar',
  gst: 'GSTIN',
  registration: 'Registration',
  documents: 'Documents',
  review: 'Review',
};

export const KYC_CHECKS = ['PAN', 'SIGNATORY_PAN', 'AADHAAR', 'GSTIN', 'CIN', 'LLPIN'] as const;
export type KycCheck = (typeof KYC_CHECKS)[number];
const CHECK_WORDS: Record<KycCheck, string> = {
  PAN: 'verify your PAN',
  SIGNATORY_PAN: "verify the authorised signatory's PAN",
  AADHAAR: 'verify the Aadhaar number by OTP',
  GSTIN: 'verify your GSTIN',
  CIN: 'enter the CIN',
  LLPIN: 'enter the LLPIN',
};

export interface KycRequirements {
  steps: KycStep[];
  checks: KycCheck[];
  documents: KycDocumentKind[];
}

/**
 * What a business type needs, as Indian aggregators ask: an individual, PAN and Aadhaar; a
 * proprietorship, the owner's PAN and Aadhaar, and the GSTIN when registered for GST; a
 * partnership, LLP or company, the business's PAN, GSTIN, CIN (company) or LLPIN (LLP), the
 * certificate of incorporation (a partnership's deed), and the authorised signatory's PAN and
 * Aadhaar. Everyone uploads the PAN card, both sides of the Aadhaar card and a photograph.
 */
export function kycRequirements(type: KycBusinessType | null, gstRegistered: boolean | null): KycRequirements {
  if (type === null) return { steps: ['business'], checks: [], documents: [] };
  const entity = isEntity(type);
  const gst = entity || (type === 'PROPRIETORSHIP' && gstRegistered !== false);
  const checks: KycCheck[] = ['PAN'];
  if (entity) checks.push('SIGNATORY_PAN');
  checks.push('AADHAAR');
  if (gst) checks.push('GSTIN');
  if (type === 'COMPANY') checks.push('CIN');
  if (type === 'LLP') checks.push('LLPIN');
  const documents: KycDocumentKind[] = ['PAN'];
  if (gst) documents.push('GST');
  if (entity) documents.push('INCORPORATION');
  documents.push('AADHAAR_FRONT', 'AADHAAR_BACK', 'PROFILE');
  const steps: KycStep[] = ['business', 'pan', 'aadhaar'];
  if (entity || type === 'PROPRIETORSHIP') steps.push('gst');
  if (type === 'COMPANY' || type === 'LLP') steps.push('registration');
  steps.push('documents', 'review');
  return { steps, checks, documents };
}

export const DOCUMENT_STATUSES = ['UPLOADED', 'ACCEPTED', 'REJECTED'] as const;
export type KycDocumentStatus = (typeof DOCUMENT_STATUSES)[number];

const nullableString = v.nullable(v.string());

export const KycDocumentSchema = v.object({
  documentId: v.string(),
  kind: v.picklist(KYC_DOCUMENT_KINDS),
  label: v.string(),
  /** the file's name as the seller's device had it */
  name: v.string(),
  contentType: v.string(),
  byteSize: v.number(),
  status: v.picklist(DOCUMENT_STATUSES),
  /** the staff's remark on a rejected document */
  remark: nullableString,
  uploadedAt: v.string(),
  /** where the owner (or staff, on the staff path) reads the file: never public */
  url: v.string(),
});
export type KycDocument = v.InferOutput<typeof KycDocumentSchema>;

export const KycValuesSchema = v.object({
  accountType: v.nullable(v.picklist(KYC_BUSINESS_TYPES)),
  profileName: nullableString,
  gstRegistered: v.nullable(v.boolean()),
  panNumber: nullableString,
  signatoryName: nullableString,
  signatoryPanNumber: nullableString,
  /** masked: XXXX XXXX 1234 (the full number is never kept) */
  aadharNumber: nullableString,
  gstNumber: nullableString,
  cinNumber: nullableString,
  llpinNumber: nullableString,
});
export type KycValues = v.InferOutput<typeof KycValuesSchema>;

export const KycProgressSchema = v.object({
  /** 0 to 100: what is done of what this business type needs */
  progress: v.number(),
  steps: v.array(v.picklist(KYC_STEPS)),
  /** the steps with nothing left to do */
  doneSteps: v.array(v.picklist(KYC_STEPS)),
  /** what is left, in the seller's words */
  missing: v.array(v.string()),
});
export type KycProgress = v.InferOutput<typeof KycProgressSchema>;

export const KycDetailsSchema = v.object({
  applicationId: v.nullable(v.number()),
  status: v.picklist(KYC_STATUSES),
  submittedAt: nullableString,
  decidedAt: nullableString,
  /** the staff's note with their decision (or the checks the automatic check found passed) */
  decisionNote: nullableString,
  /** while waiting for review: why the automatic check left it to a person */
  reviewReason: nullableString,
});
export type KycDetails = v.InferOutput<typeof KycDetailsSchema>;

export const KycViewSchema = v.object({
  ...KycDetailsSchema.entries,
  values: KycValuesSchema,
  panName: nullableString,
  panVerified: v.boolean(),
  signatoryPanName: nullableString,
  signatoryPanVerified: v.boolean(),
  aadhaarName: nullableString,
  aadhaarVerified: v.boolean(),
  /** where the Aadhaar OTP went, while one waits to be entered */
  aadhaarOtpSentTo: nullableString,
  gstLegalName: nullableString,
  gstVerified: v.boolean(),
  /** whether this GSTIN is confirmed by the taxpayer's OTP too (when the provider offers it) */
  gstOtpRequired: v.boolean(),
  gstOtpSentTo: nullableString,
  gstOtpConfirmed: v.boolean(),
  /** seconds before another OTP may be asked for (0: now) */
  otpResendSeconds: v.number(),
  required: v.object({
    steps: v.array(v.picklist(KYC_STEPS)),
    checks: v.array(v.picklist(KYC_CHECKS)),
    documents: v.array(v.picklist(KYC_DOCUMENT_KINDS)),
  }),
  progress: KycProgressSchema,
  documents: v.array(KycDocumentSchema),
  /** what the seller may still change: everything while a draft, only rejected documents after a rejection */
  editable: v.boolean(),
});
export type KycView = v.InferOutput<typeof KycViewSchema>;

export const KYC_ACTIONS = ['SUBMITTED', 'APPROVED', 'REJECTED', 'AUTO_APPROVED', 'REVOKED'] as const;
export type KycAction = (typeof KYC_ACTIONS)[number];

export const KycDecisionRowSchema = v.object({
  decisionId: v.number(),
  action: v.picklist(KYC_ACTIONS),
  /** null for the automatic check */
  byAccountId: v.nullable(v.number()),
  byName: v.string(),
  at: v.string(),
  note: nullableString,
  remarks: v.array(v.object({ document: v.picklist(KYC_DOCUMENT_KINDS), remark: v.string() })),
});
export type KycDecisionRow = v.InferOutput<typeof KycDecisionRowSchema>;

export const StaffKycViewSchema = v.object({
  ...KycViewSchema.entries,
  orgId: v.number(),
  companyName: v.string(),
  /** the seller account's holder (the owner's first and last name, as signed up); null when none is found */
  accountHolderName: nullableString,
  /** the name on the PAN differs from the account holder's by the automatic check's name rule (panNameDiffers) */
  panNameDiffers: v.boolean(),
  /** the audit of this application, oldest first: every submission and decision */
  decisions: v.array(KycDecisionRowSchema),
});
export type StaffKycView = v.InferOutput<typeof StaffKycViewSchema>;

export const StaffKycRowSchema = v.object({
  applicationId: v.number(),
  orgId: v.number(),
  companyName: v.string(),
  businessType: v.nullable(v.picklist(KYC_BUSINESS_TYPES)),
  profileName: nullableString,
  status: v.picklist(KYC_STATUSES),
  submittedAt: nullableString,
  documentCount: v.number(),
});
export type StaffKycRow = v.InferOutput<typeof StaffKycRowSchema>;

export const StaffKycListSchema = v.object({
  ...pagedSchema(StaffKycRowSchema).entries,
  counts: countsSchema(KYC_STATUSES),
});
export type StaffKycList = v.InferOutput<typeof StaffKycListSchema>;

/**
 * The PAN that names a person, compared with the account holder's name: the business's own PAN for
 * an individual or a proprietorship, the authorised signatory's for a partnership, LLP or company.
 */
export function personalPan(
  type: KycBusinessType | null,
  names: { panName: string | null; signatoryPanName: string | null },
): { name: string | null; signatory: boolean } {
  return isEntity(type) ? { name: names.signatoryPanName, signatory: true } : { name: names.panName, signatory: false };
}

/** Staff's flag on an application whose PAN names someone else than the account holder. */
export function panNameDiffersText(
  a: Pick<StaffKycView, 'values' | 'panName' | 'signatoryPanName' | 'accountHolderName'>,
) {
  const pan = personalPan(a.values.accountType, a);
  return `Name on ${pan.signatory ? "the signatory's PAN" : 'PAN'} (${(pan.name ?? '').trim()}) differs from the account holder (${(a.accountHolderName ?? 'no name').trim()})`;
}

/** The label of a check in the seller's words ("verify your PAN"). */
export const checkWords = (c: KycCheck) => CHECK_WORDS[c];

export interface KycFacts {
  businessType: KycBusinessType | null;
  profileName: string | null;
  gstRegistered: boolean | null;
  done: Partial<Record<KycCheck, boolean>>;
  /** document kinds uploaded and not rejected */
  documents: KycDocumentKind[];
}

/** How far the seller is: one item for the business and name, one a check, one a document. */
export function kycProgress(f: KycFacts): KycProgress {
  const req = kycRequirements(f.businessType, f.gstRegistered);
  const missing: string[] = [];
  const business = f.businessType !== null && !!f.profileName;
  if (!business) missing.push('choose your business type and enter your name');
  const checksLeft = req.checks.filter((c) => !f.done[c]);
  for (const c of checksLeft) missing.push(checkWords(c));
  const docsLeft = req.documents.filter((d) => !f.documents.includes(d));
  for (const d of docsLeft) missing.push(`upload the ${documentLabel(d, f.businessType)}`);
  const total = 1 + req.checks.length + req.documents.length + (f.businessType === null ? 4 : 0);
  const done = (business ? 1 : 0) + req.checks.length - checksLeft.length + req.documents.length - docsLeft.length;
  const stepDone: Record<KycStep, boolean> = {
    business,
    pan: !!f.done.PAN && (!isEntity(f.businessType) || !!f.done.SIGNATORY_PAN),
    aadhaar: !!f.done.AADHAAR,
    gst: !req.checks.includes('GSTIN') || !!f.done.GSTIN,
    registration: !checksLeft.some((c) => c === 'CIN' || c === 'LLPIN'),
    documents: docsLeft.length === 0,
    review: false,
  };
  return {
    progress: Math.floor((done * 100) / total),
    steps: req.steps,
    doneSteps: req.steps.filter((s) => stepDone[s]),
    missing,
  };
}

/** The first step with something left to do (review when nothing is). */
export function firstOpenStep(p: KycProgress): KycStep {
  return p.steps.find((s) => s !== 'review' && !p.doneSteps.includes(s)) ?? 'review';
}

export const kycStatusText = (s: KycStatus) => KYC_STATUS_LABELS[s];

// The operations: each declared once, served by server/modules/kyc/routes.ts, sent by the browser
// with call() (src/services/call.ts) and by the server's tests with the same typed call.

const TAG = 'kyc';
/** The staff's operations are listed among the corporate ones in the OpenAPI document. */
const STAFF_TAG = 'corporate';
const documentIdParam = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'documentId: no such document'));
const ApplicationParam = v.object({ applicationId: numericId('applicationId') });
/** The document a KYC answer's `url` names is sent by the owner's or staff's download, never public. */
const DOCUMENT_FILE = { file: '*/*', returns: 'the document (JPEG, PNG, WebP or PDF)' } as const;
const CHECK_ERRORS = {
  409: 'submitted already, or sent back for documents only',
  422: 'the number was refused, its name does not match, or a step before it is missing',
  503: 'the verification service did not answer; nothing was decided',
};
const OTP_SENT_ERRORS = { ...CHECK_ERRORS, 429: 'an OTP was sent less than a minute ago' };
const OTP_CHECK_ERRORS = { ...CHECK_ERRORS, 429: 'too many wrong OTPs: ask for a new one' };
/** The 413 of a document over the size limit. */
export const DOCUMENT_TOO_LARGE = `File must be at most ${KYC_RULES.documentMaxBytes / (1024 * 1024)} MB`;
/** The 415 of a document that is not an image or a PDF by its content. */
export const DOCUMENT_WRONG_TYPE =
  'File must be a JPEG, PNG or WebP image or a PDF (checked by its content, not its name)';

const sellerRead = <R extends v.GenericSchema>(path: string, summary: string, response: R) =>
  operation({ method: 'get', path, tag: TAG, summary, response });
const sellerCheck = <B extends v.GenericSchema | undefined>(
  path: string,
  summary: string,
  body: B,
  errors: Partial<Record<409 | 422 | 429 | 503, string>> = CHECK_ERRORS,
) => operation({ method: 'post', path, tag: TAG, body, summary, response: KycViewSchema, errors });

export const API_KYC = {
  // seller: reading
  inProgress: sellerRead(
    '/api/v1/kyc/in-progress',
    "The seller's KYC as it stands: values, checks, documents, what the business type needs and the progress",
    KycViewSchema,
  ),
  details: sellerRead('/api/v1/kyc/details', "The KYC's status and the staff's decision", KycDetailsSchema),
  values: sellerRead('/api/v1/kyc/values', 'The KYC form values (the Aadhaar number masked)', KycValuesSchema),
  docs: sellerRead(
    '/api/v1/kyc/docs',
    "The KYC documents uploaded, with the staff's remarks",
    v.array(KycDocumentSchema),
  ),
  progress: sellerRead(
    '/api/v1/kyc/progress',
    "The KYC's steps, the ones done, a progress figure and what is left",
    KycProgressSchema,
  ),
  file: operation({
    method: 'get',
    path: '/api/v1/kyc/docs/file/:documentId',
    tag: TAG,
    params: v.object({ documentId: documentIdParam }),
    summary: "One of the seller's KYC documents (another seller's, or an id that is not one, is not found)",
    response: { file: DOCUMENT_FILE.file },
    returns: DOCUMENT_FILE.returns,
    errors: { 404: 'no such document' },
  }),
  // seller: saving and checking
  saveValues: sellerCheck(
    '/api/v1/kyc/values',
    'Saves the business type, the name, whether a proprietorship is registered for GST, and the CIN or LLPIN',
    SaveKycValuesBody,
  ),
  panVerify: sellerCheck(
    '/api/v1/kyc/pan/verify',
    "Verifies the PAN (its fourth letter fits the business type) with the provider; the name on it must match the seller's",
    PanVerifyBody,
  ),
  signatoryPanVerify: sellerCheck(
    '/api/v1/kyc/pan/verify-signatory',
    "Verifies the authorised signatory's PAN (partnership, LLP, company) by name",
    SignatoryPanVerifyBody,
  ),
  aadharVerify: sellerCheck(
    '/api/v1/kyc/aadhar/verify',
    'Sends an OTP to the mobile registered with the Aadhaar number (kept masked only, never in full)',
    AadharVerifyBody,
    OTP_SENT_ERRORS,
  ),
  aadharSubmit: sellerCheck(
    '/api/v1/kyc/aadhar/submit',
    "Checks the Aadhaar OTP; the name on the Aadhaar must match the seller's (or the signatory's)",
    KycOtpBody,
    OTP_CHECK_ERRORS,
  ),
  gstVerify: sellerCheck(
    '/api/v1/kyc/gst/verify',
    "Verifies the GSTIN (its state code, the seller's PAN inside it, its check character), active, by legal name",
    GstVerifyBody,
  ),
  gstGenerateOtp: sellerCheck(
    '/api/v1/kyc/gst/generateOtp',
    "Sends the GST portal's OTP to the GSTIN's registered mobile (when the provider offers it)",
    undefined,
    OTP_SENT_ERRORS,
  ),
  gstSubmitOtp: sellerCheck(
    '/api/v1/kyc/gst/submitOtp',
    "Checks the GST portal's OTP: the seller controls the GSTIN",
    KycOtpBody,
    OTP_CHECK_ERRORS,
  ),
  upload: operation({
    method: 'post',
    path: '/api/v1/kyc/docs/:documentKind',
    tag: TAG,
    params: v.object({ documentKind: KycDocumentKindParam }),
    multipart: true,
    summary:
      'Uploads one KYC document (field "file"; JPEG, PNG, WebP or PDF up to 5 MB, checked by its content); after a rejection, only the documents sent back',
    response: KycViewSchema,
    errors: {
      409: 'submitted, or not a document sent back',
      413: DOCUMENT_TOO_LARGE,
      415: DOCUMENT_WRONG_TYPE,
    },
  }),
  submit: operation({
    method: 'post',
    path: '/api/v1/kyc/submit',
    tag: TAG,
    summary:
      'Sends the KYC for review once everything the business type needs is done (a repeat answers it as it stands)',
    response: KycViewSchema,
    errors: { 409: 'verified already', 422: 'something is missing, or a document sent back was not uploaded again' },
  }),
  // staff
  pendingApprovals: operation({
    method: 'get',
    path: '/api/v1/corporate/kyc/pending-approvals',
    tag: STAFF_TAG,
    query: v.object({ ...pagingEntries, status: KycStatusFilter, accountType: KycBusinessTypeFilter }),
    summary:
      'KYC applications by status (waiting for review by default, oldest first), by business type and search (company, name, PAN, GSTIN), with counts by status',
    response: StaffKycListSchema,
  }),
  staffApplication: operation({
    method: 'get',
    path: '/api/v1/corporate/kyc/:applicationId',
    tag: STAFF_TAG,
    params: ApplicationParam,
    summary: 'One KYC application with its documents and the audit of every submission and decision',
    response: StaffKycViewSchema,
    errors: { 404: 'no such application' },
  }),
  staffFile: operation({
    method: 'get',
    path: '/api/v1/corporate/kyc/:applicationId/docs/:documentId',
    tag: STAFF_TAG,
    params: v.object({ applicationId: numericId('applicationId'), documentId: documentIdParam }),
    summary: 'One document of a KYC application, for staff',
    response: { file: DOCUMENT_FILE.file },
    returns: DOCUMENT_FILE.returns,
    errors: { 404: 'no such document' },
  }),
  status: operation({
    method: 'put',
    path: '/api/v1/corporate/kyc/:applicationId/status',
    tag: STAFF_TAG,
    params: ApplicationParam,
    body: KycDecisionBody,
    summary:
      'Approves a submitted KYC (the seller may then ship), or rejects it with a remark on each document to upload again; audited',
    response: StaffKycViewSchema,
    errors: { 404: 'no such application', 409: 'not waiting for a decision (decided already)' },
  }),
} as const;

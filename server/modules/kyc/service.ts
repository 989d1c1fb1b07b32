import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db, Tx, Executor } from '../../db/client';
import { accounts, bankAccounts, kycApplications, kycDecisions, kycDocuments, organisations } from '../../db/schema';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import { containsPattern } from '../../http/paging';
import type { SellerCaller, Caller } from '../../http/router';
import type { Answer, Refused } from '../../verification/provider';
import { pathOf } from '../../../src/domain/operation';
import {
  API_KYC,
  DOCUMENT_TOO_LARGE,
  DOCUMENT_WRONG_TYPE,
  documentLabel,
  isEntity,
  KYC_DOCUMENT_KINDS,
  KYC_RULES,
  KYC_STATUSES,
  kycProgress,
  kycRequirements,
  personalPan,
  type KycBusinessType,
  type KycCheck,
  type KycDecisionRow,
  type KycDetails,
  type KycDocument,
  type KycDocumentKind,
  type KycStatus,
  type KycValues,
  type KycView,
  type StaffKycList,
  type StaffKycView,
} from '../../../src/domain/kyc-contract';
import type { KycDecisionInput, SaveKycValuesInput } from '../../../src/domain/schemas/kyc';
import { fieldLabel } from '../../../src/domain/schemas/labels';
import { MSG } from '../../../src/domain/messages';
import { aadhaarProblem, normaliseAadhaar } from '../../../src/domain/kyc/aadhaar';
import { cinProblem, normaliseRegistration } from '../../../src/domain/kyc/cin';
import { gstinKycProblem, normaliseGstin } from '../../../src/domain/kyc/gstin';
import { llpinProblem, normaliseLlpin } from '../../../src/domain/kyc/llpin';
import { maskAadhaar } from '../../../src/domain/kyc/mask';
import { automaticKyc, panNameDiffers, type AutomaticKycOutcome } from '../../../src/domain/kyc/automatic';
import { nameMatchProblem } from '../../../src/domain/kyc/name-match';
import { normalisePan, panProblem } from '../../../src/domain/kyc/pan';
import { sniffDocument } from './sniff';
import { kycNotification, notify } from '../notices/notify';
import { safeFileName } from '../files/file-name';

// A seller's KYC: saved as the seller goes (one application per organisation), each number
// checked by the pure rules of src/domain/kyc and then by the verification provider, names
// compared by the one written rule (matchNames), documents sniffed by content and kept privately.
// The seller submits; when every provider check passed and the names agree, the automatic check
// verifies it at once (src/domain/kyc/automatic.ts); otherwise staff approve (the organisation is
// then KYC-verified, and keeps the GSTIN verified here) or reject with a remark per document, and
// the seller uploads again only those. Staff may revoke a verified KYC the same way. Every
// submission and decision is appended to kyc_decisions.

type App = typeof kycApplications.$inferSelect;
type Doc = typeof kycDocuments.$inferSelect;

export const KYC_TEXT = {
  chooseTypeFirst: 'Business type: choose your business type first',
  nameFirst: 'Name: enter your name (as on your PAN) first',
  panFirst: 'PAN: verify your PAN first',
  notForType: (what: string) => `${what} is not needed for your business type`,
  locked: 'Your KYC is waiting for review and cannot be changed now',
  approved: 'Your KYC is verified already',
  onlyRejected: 'Only the documents staff sent back can be uploaded again',
  sentBack: 'Your KYC was sent back for documents only: upload again the ones marked',
  providerDown:
    'The verification service is not answering right now; nothing was decided. Please try again in a few minutes',
  unsupported: 'This check is not offered by the verification service',
  noOtp: 'OTP: ask for an OTP first',
  gstNotActive: (status: string) =>
    `GSTIN is ${status.toLowerCase()} on the GST portal: only an active registration can be used`,
  incomplete: (missing: string[]) => `Your KYC is not complete yet: ${missing.join('; ')}`,
  notSubmitted: 'This KYC is not waiting for a decision',
  remarkNotUploaded: (kind: KycDocumentKind) => `Remarks: no ${documentLabel(kind, null)} was uploaded`,
  reuploadFirst: (labels: string[]) => `Upload again: ${labels.join(', ')}`,
} as const;

// ---------- reading ----------

async function applicationOf(db: Executor, orgId: number, lock = false): Promise<App | null> {
  const q = db.select().from(kycApplications).where(eq(kycApplications.orgId, orgId));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

async function currentDocuments(db: Executor, applicationId: number): Promise<Doc[]> {
  return db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.applicationId, applicationId), isNull(kycDocuments.replacedAt)))
    .then((rows) => rows.sort((a, b) => KYC_DOCUMENT_KINDS.indexOf(a.kind) - KYC_DOCUMENT_KINDS.indexOf(b.kind)));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function checksDone(a: App, gstOtp: boolean): Partial<Record<KycCheck, boolean>> {
  return {
    PAN: !!a.panVerifiedAt,
    SIGNATORY_PAN: !!a.signatoryPanVerifiedAt,
    AADHAAR: !!a.aadhaarVerifiedAt,
    GSTIN: !!a.gstVerifiedAt && (!gstOtp || !!a.gstOtpConfirmedAt),
    CIN: !!a.cin,
    LLPIN: !!a.llpin,
  };
}

function toDocument(d: Doc, type: KycBusinessType | null, url: string): KycDocument {
  return {
    documentId: d.id,
    kind: d.kind,
    label: documentLabel(d.kind, type),
    name: d.name,
    contentType: d.contentType,
    byteSize: d.byteSize,
    status: d.status as KycDocument['status'],
    remark: d.remark,
    uploadedAt: d.uploadedAt.toISOString(),
    url,
  };
}

function valuesOf(a: App | null): KycValues {
  return {
    accountType: (a?.businessType as KycBusinessType | null) ?? null,
    profileName: a?.profileName ?? null,
    gstRegistered: a?.gstRegistered ?? null,
    panNumber: a?.pan ?? null,
    signatoryName: a?.signatoryName ?? null,
    signatoryPanNumber: a?.signatoryPan ?? null,
    aadharNumber: a?.aadhaarMasked ?? null,
    gstNumber: a?.gstin ?? null,
    cinNumber: a?.cin ?? null,
    llpinNumber: a?.llpin ?? null,
  };
}

function buildView(deps: AppDeps, a: App | null, docs: Doc[], verified: boolean, staffUrl?: number): KycView {
  const type = (a?.businessType as KycBusinessType | null) ?? null;
  const status: KycStatus = a ? (a.status as KycStatus) : verified ? 'APPROVED' : 'DRAFT';
  const req = kycRequirements(type, a?.gstRegistered ?? null);
  const progress = kycProgress({
    businessType: type,
    profileName: a?.profileName ?? null,
    gstRegistered: a?.gstRegistered ?? null,
    done: a ? checksDone(a, deps.verification.gstinOtp) : {},
    documents: docs.filter((d) => d.status !== 'REJECTED').map((d) => d.kind),
  });
  if (status === 'SUBMITTED' || status === 'APPROVED') progress.progress = 100;
  const waited = a?.otpSentAt ? (deps.now().getTime() - a.otpSentAt.getTime()) / 1000 : Infinity;
  return {
    applicationId: a?.id ?? null,
    status,
    submittedAt: iso(a?.submittedAt ?? null),
    decidedAt: iso(a?.decidedAt ?? null),
    decisionNote: a?.decisionNote ?? null,
    reviewReason: status === 'SUBMITTED' ? (a?.reviewReason ?? null) : null,
    values: valuesOf(a),
    panName: a?.panName ?? null,
    panVerified: !!a?.panVerifiedAt,
    signatoryPanName: a?.signatoryPanName ?? null,
    signatoryPanVerified: !!a?.signatoryPanVerifiedAt,
    aadhaarName: a?.aadhaarName ?? null,
    aadhaarVerified: !!a?.aadhaarVerifiedAt,
    aadhaarOtpSentTo: a && !a.aadhaarVerifiedAt ? a.aadhaarOtpSentTo : null,
    gstLegalName: a?.gstLegalName ?? null,
    gstVerified: !!a?.gstVerifiedAt,
    gstOtpRequired: deps.verification.gstinOtp,
    gstOtpSentTo: a && !a.gstOtpConfirmedAt ? a.gstOtpSentTo : null,
    gstOtpConfirmed: !!a?.gstOtpConfirmedAt,
    otpResendSeconds: Math.max(0, Math.ceil(KYC_RULES.otpResendSeconds - waited)),
    required: req,
    progress,
    documents: docs.map((d) =>
      toDocument(
        d,
        type,
        staffUrl
          ? pathOf(API_KYC.staffFile, { applicationId: staffUrl, documentId: d.id })
          : pathOf(API_KYC.file, { documentId: d.id }),
      ),
    ),
    editable: status === 'DRAFT' || status === 'REJECTED',
  };
}

async function orgVerified(db: Executor, orgId: number): Promise<boolean> {
  const [o] = await db
    .select({ kycVerified: organisations.kycVerified })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  return o?.kycVerified ?? false;
}

/** The seller's KYC as the screen shows it (a seller verified without an application reads as approved). */
export async function sellerView(deps: AppDeps, orgId: number): Promise<KycView> {
  const a = await applicationOf(deps.db, orgId);
  const docs = a ? await currentDocuments(deps.db, a.id) : [];
  return buildView(deps, a, docs, await orgVerified(deps.db, orgId));
}

export async function sellerDetails(deps: AppDeps, orgId: number): Promise<KycDetails> {
  const { applicationId, status, submittedAt, decidedAt, decisionNote, reviewReason } = await sellerView(deps, orgId);
  return { applicationId, status, submittedAt, decidedAt, decisionNote, reviewReason };
}

// ---------- changing the application ----------

/** The seller's application, made when first needed, locked for this transaction; refuses changes once submitted. */
async function draftOf(tx: Tx, orgId: number, now: Date): Promise<App> {
  await tx
    .insert(kycApplications)
    .values({ orgId, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: kycApplications.orgId });
  const a = (await applicationOf(tx, orgId, true))!;
  if (a.status === 'SUBMITTED') throw conflict(KYC_TEXT.locked);
  if (a.status === 'APPROVED') throw conflict(KYC_TEXT.approved);
  if (a.status === 'REJECTED') throw conflict(KYC_TEXT.sentBack);
  if ((await orgVerified(tx, orgId)) && a.status === 'DRAFT') throw conflict(KYC_TEXT.approved);
  return a;
}

type Change = Partial<typeof kycApplications.$inferInsert>;

/** Runs a change to the draft in one transaction and answers the application as it now stands. */
async function changeDraft(
  deps: AppDeps,
  orgId: number,
  change: (a: App, tx: Tx) => Promise<Change> | Change,
): Promise<KycView> {
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const a = await draftOf(tx, orgId, now);
    const set = await change(a, tx);
    await tx
      .update(kycApplications)
      .set({ ...set, updatedAt: now })
      .where(eq(kycApplications.id, a.id));
  });
  return sellerView(deps, orgId);
}

/** A refusal of the provider in the seller's words: the number refused (422), a wrong OTP (422) or nobody answering (503). */
function refusal(r: Refused, field: string, what: string): ApiError {
  if (r.reason === 'UNAVAILABLE') return new ApiError(503, KYC_TEXT.providerDown);
  if (r.reason === 'UNSUPPORTED') return new ApiError(422, KYC_TEXT.unsupported);
  if (r.reason === 'OTP_INVALID') return new ApiError(422, MSG.incorrectOtp);
  return new ApiError(422, `${fieldLabel(field)}: ${what}`);
}

async function ask<T>(answer: Promise<Answer<T>>, field: string, what: string): Promise<T> {
  const r = await answer.catch(() => ({ ok: false, reason: 'UNAVAILABLE', detail: 'threw' }) as Refused);
  if (!r.ok) throw refusal(r, field, what);
  return r;
}

const typeOf = (a: App) => {
  if (!a.businessType) throw new ApiError(422, KYC_TEXT.chooseTypeFirst);
  return a.businessType as KycBusinessType;
};

const clearedChecks: Change = {
  pan: null,
  panName: null,
  panReference: null,
  panVerifiedAt: null,
  signatoryName: null,
  signatoryPan: null,
  signatoryPanName: null,
  signatoryPanVerifiedAt: null,
  aadhaarMasked: null,
  aadhaarReference: null,
  aadhaarOtpSentTo: null,
  aadhaarName: null,
  aadhaarVerifiedAt: null,
  gstin: null,
  gstLegalName: null,
  gstReference: null,
  gstVerifiedAt: null,
  gstOtpReference: null,
  gstOtpSentTo: null,
  gstOtpConfirmedAt: null,
  cin: null,
  llpin: null,
};

/** The business type, the name, "registered for GST?", the CIN or LLPIN: saved as the seller goes. */
export function saveValues(deps: AppDeps, caller: SellerCaller, body: SaveKycValuesInput): Promise<KycView> {
  return changeDraft(deps, caller.orgId, (a) => {
    const set: Change = {};
    const type = (body.accountType ?? a.businessType) as KycBusinessType | null;
    if (body.accountType && body.accountType !== a.businessType) {
      // a PAN verified for another kind of business does not fit this one: checks start again
      Object.assign(set, clearedChecks, { businessType: body.accountType, gstRegistered: null });
    }
    if (body.profileName !== undefined && body.profileName !== a.profileName) {
      set.profileName = body.profileName;
      // the PAN and GSTIN were matched against the old name
      Object.assign(set, { panName: null, panVerifiedAt: null, gstLegalName: null, gstVerifiedAt: null });
    }
    if (body.gstRegistered !== undefined) {
      if (type !== 'PROPRIETORSHIP') throw badRequest(KYC_TEXT.notForType(fieldLabel('gstRegistered')));
      set.gstRegistered = body.gstRegistered;
      if (!body.gstRegistered)
        Object.assign(set, {
          gstin: null,
          gstLegalName: null,
          gstVerifiedAt: null,
          gstOtpReference: null,
          gstOtpSentTo: null,
          gstOtpConfirmedAt: null,
        });
    }
    if (body.cinNumber !== undefined) {
      if (type !== 'COMPANY') throw badRequest(KYC_TEXT.notForType(fieldLabel('cinNumber')));
      const problem = cinProblem(body.cinNumber, deps.now().getUTCFullYear());
      if (problem) throw badRequest(problem);
      set.cin = normaliseRegistration(body.cinNumber);
    }
    if (body.llpinNumber !== undefined) {
      if (type !== 'LLP') throw badRequest(KYC_TEXT.notForType(fieldLabel('llpinNumber')));
      const problem = llpinProblem(body.llpinNumber);
      if (problem) throw badRequest(problem);
      set.llpin = normaliseLlpin(body.llpinNumber);
    }
    return set;
  });
}

/** The PAN: the business's (or an individual's own), checked by shape and fourth letter, then by the provider, then by name. */
export async function verifyPan(deps: AppDeps, caller: SellerCaller, value: string): Promise<KycView> {
  const before = await applicationOf(deps.db, caller.orgId);
  const type = before?.businessType as KycBusinessType | null;
  if (!type) throw new ApiError(422, KYC_TEXT.chooseTypeFirst);
  const problem = panProblem(value, type);
  if (problem) throw badRequest(problem);
  if (!before?.profileName) throw new ApiError(422, KYC_TEXT.nameFirst);
  const pan = normalisePan(value);
  const r = await ask(
    deps.verification.verifyPan(pan, before.profileName),
    'panNumber',
    'the Income Tax Department has no such PAN',
  );
  const mismatch = nameMatchProblem('profileName', before.profileName, r.registeredName, 'the name on the PAN');
  if (mismatch) throw new ApiError(422, mismatch);
  return changeDraft(deps, caller.orgId, (a) => {
    if (a.businessType !== type || a.profileName !== before.profileName) throw conflict(KYC_TEXT.locked);
    const changed = a.pan !== pan;
    return {
      pan,
      panName: r.registeredName,
      panReference: r.reference,
      panVerifiedAt: deps.now(),
      // a GSTIN carries the PAN: another PAN needs its GSTIN verified again
      ...(changed
        ? { gstin: null, gstLegalName: null, gstVerifiedAt: null, gstOtpReference: null, gstOtpConfirmedAt: null }
        : {}),
    };
  });
}

/** The authorised signatory of a partnership, LLP or company: their own PAN (an individual's), by name. */
export async function verifySignatoryPan(
  deps: AppDeps,
  caller: SellerCaller,
  body: { signatoryName: string; signatoryPanNumber: string },
): Promise<KycView> {
  const before = await applicationOf(deps.db, caller.orgId);
  const type = before?.businessType as KycBusinessType | null;
  if (!type) throw new ApiError(422, KYC_TEXT.chooseTypeFirst);
  if (!isEntity(type)) throw badRequest(KYC_TEXT.notForType(fieldLabel('signatoryPanNumber')));
  const problem = panProblem(body.signatoryPanNumber, 'INDIVIDUAL', 'signatoryPanNumber');
  if (problem) throw badRequest(problem);
  const pan = normalisePan(body.signatoryPanNumber);
  const r = await ask(
    deps.verification.verifyPan(pan, body.signatoryName),
    'signatoryPanNumber',
    'the Income Tax Department has no such PAN',
  );
  const mismatch = nameMatchProblem('signatoryName', body.signatoryName, r.registeredName, 'the name on the PAN');
  if (mismatch) throw new ApiError(422, mismatch);
  return changeDraft(deps, caller.orgId, (a) => {
    if (a.businessType !== type) throw conflict(KYC_TEXT.locked);
    return {
      signatoryName: body.signatoryName,
      signatoryPan: pan,
      signatoryPanName: r.registeredName,
      signatoryPanVerifiedAt: deps.now(),
    };
  });
}

/** Refuses another OTP within the resend lockout (the screen counts the same seconds). */
function checkResend(a: App | null, now: Date) {
  if (!a?.otpSentAt) return;
  const left = Math.ceil(KYC_RULES.otpResendSeconds - (now.getTime() - a.otpSentAt.getTime()) / 1000);
  if (left > 0) throw new ApiError(429, MSG.otpResendWait(left));
}

/** Sends the Aadhaar OTP: the full number goes to the provider only; the masked number and the OTP's reference are kept. */
export async function aadhaarVerify(deps: AppDeps, caller: SellerCaller, value: string): Promise<KycView> {
  const before = await applicationOf(deps.db, caller.orgId);
  if (!before?.businessType) throw new ApiError(422, KYC_TEXT.chooseTypeFirst);
  const problem = aadhaarProblem(value);
  if (problem) throw badRequest(problem);
  checkResend(before, deps.now());
  const aadhaar = normaliseAadhaar(value);
  const r = await ask(
    deps.verification.generateAadhaarOtp(aadhaar),
    'aadharNumber',
    'UIDAI has no such Aadhaar number',
  );
  return changeDraft(deps, caller.orgId, () => ({
    aadhaarMasked: maskAadhaar(aadhaar),
    aadhaarReference: r.reference,
    aadhaarOtpSentTo: r.sentTo ?? 'the mobile registered with Aadhaar',
    aadhaarName: null,
    aadhaarVerifiedAt: null,
    otpSentAt: deps.now(),
    otpAttempts: 0,
  }));
}

/** A wrong OTP is counted (a new one is needed after KYC_RULES.otpAttempts); the count is kept even as the request fails. */
async function countWrongOtp(deps: AppDeps, applicationId: number) {
  await deps.db
    .update(kycApplications)
    .set({ otpAttempts: sql`${kycApplications.otpAttempts} + 1` })
    .where(eq(kycApplications.id, applicationId));
}

export async function aadhaarSubmit(deps: AppDeps, caller: SellerCaller, otp: string): Promise<KycView> {
  const before = await applicationOf(deps.db, caller.orgId);
  if (!before?.aadhaarReference || before.aadhaarVerifiedAt) throw new ApiError(422, KYC_TEXT.noOtp);
  if (before.otpAttempts >= KYC_RULES.otpAttempts) throw new ApiError(429, MSG.otpLocked);
  const type = before.businessType as KycBusinessType;
  const answer = await deps.verification
    .submitAadhaarOtp(before.aadhaarReference, otp)
    .catch(() => ({ ok: false, reason: 'UNAVAILABLE', detail: 'threw' }) as Refused);
  if (!answer.ok) {
    if (answer.reason === 'OTP_INVALID') await countWrongOtp(deps, before.id);
    throw refusal(answer, 'aadharNumber', 'UIDAI has no such Aadhaar number');
  }
  const entity = isEntity(type);
  const whose = entity ? before.signatoryName : before.profileName;
  if (!whose)
    throw new ApiError(
      422,
      entity ? `${fieldLabel('signatoryName')} is required: verify the signatory's PAN first` : KYC_TEXT.nameFirst,
    );
  const mismatch = nameMatchProblem(
    entity ? 'signatoryName' : 'profileName',
    whose,
    answer.name,
    'the name on the Aadhaar',
  );
  if (mismatch) throw new ApiError(422, mismatch);
  return changeDraft(deps, caller.orgId, (a) => {
    if (a.aadhaarReference !== before.aadhaarReference) throw new ApiError(422, KYC_TEXT.noOtp);
    return { aadhaarName: answer.name, aadhaarVerifiedAt: deps.now(), aadhaarOtpSentTo: null, otpAttempts: 0 };
  });
}

function needsGst(a: App): KycBusinessType {
  const type = typeOf(a);
  if (!kycRequirements(type, a.gstRegistered).checks.includes('GSTIN'))
    throw badRequest(KYC_TEXT.notForType(fieldLabel('gstNumber')));
  return type;
}

/** The GSTIN: its state code, the PAN inside it (the seller's verified PAN) and check character; then the provider, active, by name. */
export async function gstVerify(deps: AppDeps, caller: SellerCaller, value: string): Promise<KycView> {
  const before = await applicationOf(deps.db, caller.orgId);
  if (!before?.businessType) throw new ApiError(422, KYC_TEXT.chooseTypeFirst);
  needsGst(before);
  if (!before.pan || !before.panVerifiedAt || !before.profileName) throw new ApiError(422, KYC_TEXT.panFirst);
  const problem = gstinKycProblem(value, before.pan);
  if (problem) throw badRequest(problem);
  const gstin = normaliseGstin(value);
  const r = await ask(deps.verification.verifyGstin(gstin, before.profileName), 'gstNumber', 'GSTN has no such GSTIN');
  if (r.status.toLowerCase() !== 'active') throw new ApiError(422, KYC_TEXT.gstNotActive(r.status));
  const mismatch = nameMatchProblem('profileName', before.profileName, r.legalName, 'the legal name of the GSTIN');
  if (mismatch) throw new ApiError(422, mismatch);
  return changeDraft(deps, caller.orgId, (a) => {
    if (a.pan !== before.pan) throw conflict(KYC_TEXT.locked);
    return {
      gstin,
      gstLegalName: r.legalName,
      gstReference: r.reference,
      gstVerifiedAt: deps.now(),
      gstOtpReference: null,
      gstOtpSentTo: null,
      gstOtpConfirmedAt: null,
    };
  });
}

/** The taxpayer's OTP of a verified GSTIN (GSTN's consent flow), when the provider offers it. */
export async function gstGenerateOtp(deps: AppDeps, caller: SellerCaller): Promise<KycView> {
  const before = await applicationOf(deps.db, caller.orgId);
  if (!before?.businessType) throw new ApiError(422, KYC_TEXT.chooseTypeFirst);
  needsGst(before);
  if (!before.gstin || !before.gstVerifiedAt)
    throw new ApiError(422, `${fieldLabel('gstNumber')}: verify your GSTIN first`);
  if (!deps.verification.gstinOtp) throw new ApiError(422, KYC_TEXT.unsupported);
  checkResend(before, deps.now());
  const r = await ask(deps.verification.generateGstinOtp(before.gstin), 'gstNumber', 'GSTN has no such GSTIN');
  return changeDraft(deps, caller.orgId, () => ({
    gstOtpReference: r.reference,
    gstOtpSentTo: r.sentTo ?? 'the mobile registered on the GST portal',
    gstOtpConfirmedAt: null,
    otpSentAt: deps.now(),
    otpAttempts: 0,
  }));
}

export async function gstSubmitOtp(deps: AppDeps, caller: SellerCaller, otp: string): Promise<KycView> {
  const before = await applicationOf(deps.db, caller.orgId);
  if (!before?.gstin || !before.gstOtpReference || before.gstOtpConfirmedAt) throw new ApiError(422, KYC_TEXT.noOtp);
  if (before.otpAttempts >= KYC_RULES.otpAttempts) throw new ApiError(429, MSG.otpLocked);
  const answer = await deps.verification
    .submitGstinOtp(before.gstin, before.gstOtpReference, otp)
    .catch(() => ({ ok: false, reason: 'UNAVAILABLE', detail: 'threw' }) as Refused);
  if (!answer.ok) {
    if (answer.reason === 'OTP_INVALID') await countWrongOtp(deps, before.id);
    throw refusal(answer, 'gstNumber', 'GSTN has no such GSTIN');
  }
  return changeDraft(deps, caller.orgId, (a) => {
    if (a.gstOtpReference !== before.gstOtpReference) throw new ApiError(422, KYC_TEXT.noOtp);
    return { gstOtpConfirmedAt: deps.now(), gstOtpSentTo: null, otpAttempts: 0 };
  });
}

// ---------- documents ----------

/**
 * Keeps one document: sniffed by content (JPEG, PNG, WebP or PDF, whatever the name says), at
 * most 5 MB, stored in the database under a random id. A draft takes any kind it needs; after a
 * rejection only the kinds staff sent back, each replacing the rejected one.
 */
export async function uploadDocument(
  deps: AppDeps,
  caller: SellerCaller,
  kind: KycDocumentKind,
  file: { name: string; bytes: Uint8Array },
): Promise<KycView> {
  if (file.bytes.byteLength > KYC_RULES.documentMaxBytes) throw new ApiError(413, DOCUMENT_TOO_LARGE);
  if (file.bytes.byteLength === 0) throw badRequest('File is empty');
  const contentType = await sniffDocument(file.bytes);
  if (!contentType) throw new ApiError(415, DOCUMENT_WRONG_TYPE);
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    await tx
      .insert(kycApplications)
      .values({ orgId: caller.orgId, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: kycApplications.orgId });
    const a = (await applicationOf(tx, caller.orgId, true))!;
    if (a.status === 'SUBMITTED') throw conflict(KYC_TEXT.locked);
    if (a.status === 'APPROVED' || (a.status === 'DRAFT' && (await orgVerified(tx, caller.orgId))))
      throw conflict(KYC_TEXT.approved);
    const type = typeOf(a);
    if (!kycRequirements(type, a.gstRegistered).documents.includes(kind))
      throw badRequest(KYC_TEXT.notForType(documentLabel(kind, type)));
    const [old] = await tx
      .select()
      .from(kycDocuments)
      .where(and(eq(kycDocuments.applicationId, a.id), eq(kycDocuments.kind, kind), isNull(kycDocuments.replacedAt)));
    if (a.status === 'REJECTED' && old?.status !== 'REJECTED') throw conflict(KYC_TEXT.onlyRejected);
    if (old) await tx.update(kycDocuments).set({ replacedAt: now }).where(eq(kycDocuments.id, old.id));
    await tx.insert(kycDocuments).values({
      id: randomBytes(18).toString('base64url'),
      applicationId: a.id,
      orgId: caller.orgId,
      kind,
      name: safeFileName(file.name, kind.toLowerCase()),
      contentType,
      byteSize: file.bytes.byteLength,
      content: Buffer.from(file.bytes),
      uploadedBy: caller.accountId,
      uploadedAt: now,
    });
    await tx.update(kycApplications).set({ updatedAt: now }).where(eq(kycApplications.id, a.id));
  });
  return sellerView(deps, caller.orgId);
}

/** A document's bytes for its owner (any of their uploads, current or replaced); anyone else's, or a guessed id, is not found. */
export async function sellerDocument(db: Db, orgId: number, id: string) {
  const [d] = await db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.id, id), eq(kycDocuments.orgId, orgId)));
  if (!d) throw notFound('Document not found');
  return d;
}

export async function staffDocument(db: Db, applicationId: number, id: string) {
  const [d] = await db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.id, id), eq(kycDocuments.applicationId, applicationId)));
  if (!d) throw notFound('Document not found');
  return d;
}

// ---------- submission and decisions ----------

async function nameOf(tx: Executor, accountId: number): Promise<string> {
  const [a] = await tx
    .select({ firstName: accounts.firstName, lastName: accounts.lastName })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return a ? `${a.firstName} ${a.lastName}`.trim() : `#${accountId}`;
}

/**
 * Sends the application for review once everything its business type needs is done. A repeat
 * (or a concurrent one) while it waits answers it as it stands: one submission, one audit row.
 * After a rejection, every document sent back must have been uploaded again.
 */
export async function submit(deps: AppDeps, caller: SellerCaller): Promise<KycView> {
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const a = await applicationOf(tx, caller.orgId, true);
    // a repeat (or a concurrent one, which may find it verified at once) answers it as it stands
    if (a?.status === 'SUBMITTED' || a?.status === 'APPROVED') return;
    if (!a && (await orgVerified(tx, caller.orgId))) throw conflict(KYC_TEXT.approved);
    if (!a)
      throw new ApiError(
        422,
        KYC_TEXT.incomplete(
          kycProgress({ businessType: null, profileName: null, gstRegistered: null, done: {}, documents: [] }).missing,
        ),
      );
    const docs = await currentDocuments(tx, a.id);
    const rejected = docs.filter((d) => d.status === 'REJECTED');
    if (rejected.length)
      throw new ApiError(
        422,
        KYC_TEXT.reuploadFirst(rejected.map((d) => documentLabel(d.kind, a.businessType as KycBusinessType))),
      );
    const progress = kycProgress({
      businessType: a.businessType as KycBusinessType | null,
      profileName: a.profileName,
      gstRegistered: a.gstRegistered,
      done: checksDone(a, deps.verification.gstinOtp),
      documents: docs.map((d) => d.kind),
    });
    if (progress.missing.length) throw new ApiError(422, KYC_TEXT.incomplete(progress.missing));
    const outcome = await automaticOutcome(deps, tx, a, caller.accountId);
    await tx
      .update(kycApplications)
      .set({
        status: 'SUBMITTED',
        submittedAt: now,
        updatedAt: now,
        reviewReason: outcome.verified ? null : outcome.reason,
      })
      .where(eq(kycApplications.id, a.id));
    await tx.insert(kycDecisions).values({
      applicationId: a.id,
      orgId: caller.orgId,
      action: 'SUBMITTED',
      byAccountId: caller.accountId,
      byName: await nameOf(tx, caller.accountId),
      at: now,
      note: outcome.verified ? null : `Waits for review: ${outcome.reason}`,
    });
    if (outcome.verified) await approveAutomatically(tx, a, outcome.passed, now);
  });
  return sellerView(deps, caller.orgId);
}

/** The automatic check's facts about an application: the provider's answers, the account holder, the bank. */
async function automaticOutcome(deps: AppDeps, tx: Tx, a: App, accountId: number): Promise<AutomaticKycOutcome> {
  const type = a.businessType as KycBusinessType;
  const gstRequired = kycRequirements(type, a.gstRegistered).checks.includes('GSTIN');
  const [sentBack] = await tx
    .select({ id: kycDecisions.id })
    .from(kycDecisions)
    .where(and(eq(kycDecisions.applicationId, a.id), eq(kycDecisions.action, 'REJECTED')))
    .limit(1);
  const [bank] = await tx
    .select({ status: bankAccounts.status })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.orgId, a.orgId), isNull(bankAccounts.removedAt)))
    .orderBy(desc(bankAccounts.isPrimary), asc(bankAccounts.id))
    .limit(1);
  return automaticKyc({
    businessType: type,
    accountHolderName: await nameOf(tx, accountId),
    panVerified: !!a.panVerifiedAt,
    panName: a.panName,
    aadhaarVerified: !!a.aadhaarVerifiedAt,
    aadhaarName: a.aadhaarName,
    gstRequired,
    gstVerified: !!a.gstVerifiedAt,
    gstOtpConfirmed: !deps.verification.gstinOtp || !!a.gstOtpConfirmedAt,
    gstLegalName: a.gstLegalName,
    sentBackBefore: !!sentBack,
    bank: bank ? { verified: bank.status === 'VERIFIED', nameMismatch: bank.status === 'NAME_MISMATCH' } : null,
  });
}

/** Verifies the organisation with no person involved, audited with the checks that passed. */
async function approveAutomatically(tx: Tx, a: App, passed: string[], now: Date): Promise<void> {
  const note = `Verified automatically: ${passed.join('; ')}`;
  await tx
    .update(kycDocuments)
    .set({ status: 'ACCEPTED', remark: null })
    .where(and(eq(kycDocuments.applicationId, a.id), isNull(kycDocuments.replacedAt)));
  await tx
    .update(organisations)
    .set({ kycVerified: true, ...(a.gstVerifiedAt && a.gstin ? { gstin: a.gstin } : {}) })
    .where(eq(organisations.id, a.orgId));
  await tx
    .update(kycApplications)
    .set({ status: 'APPROVED', decidedAt: now, decidedBy: null, decisionNote: note, updatedAt: now })
    .where(eq(kycApplications.id, a.id));
  const [decision] = await tx
    .insert(kycDecisions)
    .values({
      applicationId: a.id,
      orgId: a.orgId,
      action: 'AUTO_APPROVED',
      byAccountId: null,
      byName: AUTOMATIC_CHECK,
      at: now,
      note,
    })
    .returning({ id: kycDecisions.id });
  await notify(tx, [kycNotification(a.orgId, decision!.id, true)], now);
}

/** Who took an automatic decision, as the audit names it. */
export const AUTOMATIC_CHECK = 'Automatic check';

/**
 * The staff's decision on a submitted application, once: approval marks the organisation
 * KYC-verified (and keeps the verified GSTIN on it) and accepts every document; a rejection sends
 * back the documents with a remark and accepts the rest. A second decision (or a concurrent one)
 * finds it decided and is refused. Every decision is appended to the audit.
 */
export async function decide(
  deps: AppDeps,
  caller: Caller,
  applicationId: number,
  body: KycDecisionInput,
): Promise<StaffKycView> {
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [a] = await tx.select().from(kycApplications).where(eq(kycApplications.id, applicationId)).for('update');
    if (!a) throw notFound('KYC application not found');
    // a verified KYC (by staff or the automatic check) can still be revoked: sent back like a rejection
    const revoke = a.status === 'APPROVED' && body.status === 'REJECTED';
    if (a.status !== 'SUBMITTED' && !revoke) throw conflict(KYC_TEXT.notSubmitted);
    const docs = await currentDocuments(tx, a.id);
    for (const r of body.remarks)
      if (!docs.some((d) => d.kind === r.document)) throw badRequest(KYC_TEXT.remarkNotUploaded(r.document));
    const note = body.note || null;
    if (body.status === 'APPROVED') {
      await tx
        .update(kycDocuments)
        .set({ status: 'ACCEPTED', remark: null })
        .where(and(eq(kycDocuments.applicationId, a.id), isNull(kycDocuments.replacedAt)));
      const gstin = a.gstVerifiedAt && a.gstin ? a.gstin : null;
      await tx
        .update(organisations)
        .set({ kycVerified: true, ...(gstin ? { gstin } : {}) })
        .where(eq(organisations.id, a.orgId));
    } else {
      if (revoke) await tx.update(organisations).set({ kycVerified: false }).where(eq(organisations.id, a.orgId));
      for (const d of docs) {
        const r = body.remarks.find((x) => x.document === d.kind);
        await tx
          .update(kycDocuments)
          .set(r ? { status: 'REJECTED', remark: r.remark } : { status: 'ACCEPTED', remark: null })
          .where(eq(kycDocuments.id, d.id));
      }
    }
    await tx
      .update(kycApplications)
      .set({
        status: body.status,
        decidedAt: now,
        decidedBy: caller.accountId,
        decisionNote: note,
        reviewReason: null,
        updatedAt: now,
      })
      .where(eq(kycApplications.id, a.id));
    const [decision] = await tx
      .insert(kycDecisions)
      .values({
        applicationId: a.id,
        orgId: a.orgId,
        action: revoke ? 'REVOKED' : body.status,
        byAccountId: caller.accountId,
        byName: await nameOf(tx, caller.accountId),
        at: now,
        note,
        remarks: body.remarks,
      })
      .returning({ id: kycDecisions.id });
    await notify(tx, [kycNotification(a.orgId, decision!.id, body.status === 'APPROVED')], now);
  });
  return staffView(deps, applicationId);
}

/** The seller account's holder: the organisation's owner (the first one made), as signed up. */
async function accountHolderOf(db: Db, orgId: number): Promise<string | null> {
  const [a] = await db
    .select({ firstName: accounts.firstName, lastName: accounts.lastName })
    .from(accounts)
    .where(eq(accounts.orgId, orgId))
    .orderBy(sql`case when ${accounts.role} in ('OWNER', 'LOCKED_OWNER') then 0 else 1 end`, asc(accounts.id))
    .limit(1);
  return a ? `${a.firstName} ${a.lastName}`.trim() || null : null;
}

export async function staffView(deps: AppDeps, applicationId: number): Promise<StaffKycView> {
  const [row] = await deps.db
    .select({ a: kycApplications, companyName: organisations.companyName, verified: organisations.kycVerified })
    .from(kycApplications)
    .innerJoin(organisations, eq(organisations.id, kycApplications.orgId))
    .where(eq(kycApplications.id, applicationId));
  if (!row) throw notFound('KYC application not found');
  const docs = await currentDocuments(deps.db, applicationId);
  const decisions = await deps.db
    .select()
    .from(kycDecisions)
    .where(eq(kycDecisions.applicationId, applicationId))
    .orderBy(asc(kycDecisions.id));
  const accountHolderName = await accountHolderOf(deps.db, row.a.orgId);
  return {
    ...buildView(deps, row.a, docs, row.verified, applicationId),
    orgId: row.a.orgId,
    companyName: row.companyName,
    accountHolderName,
    panNameDiffers: panNameDiffers(
      personalPan(row.a.businessType as KycBusinessType | null, row.a).name,
      accountHolderName,
    ),
    decisions: decisions.map((d): KycDecisionRow => ({
      decisionId: d.id,
      action: d.action as KycDecisionRow['action'],
      byAccountId: d.byAccountId,
      byName: d.byName,
      at: d.at.toISOString(),
      note: d.note,
      remarks: d.remarks,
    })),
  };
}

/** Applications by status (waiting for review first by default), oldest submission first, with counts by status. */
export async function staffList(
  db: Db,
  f: {
    status: KycStatus;
    businessType?: KycBusinessType;
    searchPattern?: string;
    pageNumber: number;
    recordsPerPage: number;
  },
): Promise<StaffKycList> {
  const where: SQL[] = [eq(kycApplications.status, f.status)];
  if (f.businessType) where.push(eq(kycApplications.businessType, f.businessType));
  if (f.searchPattern) {
    const p = containsPattern(f.searchPattern);
    where.push(
      or(
        ilike(organisations.companyName, p),
        ilike(kycApplications.profileName, p),
        ilike(sql`coalesce(${kycApplications.pan}, '')`, p),
        ilike(sql`coalesce(${kycApplications.gstin}, '')`, p),
      )!,
    );
  }
  const docCount =
    sql<number>`(select count(*) from ${kycDocuments} where ${kycDocuments.applicationId} = ${kycApplications.id} and ${kycDocuments.replacedAt} is null)`.mapWith(
      Number,
    );
  const rows = await db
    .select({ a: kycApplications, companyName: organisations.companyName, docCount })
    .from(kycApplications)
    .innerJoin(organisations, eq(organisations.id, kycApplications.orgId))
    .where(and(...where))
    .orderBy(
      f.status === 'SUBMITTED' ? asc(kycApplications.submittedAt) : desc(kycApplications.updatedAt),
      asc(kycApplications.id),
    )
    .limit(f.recordsPerPage)
    .offset(f.pageNumber * f.recordsPerPage);
  const [{ total }] = await db
    .select({ total: count() })
    .from(kycApplications)
    .innerJoin(organisations, eq(organisations.id, kycApplications.orgId))
    .where(and(...where));
  const byStatus = await db
    .select({ status: kycApplications.status, n: count() })
    .from(kycApplications)
    .groupBy(kycApplications.status);
  const counts = Object.fromEntries(
    KYC_STATUSES.map((s) => [s, byStatus.find((b) => b.status === s)?.n ?? 0]),
  ) as StaffKycList['counts'];
  return {
    items: rows.map((r) => ({
      applicationId: r.a.id,
      orgId: r.a.orgId,
      companyName: r.companyName,
      businessType: r.a.businessType as KycBusinessType | null,
      profileName: r.a.profileName,
      status: r.a.status as KycStatus,
      submittedAt: iso(r.a.submittedAt),
      documentCount: r.docCount,
    })),
    total,
    pageNumber: f.pageNumber,
    recordsPerPage: f.recordsPerPage,
    counts,
  };
}

import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { pagingEntries } from '../../../src/domain/paging';
import { badRequest } from '../../http/errors';
import { readMultipart } from '../../http/validate';
import {
  API_KYC,
  KYC_RULES,
  KycDetailsSchema,
  KycDocumentSchema,
  KycProgressSchema,
  KycValuesSchema,
  KycViewSchema,
  StaffKycListSchema,
  StaffKycViewSchema,
} from '../../../src/domain/kyc-contract';
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
} from '../../../src/domain/schemas/kyc';
import * as kyc from './service';
import { contentDisposition } from '../files/file-name';

const TAG = 'kyc';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
const documentIdParam = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'documentId: no such document'));
const UPLOAD_LIMIT = { bytes: KYC_RULES.documentMaxBytes + 64 * 1024, message: kyc.DOCUMENT_TOO_LARGE };
const CHECK_ERRORS = {
  409: 'submitted already, or sent back for documents only',
  422: 'the number was refused, its name does not match, or a step before it is missing',
  503: 'the verification service did not answer; nothing was decided',
};

/** A private document's bytes: never cached, never sniffed again by the browser, opened inline. */
function documentResponse(d: { contentType: string; content: Buffer; name: string }): Response {
  return new Response(new Uint8Array(d.content), {
    headers: {
      'Content-Type': d.contentType,
      'Content-Length': String(d.content.byteLength),
      // a name kept before names were made safe is made safe again on the way out
      'Content-Disposition': contentDisposition('inline', d.name),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

export function registerKycRoutes(router: ApiRouter, deps: AppDeps) {
  // seller: reading
  router.add({
    method: 'get',
    path: API_KYC.inProgress,
    tag: TAG,
    access: SELLERS,
    permission: 'kyc.view',
    summary: "The seller's KYC as it stands: values, checks, documents, what the business type needs and the progress",
    response: KycViewSchema,
    handler: ({ caller }) => kyc.sellerView(deps, caller.orgId),
  });
  router.add({
    method: 'get',
    path: API_KYC.details,
    tag: TAG,
    access: SELLERS,
    permission: 'kyc.view',
    summary: "The KYC's status and the staff's decision",
    response: KycDetailsSchema,
    handler: ({ caller }) => kyc.sellerDetails(deps, caller.orgId),
  });
  router.add({
    method: 'get',
    path: API_KYC.values,
    tag: TAG,
    access: SELLERS,
    permission: 'kyc.view',
    summary: 'The KYC form values (the Aadhaar number masked)',
    response: KycValuesSchema,
    handler: async ({ caller }) => (await kyc.sellerView(deps, caller.orgId)).values,
  });
  router.add({
    method: 'get',
    path: API_KYC.docs,
    tag: TAG,
    access: SELLERS,
    permission: 'kyc.view',
    summary: "The KYC documents uploaded, with the staff's remarks",
    response: v.array(KycDocumentSchema),
    handler: async ({ caller }) => (await kyc.sellerView(deps, caller.orgId)).documents,
  });
  router.add({
    method: 'get',
    path: API_KYC.progress,
    tag: TAG,
    access: SELLERS,
    permission: 'kyc.view',
    summary: "The KYC's steps, the ones done, a progress figure and what is left",
    response: KycProgressSchema,
    handler: async ({ caller }) => (await kyc.sellerView(deps, caller.orgId)).progress,
  });
  router.add({
    method: 'get',
    path: API_KYC.file(':documentId'),
    tag: TAG,
    access: SELLERS,
    permission: 'kyc.view',
    params: v.object({ documentId: documentIdParam }),
    summary: "One of the seller's KYC documents (another seller's, or an id that is not one, is not found)",
    response: { file: '*/*' },
    returns: 'the document (JPEG, PNG, WebP or PDF)',
    errors: { 404: 'no such document' },
    handler: async ({ caller, params }) =>
      documentResponse(await kyc.sellerDocument(deps.db, caller.orgId, params.documentId)),
  });

  // seller: saving and checking
  router.add({
    method: 'post',
    path: API_KYC.values,
    tag: TAG,
    access: SELLERS,
    permission: 'kyc.manage',
    body: SaveKycValuesBody,
    summary: 'Saves the business type, the name, whether a proprietorship is registered for GST, and the CIN or LLPIN',
    response: KycViewSchema,
    errors: CHECK_ERRORS,
    handler: ({ caller, body }) => kyc.saveValues(deps, caller, body),
  });
  router.add({
    method: 'post',
    path: API_KYC.panVerify,
    tag: TAG,
    access: SELLERS,
    permission: 'kyc.manage',
    body: PanVerifyBody,
    summary:
      "Verifies the PAN (its fourth letter fits the business type) with the provider; the name on it must match the seller's",
    response: KycViewSchema,
    errors: CHECK_ERRORS,
    handler: ({ caller, body }) => kyc.verifyPan(deps, caller, body.panNumber),
  });
  router.add({
    method: 'post',
    path: API_KYC.signatoryPanVerify,
    tag: TAG,
    access: SELLERS,
    permission: 'kyc.manage',
    body: SignatoryPanVerifyBody,
    summary: "Verifies the authorised signatory's PAN (partnership, LLP, company) by name",
    response: KycViewSchema,
    errors: CHECK_ERRORS,
    handler: ({ caller, body }) => kyc.verifySignatoryPan(deps, caller, body),
  });
  router.add({
    method: 'post',
    path: API_KYC.aadharVerify,
    tag: TAG,
    access: SELLERS,
    permission: 'kyc.manage',
    body: AadharVerifyBody,
    summary: 'Sends an OTP to the mobile registered with the Aadhaar number (kept masked only, never in full)',
    response: KycViewSchema,
    errors: { ...CHECK_ERRORS, 429: 'an OTP was sent less than a minute ago' },
    handler: ({ caller, body }) => kyc.aadhaarVerify(deps, caller, body.aadharNumber),
  });
  router.add({
    method: 'post',
    path: API_KYC.aadharSubmit,
    tag: TAG,
    access: SELLERS,
    permission: 'kyc.manage',
    body: KycOtpBody,
    summary: "Checks the Aadhaar OTP; the name on the Aadhaar must match the seller's (or the signatory's)",
    response: KycViewSchema,
    errors: { ...CHECK_ERRORS, 429: 'too many wrong OTPs: ask for a new one' },
    handler: ({ caller, body }) => kyc.aadhaarSubmit(deps, caller, body.otp),
  });
  router.add({
    method: 'post',
    path: API_KYC.gstVerify,
    tag: TAG,
    access: SELLERS,
    permission: 'kyc.manage',
    body: GstVerifyBody,
    summary:
      "Verifies the GSTIN (its state code, the seller's PAN inside it, its check character), active, by legal name",
    response: KycViewSchema,
    errors: CHECK_ERRORS,
    handler: ({ caller, body }) => kyc.gstVerify(deps, caller, body.gstNumber),
  });
  router.add({
    method: 'post',
    path: API_KYC.gstGenerateOtp,
    tag: TAG,
    access: SELLERS,
    permission: 'kyc.manage',
    summary: "Sends the GST portal's OTP to the GSTIN's registered mobile (when the provider offers it)",
    response: KycViewSchema,
    errors: { ...CHECK_ERRORS, 429: 'an OTP was sent less than a minute ago' },
    handler: ({ caller }) => kyc.gstGenerateOtp(deps, caller),
  });
  router.add({
    method: 'post',
    path: API_KYC.gstSubmitOtp,
    tag: TAG,
    access: SELLERS,
    permission: 'kyc.manage',
    body: KycOtpBody,
    summary: "Checks the GST portal's OTP: the seller controls the GSTIN",
    response: KycViewSchema,
    errors: { ...CHECK_ERRORS, 429: 'too many wrong OTPs: ask for a new one' },
    handler: ({ caller, body }) => kyc.gstSubmitOtp(deps, caller, body.otp),
  });
  router.add({
    method: 'post',
    path: API_KYC.upload(':documentKind'),
    tag: TAG,
    access: SELLERS,
    permission: 'kyc.manage',
    params: v.object({ documentKind: KycDocumentKindParam }),
    multipart: true,
    maxBody: UPLOAD_LIMIT,
    summary:
      'Uploads one KYC document (field "file"; JPEG, PNG, WebP or PDF up to 5 MB, checked by its content); after a rejection, only the documents sent back',
    response: KycViewSchema,
    errors: {
      409: 'submitted, or not a document sent back',
      413: kyc.DOCUMENT_TOO_LARGE,
      415: kyc.DOCUMENT_WRONG_TYPE,
    },
    handler: async ({ c, caller, params }) => {
      const form = (await readMultipart(c)) ?? {};
      const file = form.file;
      if (!(file instanceof File))
        throw badRequest('File: a multipart field named "file" with the document is required');
      return kyc.uploadDocument(deps, caller, params.documentKind, {
        name: file.name,
        bytes: new Uint8Array(await file.arrayBuffer()),
      });
    },
  });
  router.add({
    method: 'post',
    path: API_KYC.submit,
    tag: TAG,
    access: SELLERS,
    permission: 'kyc.manage',
    summary:
      'Sends the KYC for review once everything the business type needs is done (a repeat answers it as it stands)',
    response: KycViewSchema,
    errors: { 409: 'verified already', 422: 'something is missing, or a document sent back was not uploaded again' },
    handler: ({ caller }) => kyc.submit(deps, caller),
  });

  // staff
  router.add({
    method: 'get',
    path: API_KYC.pendingApprovals,
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'kyc.review',
    query: v.object({ ...pagingEntries, status: KycStatusFilter, accountType: KycBusinessTypeFilter }),
    summary:
      'KYC applications by status (waiting for review by default, oldest first), by business type and search (company, name, PAN, GSTIN), with counts by status',
    response: StaffKycListSchema,
    handler: ({ query }) =>
      kyc.staffList(deps.db, {
        status: query.status,
        businessType: query.accountType,
        searchPattern: query.searchPattern,
        pageNumber: query.pageNumber,
        recordsPerPage: query.recordsPerPage,
      }),
  });
  const appParam = v.object({ applicationId: numericId('applicationId') });
  router.add({
    method: 'get',
    path: API_KYC.staffApplication(':applicationId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'kyc.review',
    params: appParam,
    summary: 'One KYC application with its documents and the audit of every submission and decision',
    response: StaffKycViewSchema,
    errors: { 404: 'no such application' },
    handler: ({ params }) => kyc.staffView(deps, params.applicationId),
  });
  router.add({
    method: 'get',
    path: API_KYC.staffFile(':applicationId', ':documentId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'kyc.review',
    params: v.object({ applicationId: numericId('applicationId'), documentId: documentIdParam }),
    summary: 'One document of a KYC application, for staff',
    response: { file: '*/*' },
    returns: 'the document (JPEG, PNG, WebP or PDF)',
    errors: { 404: 'no such document' },
    handler: async ({ params }) =>
      documentResponse(await kyc.staffDocument(deps.db, params.applicationId, params.documentId)),
  });
  router.add({
    method: 'put',
    path: API_KYC.status(':applicationId'),
    tag: 'corporate',
    access: STAFF,
    staffPermission: 'kyc.review',
    params: appParam,
    body: KycDecisionBody,
    summary:
      'Approves a submitted KYC (the seller may then ship), or rejects it with a remark on each document to upload again; audited',
    response: StaffKycViewSchema,
    errors: { 404: 'no such application', 409: 'not waiting for a decision (decided already)' },
    handler: ({ caller, params, body }) => kyc.decide(deps, caller, params.applicationId, body),
  });
}

import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import { readMultipart } from '../../http/validate';
import { API_KYC, DOCUMENT_TOO_LARGE, KYC_RULES } from '../../../src/domain/kyc-contract';
import * as kyc from './service';
import { contentDisposition } from '../files/file-name';

// KYC's operations (src/domain/kyc-contract.ts): who may call each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;
const UPLOAD_LIMIT = { bytes: KYC_RULES.documentMaxBytes + 64 * 1024, message: DOCUMENT_TOO_LARGE };

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
  router.route(API_KYC.inProgress, {
    access: SELLERS,
    permission: 'kyc.view',
    handler: ({ caller }) => kyc.sellerView(deps, caller.orgId),
  });
  router.route(API_KYC.details, {
    access: SELLERS,
    permission: 'kyc.view',
    handler: ({ caller }) => kyc.sellerDetails(deps, caller.orgId),
  });
  router.route(API_KYC.values, {
    access: SELLERS,
    permission: 'kyc.view',
    handler: async ({ caller }) => (await kyc.sellerView(deps, caller.orgId)).values,
  });
  router.route(API_KYC.docs, {
    access: SELLERS,
    permission: 'kyc.view',
    handler: async ({ caller }) => (await kyc.sellerView(deps, caller.orgId)).documents,
  });
  router.route(API_KYC.progress, {
    access: SELLERS,
    permission: 'kyc.view',
    handler: async ({ caller }) => (await kyc.sellerView(deps, caller.orgId)).progress,
  });
  router.route(API_KYC.file, {
    access: SELLERS,
    permission: 'kyc.view',
    handler: async ({ caller, params }) =>
      documentResponse(await kyc.sellerDocument(deps.db, caller.orgId, params.documentId)),
  });

  // seller: saving and checking
  router.route(API_KYC.saveValues, {
    access: SELLERS,
    permission: 'kyc.manage',
    handler: ({ caller, body }) => kyc.saveValues(deps, caller, body),
  });
  router.route(API_KYC.panVerify, {
    access: SELLERS,
    permission: 'kyc.manage',
    handler: ({ caller, body }) => kyc.verifyPan(deps, caller, body.panNumber),
  });
  router.route(API_KYC.signatoryPanVerify, {
    access: SELLERS,
    permission: 'kyc.manage',
    handler: ({ caller, body }) => kyc.verifySignatoryPan(deps, caller, body),
  });
  router.route(API_KYC.aadharVerify, {
    access: SELLERS,
    permission: 'kyc.manage',
    handler: ({ caller, body }) => kyc.aadhaarVerify(deps, caller, body.aadharNumber),
  });
  router.route(API_KYC.aadharSubmit, {
    access: SELLERS,
    permission: 'kyc.manage',
    handler: ({ caller, body }) => kyc.aadhaarSubmit(deps, caller, body.otp),
  });
  router.route(API_KYC.gstVerify, {
    access: SELLERS,
    permission: 'kyc.manage',
    handler: ({ caller, body }) => kyc.gstVerify(deps, caller, body.gstNumber),
  });
  router.route(API_KYC.gstGenerateOtp, {
    access: SELLERS,
    permission: 'kyc.manage',
    handler: ({ caller }) => kyc.gstGenerateOtp(deps, caller),
  });
  router.route(API_KYC.gstSubmitOtp, {
    access: SELLERS,
    permission: 'kyc.manage',
    handler: ({ caller, body }) => kyc.gstSubmitOtp(deps, caller, body.otp),
  });
  router.route(API_KYC.upload, {
    access: SELLERS,
    permission: 'kyc.manage',
    maxBody: UPLOAD_LIMIT,
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
  router.route(API_KYC.submit, {
    access: SELLERS,
    permission: 'kyc.manage',
    handler: ({ caller }) => kyc.submit(deps, caller),
  });

  // staff
  router.route(API_KYC.pendingApprovals, {
    access: STAFF,
    staffPermission: 'kyc.review',
    handler: ({ query }) =>
      kyc.staffList(deps.db, {
        status: query.status,
        businessType: query.accountType,
        searchPattern: query.searchPattern,
        pageNumber: query.pageNumber,
        recordsPerPage: query.recordsPerPage,
      }),
  });
  router.route(API_KYC.staffApplication, {
    access: STAFF,
    staffPermission: 'kyc.review',
    handler: ({ params }) => kyc.staffView(deps, params.applicationId),
  });
  router.route(API_KYC.staffFile, {
    access: STAFF,
    staffPermission: 'kyc.review',
    handler: async ({ params }) =>
      documentResponse(await kyc.staffDocument(deps.db, params.applicationId, params.documentId)),
  });
  router.route(API_KYC.status, {
    access: STAFF,
    staffPermission: 'kyc.review',
    handler: ({ caller, params, body }) => kyc.decide(deps, caller, params.applicationId, body),
  });
}

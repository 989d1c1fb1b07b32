import type { ApiRouter } from '../../http/router';
import { readMultipart } from '../../http/validate';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import { API_ACCOUNT } from '../../../src/domain/account-contract';
import { IMAGE_TOO_LARGE, LIMITS } from '../../../src/domain/constants';
import { MSG } from '../../../src/domain/messages';
import * as account from './service';
import { fileLinks } from '../files/links';

// The account's operations (src/domain/account-contract.ts): who may call each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
/** Room for the multipart envelope around a largest allowed image. */
const UPLOAD_ENVELOPE_BYTES = 16 * 1024;

export function registerAccountRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_ACCOUNT.accountDetails, {
    access: { kind: 'user' },
    permission: 'self',
    handler: ({ caller }) => account.accountDetails(deps.db, caller.accountId),
  });
  router.route(API_ACCOUNT.accountDetailsById, {
    access: { kind: 'user' },
    staffPermission: 'accounts.view',
    handler: ({ caller, params }) => account.accountDetailsFor(deps.db, caller, params.accountId),
  });
  router.route(API_ACCOUNT.accountInfo, {
    access: { kind: 'user' },
    permission: 'self',
    handler: ({ caller }) => account.accountInfo(deps.db, caller.accountId, fileLinks(deps), caller.isAdminSession),
  });
  router.route(API_ACCOUNT.homeTourSeen, {
    access: SELLERS,
    permission: 'self',
    handler: ({ caller }) => account.markHomeTourSeen(deps.db, caller.accountId, caller.isAdminSession),
  });
  router.route(API_ACCOUNT.company, {
    access: SELLERS,
    permission: 'self',
    handler: ({ caller }) => account.companyProfile(deps.db, caller.orgId, fileLinks(deps)),
  });
  router.route(API_ACCOUNT.updateCompany, {
    access: SELLERS,
    permission: 'setup.manage',
    handler: ({ caller, body }) => account.updateCompany(deps.db, caller.orgId, body, fileLinks(deps)),
  });
  router.route(API_ACCOUNT.profile, {
    access: { kind: 'user' },
    permission: 'self',
    handler: async ({ caller, body }) => {
      await account.updateProfile(deps.db, caller.accountId, body);
      return { message: MSG.profileUpdated };
    },
  });
  router.route(API_ACCOUNT.companyImage, {
    access: SELLERS,
    permission: 'setup.manage',
    maxBody: { bytes: LIMITS.imageUploadMaxBytes + UPLOAD_ENVELOPE_BYTES, message: IMAGE_TOO_LARGE },
    handler: async ({ c, caller, params }) => {
      const form = (await readMultipart(c)) ?? {};
      const file = form.file;
      if (!(file instanceof File)) throw badRequest('file: a multipart field named "file" with the image is required');
      const bytes = new Uint8Array(await file.arrayBuffer());
      return account.uploadCompanyImage(
        deps.db,
        caller.orgId,
        params.name,
        { name: file.name, bytes },
        deps.now(),
        fileLinks(deps),
      );
    },
  });
}

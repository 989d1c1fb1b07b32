import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import { readMultipart } from '../../http/validate';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { badRequest } from '../../http/errors';
import {
  API,
  AccountDetailsSchema,
  AccountInfoSchema,
  CompanyProfileSchema,
  MessageAnswerSchema,
  UploadAnswerSchema,
} from '../../../src/domain/account-contract';
import { LIMITS } from '../../../src/domain/constants';
import { MSG } from '../../../src/domain/messages';
import { CompanyBody, ProfileBody } from '../../../src/domain/schemas/account';
import { IMAGE_TOO_LARGE } from '../files/service';
import * as account from './service';
import { fileLinks } from '../files/links';

const TAG = 'account';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
/** Room for the multipart envelope around a largest allowed image. */
const UPLOAD_ENVELOPE_BYTES = 16 * 1024;

export function registerAccountRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API.accountDetails,
    tag: TAG,
    access: { kind: 'user' },
    permission: 'self',
    summary: 'Who is logged in: account id, email, plan, account type, organisation, scope, role',
    response: AccountDetailsSchema,
    handler: ({ caller }) => account.accountDetails(deps.db, caller.accountId),
  });
  router.add({
    method: 'get',
    path: '/api/v1/account/details/:accountId',
    tag: TAG,
    access: { kind: 'user' },
    staffPermission: 'accounts.view',
    params: v.object({ accountId: numericId('accountId') }),
    summary: 'Details of another login: an OWNER within the organisation, staff for any',
    errors: { 404: 'no such account in your organisation' },
    response: AccountDetailsSchema,
    handler: ({ caller, params }) => account.accountDetailsFor(deps.db, caller, params.accountId),
  });
  router.add({
    method: 'get',
    path: API.accountInfo,
    tag: TAG,
    access: { kind: 'user' },
    permission: 'self',
    summary: 'Profile, plan, wallet balance, KYC and feature flags for the home screen (spec section 3)',
    response: AccountInfoSchema,
    handler: ({ caller }) => account.accountInfo(deps.db, caller.accountId, fileLinks(deps), caller.isAdminSession),
  });
  router.add({
    method: 'post',
    path: API.homeTourSeen,
    tag: TAG,
    access: { kind: 'user', accountTypes: ['SELLER'] },
    permission: 'self',
    summary: 'This login has finished or closed the home tour: it is not shown again, on any device',
    response: MessageAnswerSchema,
    handler: ({ caller }) => account.markHomeTourSeen(deps.db, caller.accountId, caller.isAdminSession),
  });
  router.add({
    method: 'get',
    path: API.company,
    tag: TAG,
    access: SELLERS,
    permission: 'self',
    summary: "The organisation's company profile",
    response: CompanyProfileSchema,
    handler: ({ caller }) => account.companyProfile(deps.db, caller.orgId, fileLinks(deps)),
  });
  router.add({
    method: 'post',
    path: API.companyUpdate,
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    body: CompanyBody,
    summary: "The company's name and address (GSTIN comes from KYC only)",
    response: CompanyProfileSchema,
    handler: ({ caller, body }) => account.updateCompany(deps.db, caller.orgId!, body, fileLinks(deps)),
  });
  router.add({
    method: 'post',
    path: API.profile,
    tag: TAG,
    access: { kind: 'user' },
    permission: 'self',
    body: ProfileBody,
    summary: 'Updates first and last name',
    response: MessageAnswerSchema,
    handler: async ({ caller, body }) => {
      await account.updateProfile(deps.db, caller.accountId, body);
      return { message: MSG.profileUpdated };
    },
  });
  router.add({
    method: 'post',
    path: '/api/v1/account/image/:name',
    tag: TAG,
    access: SELLERS,
    permission: 'setup.manage',
    multipart: true,
    params: v.object({ name: v.picklist(['logo', 'sign'], 'name must be logo or sign') }),
    maxBody: { bytes: LIMITS.imageUploadMaxBytes + UPLOAD_ENVELOPE_BYTES, message: IMAGE_TOO_LARGE },
    summary: 'Uploads the company logo or signature (field "file"; PNG, JPEG or WEBP up to 1 MB)',
    errors: { 413: IMAGE_TOO_LARGE, 415: 'not a PNG, JPEG or WEBP image' },
    response: UploadAnswerSchema,
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

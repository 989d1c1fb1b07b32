import * as v from 'valibot';
import { CorporateAccountRowSchema, CorporateDashboardSchema } from './account-contract';
import { operation } from './operation';
import { pagedSchema, pagingEntries } from './paging';
import { numericId } from './params';
import { ImpersonationAnswerSchema } from './staff-contract';

// The staff landing (issue "The staff console"): its counts, the seller logins across
// organisations, and an admin session acting as one of them. Served by
// server/modules/corporate/routes.ts.

const TAG = 'corporate';

export const API_CORPORATE = {
  accounts: operation({
    method: 'get',
    path: '/api/v1/corporate/accounts',
    tag: TAG,
    query: v.object(pagingEntries),
    summary: 'Seller logins across organisations, newest first, with search (email, name, phone, company)',
    response: pagedSchema(CorporateAccountRowSchema),
  }),
  dashboard: operation({
    method: 'get',
    path: '/api/v1/corporate/dashboard',
    tag: TAG,
    summary: 'Counts for the staff landing page',
    response: CorporateDashboardSchema,
  }),
  impersonate: operation({
    method: 'post',
    path: '/api/v1/corporate/accounts/:accountId/impersonate',
    tag: TAG,
    params: v.object({ accountId: numericId('accountId') }),
    summary:
      'Admin session: a 30-minute access token acting as the seller (subject "<staffId>-<sellerId>"), never refreshable',
    errors: { 404: 'no such seller account' },
    returns: "The token, and the admin session's id (its start, end or expiry is kept in the audit log)",
    response: ImpersonationAnswerSchema,
  }),
};

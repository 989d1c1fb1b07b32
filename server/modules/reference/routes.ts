import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { forbidden, notFound } from '../../http/errors';
import { clientIp } from '../../http/client-ip';
import { API } from '../../../src/domain/account-contract';
import { AcceptTermsBody } from '../../../src/domain/schemas/account';
import { currentTerms, listPlans, listReferralSources, recordTermsDecision } from './service';

const TAG = 'reference';

export function registerReferenceRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API.plans,
    tag: TAG,
    access: { kind: 'public' },
    summary: 'Subscription plans with prices (rupees a month) and features',
    handler: () => listPlans(deps.db),
  });
  router.add({
    method: 'get',
    path: API.referralSources,
    tag: TAG,
    access: { kind: 'public' },
    summary: 'How a seller heard about Dakiya: the sign-up choices',
    returns: '{ referralSourceId, sourceName }[]',
    handler: () => listReferralSources(deps.db),
  });
  router.add({
    method: 'get',
    path: API.terms,
    tag: TAG,
    access: { kind: 'public' },
    summary: 'The terms and conditions in force (get-tc-data)',
    returns: '{ tcVersionId, version, title, content }',
    handler: async () => (await currentTerms(deps.db)) ?? Promise.reject(notFound('No terms have been published')),
  });
  router.add({
    method: 'post',
    path: API.acceptTerms,
    tag: TAG,
    access: { kind: 'user' },
    body: AcceptTermsBody,
    summary: 'Records the caller accepting (or declining) a terms version, with the IP address',
    handler: async ({ body, caller }) => {
      // consent is personal: staff acting as a seller cannot give it for them
      if (caller.isAdminSession) throw forbidden('Terms can only be accepted by the account holder');
      await recordTermsDecision(deps.db, { accountId: caller.accountId, ...body, now: deps.now() });
      return { tcVersionId: body.tcVersionId, status: body.status };
    },
  });
  router.add({
    method: 'get',
    path: API.ip,
    tag: TAG,
    access: { kind: 'public' },
    summary: "The caller's IP address as the server sees it (recorded with terms acceptance)",
    returns: '{ ip }',
    handler: ({ c }) => ({ ip: clientIp(c, deps.config) }),
  });
}

import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { clientIp } from '../../http/client-ip';
import {
  API,
  IpAnswerSchema,
  PlanSchema,
  ReferralSourceSchema,
  TermsDataSchema,
  TermsDecisionAnswerSchema,
} from '../../../src/domain/account-contract';
import { AcceptTermsBody } from '../../../src/domain/schemas/account';
import { decideTerms, listPlans, listReferralSources, termsInForce } from './service';

const TAG = 'reference';

export function registerReferenceRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API.plans,
    tag: TAG,
    access: { kind: 'public' },
    summary: 'Subscription plans with prices (rupees a month) and features',
    response: v.array(PlanSchema),
    handler: () => listPlans(deps.db),
  });
  router.add({
    method: 'get',
    path: API.referralSources,
    tag: TAG,
    access: { kind: 'public' },
    summary: 'How a seller heard about Dakiya: the sign-up choices',
    response: v.array(ReferralSourceSchema),
    handler: () => listReferralSources(deps.db),
  });
  router.add({
    method: 'get',
    path: API.terms,
    tag: TAG,
    access: { kind: 'public' },
    summary: 'The terms and conditions in force (get-tc-data)',
    response: TermsDataSchema,
    handler: () => termsInForce(deps.db),
  });
  router.add({
    method: 'post',
    path: API.acceptTerms,
    tag: TAG,
    access: { kind: 'user' },
    permission: 'self',
    body: AcceptTermsBody,
    summary: 'Records the caller accepting (or declining) a terms version, with the IP address',
    response: TermsDecisionAnswerSchema,
    handler: ({ body, caller }) => decideTerms(deps.db, caller, body, deps.now()),
  });
  router.add({
    method: 'get',
    path: API.ip,
    tag: TAG,
    access: { kind: 'public' },
    summary: "The caller's IP address as the server sees it (recorded with terms acceptance)",
    response: IpAnswerSchema,
    handler: ({ c }) => ({ ip: clientIp(c, deps.config) }),
  });
}

import * as v from 'valibot';

import { API } from './account-session';
import {
  IpAnswerSchema,
  PlanSchema,
  ReferralSourceSchema,
  TermsDataSchema,
  TermsDecisionAnswerSchema,
} from './account-contract';
import { operation } from './operation';
import { AcceptTermsBody } from './schemas/account';

// The reference data every seller reads: the plans, the sign-up's referral sources, the terms in
// force and their acceptance, the caller's IP address. Their paths stay in account-session.ts (the
// seller app's first chunk reads them); these operations live apart so that chunk stays small.

const TAG = 'reference';

export const API_REFERENCE = {
  plans: operation({
    method: 'get',
    path: API.plans,
    tag: TAG,
    summary: 'Subscription plans with prices (rupees a month) and features',
    response: v.array(PlanSchema),
  }),
  referralSources: operation({
    method: 'get',
    path: API.referralSources,
    tag: TAG,
    summary: 'How a seller heard about Dakiya: the sign-up choices',
    response: v.array(ReferralSourceSchema),
  }),
  terms: operation({
    method: 'get',
    path: API.terms,
    tag: TAG,
    summary: 'The terms and conditions in force (get-tc-data)',
    response: TermsDataSchema,
  }),
  acceptTerms: operation({
    method: 'post',
    path: API.acceptTerms,
    tag: TAG,
    body: AcceptTermsBody,
    summary: 'Records the caller accepting (or declining) a terms version, with the IP address',
    response: TermsDecisionAnswerSchema,
  }),
  ip: operation({
    method: 'get',
    path: API.ip,
    tag: TAG,
    summary: "The caller's IP address as the server sees it (recorded with terms acceptance)",
    response: IpAnswerSchema,
  }),
};

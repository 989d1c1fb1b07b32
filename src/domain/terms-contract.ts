import * as v from 'valibot';

import { operation } from './operation';
import { PublishTermsBody, TERMS_RULES } from './schemas/terms';

// Staff publish the terms and conditions: a new version is in force at once, and every seller
// login that came to be before it reads and accepts it before going on (account info's
// termsAndConditionsDetailsInfoDTO.mustAccept; the terms-acceptance machine). The seller's calls
// (get-tc-data, accept-tc) are API.terms and API.acceptTerms in account-contract.ts.

export { TERMS_RULES };

export const TERMS_TEXT = {
  unchanged: 'Terms text: this is the version in force already; change the text to publish a new one',
  mustAccept: 'We have updated our terms and conditions. Please read and accept them to continue.',
  declined: 'You declined the updated terms and conditions, so you have been logged out.',
} as const;

export const TermsVersionRowSchema = v.object({
  tcVersionId: v.number(),
  version: v.string(),
  title: v.string(),
  publishedAt: v.string(),
  inForce: v.boolean(),
  acceptedCount: v.number(),
  declinedCount: v.number(),
});
export type TermsVersionRow = v.InferOutput<typeof TermsVersionRowSchema>;

export const API_TERMS = {
  versions: operation({
    method: 'get',
    path: '/api/v1/corporate/terms',
    tag: 'corporate',
    summary: 'Every published terms version, newest (in force) first, with how many logins accepted or declined it',
    response: v.array(TermsVersionRowSchema),
  }),
  publish: operation({
    method: 'post',
    path: '/api/v1/corporate/terms',
    tag: 'corporate',
    body: PublishTermsBody,
    summary:
      'Publishes a new terms version, in force at once: every seller login made before it must accept it before going on',
    errors: { 409: 'the same text is in force already' },
    response: TermsVersionRowSchema,
  }),
} as const;

import * as v from 'valibot';

// Staff publish the terms and conditions: a new version is in force at once, and every seller
// login that came to be before it reads and accepts it before going on (account info's
// termsAndConditionsDetailsInfoDTO.mustAccept; the terms-acceptance machine). The seller's calls
// (get-tc-data, accept-tc) are API.terms and API.acceptTerms in account-contract.ts.

export const API_TERMS = {
  staffVersions: '/api/v1/corporate/terms', // GET → TermsVersionRow[]; POST PublishTermsBody → TermsVersionRow
} as const;

export const TERMS_RULES = { titleMin: 5, titleMax: 120, contentMin: 50, contentMax: 50_000 } as const;

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

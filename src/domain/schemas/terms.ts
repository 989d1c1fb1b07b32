import * as v from 'valibot';

// Staff publishing a terms version: a title and the text sellers read and accept.

export const TERMS_RULES = { titleMin: 5, titleMax: 120, contentMin: 50, contentMax: 50_000 } as const;

const titleText = `termsTitle must be ${TERMS_RULES.titleMin} to ${TERMS_RULES.titleMax} characters`;
const contentText = `termsContent must be ${TERMS_RULES.contentMin} to ${TERMS_RULES.contentMax} characters`;

export const PublishTermsBody = v.object({
  termsTitle: v.pipe(
    v.string('termsTitle is required'),
    v.trim(),
    v.minLength(TERMS_RULES.titleMin, titleText),
    v.maxLength(TERMS_RULES.titleMax, titleText),
  ),
  termsContent: v.pipe(
    v.string('termsContent is required'),
    v.trim(),
    v.minLength(TERMS_RULES.contentMin, contentText),
    v.maxLength(TERMS_RULES.contentMax, contentText),
  ),
});
export type PublishTermsInput = v.InferOutput<typeof PublishTermsBody>;

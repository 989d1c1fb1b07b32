import * as v from 'valibot';
import { ReceivedAnswerSchema } from './account-contract';
import { operation } from './operation';

// Sign-up page feedback (spec sections 3 and 9): a visitor rates how sign-up went, 1 to 10 shown
// "out of 10", with an optional message. The rules of its buttons are written down here, as one
// pure function, and in docs/decisions/signup-feedback.md; the form shows the reason a button is shut.

export const SIGNUP_FEEDBACK = {
  minRating: 1,
  maxRating: 10,
  messageMaxLength: 500,
  /** feedback accepted from one client address in an hour; a repeat of one submission is not counted again */
  perIpPerHour: 5,
} as const;

export const SIGNUP_FEEDBACK_RATINGS: readonly number[] = Array.from(
  { length: SIGNUP_FEEDBACK.maxRating },
  (_, i) => i + 1,
);

export const SIGNUP_FEEDBACK_MSG = {
  rating: `Rating must be from ${SIGNUP_FEEDBACK.minRating} to ${SIGNUP_FEEDBACK.maxRating}`,
  message: `Message must be at most ${SIGNUP_FEEDBACK.messageMaxLength} characters`,
  messageText: 'Message must be text',
  idempotencyKey: 'Request key must be a UUID',
  tooMany: 'We have had enough feedback from your network for now; please try again in an hour',
  chooseRating: 'Choose a rating to send your feedback',
  sending: 'Sending your feedback…',
  thanks: 'Thank you for telling us how sign-up went',
} as const;

export const SignupFeedbackBody = v.object({
  // made once per feedback by the page: a repeat of the same send is stored once
  idempotencyKey: v.pipe(v.string(SIGNUP_FEEDBACK_MSG.idempotencyKey), v.uuid(SIGNUP_FEEDBACK_MSG.idempotencyKey)),
  rating: v.pipe(
    v.number(SIGNUP_FEEDBACK_MSG.rating),
    v.integer(SIGNUP_FEEDBACK_MSG.rating),
    v.minValue(SIGNUP_FEEDBACK.minRating, SIGNUP_FEEDBACK_MSG.rating),
    v.maxValue(SIGNUP_FEEDBACK.maxRating, SIGNUP_FEEDBACK_MSG.rating),
  ),
  message: v.optional(
    v.pipe(
      v.string(SIGNUP_FEEDBACK_MSG.messageText),
      v.trim(),
      v.maxLength(SIGNUP_FEEDBACK.messageMaxLength, SIGNUP_FEEDBACK_MSG.message),
    ),
    '',
  ),
});
export type SignupFeedbackPayload = v.InferOutput<typeof SignupFeedbackBody>;

export type SignupFeedbackPhase = 'editing' | 'sending' | 'sent';

export interface SignupFeedbackControls {
  /** the 1..10 choices */
  rating: boolean;
  message: boolean;
  submit: boolean;
  /** why submit is shut, shown next to it; null when it is open or the feedback is sent */
  reason: string | null;
}

/** Which controls of the feedback block are disabled, and why submit is. */
export function signupFeedbackDisabled(s: {
  phase: SignupFeedbackPhase;
  rating: number | null;
  message: string;
}): SignupFeedbackControls {
  if (s.phase === 'sent') return { rating: true, message: true, submit: true, reason: null };
  if (s.phase === 'sending') return { rating: true, message: true, submit: true, reason: SIGNUP_FEEDBACK_MSG.sending };
  const rated =
    s.rating !== null &&
    Number.isInteger(s.rating) &&
    s.rating >= SIGNUP_FEEDBACK.minRating &&
    s.rating <= SIGNUP_FEEDBACK.maxRating;
  if (!rated) return { rating: false, message: false, submit: true, reason: SIGNUP_FEEDBACK_MSG.chooseRating };
  if (s.message.trim().length > SIGNUP_FEEDBACK.messageMaxLength)
    return { rating: false, message: false, submit: true, reason: SIGNUP_FEEDBACK_MSG.message };
  return { rating: false, message: false, submit: false, reason: null };
}

export const API_SIGNUP_FEEDBACK = {
  send: operation({
    method: 'post',
    path: '/rest/v1/feedback/signup',
    tag: 'feedback',
    body: SignupFeedbackBody,
    summary:
      'A visitor tells us how sign-up went: a rating 1 to 10 and a message (a repeat of one submission id is stored once)',
    errors: {
      429: `more than ${SIGNUP_FEEDBACK.perIpPerHour} feedback submissions from this address in an hour (Retry-After)`,
    },
    response: ReceivedAnswerSchema,
  }),
} as const;

import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  SIGNUP_FEEDBACK_MSG,
  SIGNUP_FEEDBACK_RATINGS,
  SignupFeedbackBody,
  signupFeedbackDisabled,
} from '../../src/domain/signup-feedback';

// The should-disable rules of the sign-up feedback block (docs/decisions/signup-feedback.md).

const open = { rating: false, message: false, submit: false, reason: null };
describe('signupFeedbackDisabled', () => {
  it.each([
    [
      'nothing chosen yet',
      { phase: 'editing', rating: null, message: '' },
      { rating: false, message: false, submit: true, reason: SIGNUP_FEEDBACK_MSG.chooseRating },
    ],
    [
      'a message but no rating',
      { phase: 'editing', rating: null, message: 'slow OTP' },
      { rating: false, message: false, submit: true, reason: SIGNUP_FEEDBACK_MSG.chooseRating },
    ],
    [
      'a rating of 0',
      { phase: 'editing', rating: 0, message: '' },
      { rating: false, message: false, submit: true, reason: SIGNUP_FEEDBACK_MSG.chooseRating },
    ],
    [
      'a rating of 11',
      { phase: 'editing', rating: 11, message: '' },
      { rating: false, message: false, submit: true, reason: SIGNUP_FEEDBACK_MSG.chooseRating },
    ],
    ['a rating of 1', { phase: 'editing', rating: 1, message: '' }, open],
    ['a rating of 10 and a message', { phase: 'editing', rating: 10, message: 'great' }, open],
    ['500 characters within spaces', { phase: 'editing', rating: 5, message: ` ${'x'.repeat(500)} ` }, open],
    [
      '501 characters',
      { phase: 'editing', rating: 5, message: 'x'.repeat(501) },
      { rating: false, message: false, submit: true, reason: SIGNUP_FEEDBACK_MSG.message },
    ],
    [
      'sending',
      { phase: 'sending', rating: 5, message: '' },
      { rating: true, message: true, submit: true, reason: SIGNUP_FEEDBACK_MSG.sending },
    ],
    ['sent', { phase: 'sent', rating: 5, message: '' }, { rating: true, message: true, submit: true, reason: null }],
  ] as const)('%s', (_, state, expected) => {
    expect(signupFeedbackDisabled(state)).toEqual(expected);
  });

  it('offers the ratings 1 to 10', () => {
    expect(SIGNUP_FEEDBACK_RATINGS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('trims the message before counting it', () => {
    const out = v.parse(SignupFeedbackBody, {
      idempotencyKey: '6f1c2b0e-8a4d-4c1e-9f3a-2b7d5e9c1a00',
      rating: 4,
      message: ` ${'y'.repeat(500)}\n`,
    });
    expect(out.message).toHaveLength(500);
  });
});

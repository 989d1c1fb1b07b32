import { assign, fromPromise, setup } from 'xstate';
import { SIGNUP_FEEDBACK, signupFeedbackDisabled, type SignupFeedbackPayload } from '../domain/signup-feedback';
import { takeFailure } from './failure';

// The feedback block of the sign-up page (spec sections 3 and 9): a rating 1 to 10 and a message.
// Submit follows signupFeedbackDisabled; a failed send keeps what was typed and says why, and a
// retry carries the same idempotency key, so a send whose answer was lost is stored once.

export interface SignupFeedbackContext {
  idempotencyKey: string;
  rating: number | null;
  message: string;
  error: string | null;
}

export type SignupFeedbackEvent =
  { type: 'RATE'; value: number } | { type: 'TYPE'; value: string } | { type: 'SUBMIT' };

export const signupFeedbackMachine = setup({
  types: {
    context: {} as SignupFeedbackContext,
    events: {} as SignupFeedbackEvent,
    input: {} as { idempotencyKey: string },
  },
  actors: {
    sendFeedback: fromPromise<unknown, SignupFeedbackPayload>(async () => {
      throw new Error('sendFeedback not provided');
    }),
  },
  guards: {
    canSubmit: ({ context }) =>
      !signupFeedbackDisabled({ phase: 'editing', rating: context.rating, message: context.message }).submit,
    validRating: ({ event }) =>
      event.type === 'RATE' &&
      Number.isInteger(event.value) &&
      event.value >= SIGNUP_FEEDBACK.minRating &&
      event.value <= SIGNUP_FEEDBACK.maxRating,
  },
}).createMachine({
  id: 'signupFeedback',
  context: ({ input }) => ({ idempotencyKey: input.idempotencyKey, rating: null, message: '', error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        RATE: { guard: 'validRating', actions: assign({ rating: ({ event }) => event.value, error: null }) },
        TYPE: {
          actions: assign({ message: ({ event }) => event.value.slice(0, SIGNUP_FEEDBACK.messageMaxLength + 1) }),
        },
        SUBMIT: { guard: 'canSubmit', target: 'sending' },
      },
    },
    sending: {
      entry: assign({ error: null }),
      invoke: {
        id: 'sendFeedback',
        src: 'sendFeedback',
        input: ({ context }) => ({
          idempotencyKey: context.idempotencyKey,
          rating: context.rating ?? 0,
          message: context.message.trim(),
        }),
        onDone: 'sent',
        onError: { target: 'editing', actions: assign(takeFailure) },
      },
    },
    sent: { type: 'final' },
  },
});

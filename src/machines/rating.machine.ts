import { assign, fromPromise, setup } from 'xstate';

// One rating section of the tracking page (spec sections 4 and 5): a score from 0 to 10, submit
// disabled while 0; once the server takes it, the section is a thank-you. Errors of the feedback
// call are silently ignored (spec section 8): the buyer may simply submit again. A rating the
// server already has is shown as the thank-you without this machine.

export interface RatingContext {
  score: number;
  feedback: string;
}

export type RatingEvent = { type: 'SCORE'; value: number } | { type: 'FEEDBACK'; value: string } | { type: 'SUBMIT' };

export const ratingMachine = setup({
  types: { context: {} as RatingContext, events: {} as RatingEvent },
  actors: {
    submitRating: fromPromise<unknown, { score: number; feedback: string }>(async () => {
      throw new Error('submitRating not provided');
    }),
  },
  guards: {
    scored: ({ context }) => context.score >= 1 && context.score <= 10,
  },
}).createMachine({
  id: 'rating',
  context: { score: 0, feedback: '' },
  initial: 'notGiven',
  states: {
    notGiven: {
      on: {
        SCORE: { actions: assign({ score: ({ event }) => Math.max(0, Math.min(10, Math.round(event.value))) }) },
        FEEDBACK: { actions: assign({ feedback: ({ event }) => event.value.slice(0, 500) }) },
        SUBMIT: { guard: 'scored', target: 'submitting' },
      },
    },
    submitting: {
      invoke: {
        id: 'submitRating',
        src: 'submitRating',
        input: ({ context }) => ({ score: context.score, feedback: context.feedback }),
        onDone: 'given',
        onError: 'notGiven',
      },
    },
    given: { type: 'final' },
  },
});

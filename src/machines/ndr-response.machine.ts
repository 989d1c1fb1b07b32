import { assign, fromPromise, setup } from 'xstate';
import type { BuyerNdrAnswerKind, BuyerNdrView } from '../domain/ndr-contract';
import type { BuyerNdrAnswer } from '../domain/schemas/ndr';
import {
  addressPrefill,
  buyerAnswerBody,
  buyerAnswerProblems,
  NDR_PROBLEMS,
  type NdrTextField,
} from '../domain/ndr-forms';
import { takeFailure } from './failure';

// The buyer's page after a failed delivery, opened from the SMS link (a token, never the AWB):
// the parcel loads; the buyer says they still want it (and on which day), corrects the address,
// landmark or phone, or declines it; the answer is sent once. A link past its time, one already
// answered (by the buyer or by the seller acting first) or an unknown one each has its own page.

export interface NdrResponseInput {
  token: string;
}

export interface NdrResponseContext extends NdrResponseInput {
  view: BuyerNdrView | null;
  answer: BuyerNdrAnswerKind | null;
  values: Partial<Record<NdrTextField, string>>;
  errors: Record<string, string>;
  error: string | null;
}

export type NdrResponseEvent =
  | { type: 'CHOOSE'; answer: BuyerNdrAnswerKind }
  | { type: 'SET'; field: NdrTextField; value: string }
  | { type: 'SUBMIT' }
  | { type: 'BACK' }
  | { type: 'RETRY' };

const statusOf = (event: unknown) => (event as { error?: { status?: number } }).error?.status;

const problemsOf = (ctx: NdrResponseContext) =>
  ctx.answer && ctx.view
    ? buyerAnswerProblems(ctx.answer, ctx.values, ctx.view.dates, ctx.view.address)
    : { answer: NDR_PROBLEMS.chooseAnswer };

export const ndrResponseMachine = setup({
  types: {
    context: {} as NdrResponseContext,
    events: {} as NdrResponseEvent,
    input: {} as NdrResponseInput,
  },
  actors: {
    fetchNdr: fromPromise<BuyerNdrView, { token: string }>(async () => {
      throw new Error('fetchNdr not provided');
    }),
    sendAnswer: fromPromise<BuyerNdrView, { token: string; body: BuyerNdrAnswer }>(async () => {
      throw new Error('sendAnswer not provided');
    }),
  },
  guards: {
    alreadyAnswered: ({ event }) => {
      const view = (event as { output?: BuyerNdrView }).output;
      return !!view && (view.answered !== null || view.options.length === 0);
    },
    offered: ({ context, event }) =>
      event.type === 'CHOOSE' && !!context.view && context.view.options.includes(event.answer),
    valid: ({ context }) => Object.keys(problemsOf(context)).length === 0,
    expiredLink: ({ event }) => statusOf(event) === 410,
    unknownLink: ({ event }) => statusOf(event) === 404,
    actedFirst: ({ event }) => statusOf(event) === 409,
  },
}).createMachine({
  id: 'ndrResponse',
  context: ({ input }) => ({ ...input, view: null, answer: null, values: {}, errors: {}, error: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'fetchNdr',
        src: 'fetchNdr',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          { guard: 'alreadyAnswered', target: 'used', actions: assign({ view: ({ event }) => event.output }) },
          {
            target: 'choosing',
            actions: assign({
              view: ({ event }) => event.output,
              values: ({ event }) => ({ reattemptDate: event.output.dates.min }),
            }),
          },
        ],
        onError: [
          { guard: 'expiredLink', target: 'expired' },
          { guard: 'unknownLink', target: 'notFound' },
          { target: 'loadFailed', actions: assign(takeFailure) },
        ],
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    choosing: {
      on: {
        CHOOSE: {
          guard: 'offered',
          target: 'answering',
          // correcting details starts from the address the courier has (kept when the buyer comes back to it)
          actions: assign({
            answer: ({ event }) => event.answer,
            errors: {},
            values: ({ context, event }) =>
              event.answer === 'UPDATE_DETAILS' && context.values.addressLine1 === undefined && context.view
                ? { ...context.values, ...addressPrefill(context.view.address) }
                : context.values,
          }),
        },
      },
    },
    answering: {
      on: {
        SET: {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }),
            errors: ({ context, event }) =>
              Object.fromEntries(Object.entries(context.errors).filter(([k]) => k !== event.field)),
          }),
        },
        SUBMIT: [
          { guard: 'valid', target: 'submitting' },
          { actions: assign({ errors: ({ context }) => problemsOf(context) }) },
        ],
        BACK: 'choosing',
      },
    },
    submitting: {
      entry: assign({ error: null }),
      invoke: {
        id: 'sendAnswer',
        src: 'sendAnswer',
        input: ({ context }) => ({
          token: context.token,
          body: buyerAnswerBody(context.answer!, context.values, context.view!.address),
        }),
        onDone: { target: 'done', actions: assign({ view: ({ event }) => event.output }) },
        onError: [
          { guard: 'expiredLink', target: 'expired' },
          // the seller (or an earlier visit) answered first: that answer stands
          { guard: 'actedFirst', target: 'used', actions: assign(takeFailure) },
          { target: 'failed', actions: assign(takeFailure) },
        ],
      },
    },
    failed: { on: { RETRY: 'submitting', BACK: 'answering' } },
    done: { type: 'final' },
    used: { type: 'final' },
    expired: { type: 'final' },
    notFound: { type: 'final' },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import type { OrderVerification } from '../domain/cod-verification-contract';
import { LIVE_API } from '../domain/live-events-contract';
import { pathOf } from '../domain/operation';
import { failureMessage, takeFailure } from './failure';
import { noLiveUpdates, type LiveUpdate } from './live-updates';

// The order page's COD verification panel: the verification read, then the seller's two moves:
// send the buyer the link again, or ship without the buyer's confirmation (asked first, since
// the seller then carries the risk of a refused parcel). Each answer is the verification anew.
// The order's live stream (`liveUpdates`) says when the buyer answered (on WhatsApp or the web
// link): the panel reads the verification again while it is shown.

export interface CodVerificationPanelContext {
  orderId: number;
  verification: OrderVerification | null;
  error: string | null;
  /** the last thing to tell the seller */
  notice: { kind: 'info' | 'error'; message: string } | null;
}

export type CodVerificationPanelEvent =
  { type: 'RETRY' } | { type: 'RESEND' } | { type: 'OVERRIDE' } | { type: 'CONFIRM' } | { type: 'CANCEL' } | LiveUpdate;

export const codVerificationPanelMachine = setup({
  types: {
    context: {} as CodVerificationPanelContext,
    events: {} as CodVerificationPanelEvent,
    input: {} as { orderId: number },
  },
  actors: {
    load: fromPromise<OrderVerification, { orderId: number }>(async () => {
      throw new Error('load not provided');
    }),
    resend: fromPromise<OrderVerification, { orderId: number }>(async () => {
      throw new Error('resend not provided');
    }),
    override: fromPromise<OrderVerification, { orderId: number }>(async () => {
      throw new Error('override not provided');
    }),
    liveUpdates: noLiveUpdates,
  },
  guards: {
    mayResend: ({ context }) => !!context.verification?.mayResend,
    mayOverride: ({ context }) => !!context.verification?.mayOverride,
  },
  actions: {
    failed: assign({
      notice: ({ event }) => ({ kind: 'error' as const, message: failureMessage({ event }) }),
    }),
  },
}).createMachine({
  id: 'codVerificationPanel',
  context: ({ input }) => ({ orderId: input.orderId, verification: null, error: null, notice: null }),
  initial: 'loading',
  invoke: {
    id: 'liveUpdates',
    src: 'liveUpdates',
    input: ({ context }) => ({ url: pathOf(LIVE_API.sellerOrder, { orderId: context.orderId }) }),
  },
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'ready', actions: assign({ verification: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign(takeFailure) },
      },
      // the read under way may have left before this answer: read again
      on: { LIVE_STATUS: { target: 'loading', reenter: true } },
    },
    failed: { on: { RETRY: 'loading', LIVE_STATUS: 'loading' } },
    ready: {
      on: {
        RESEND: { guard: 'mayResend', target: 'resending', actions: assign({ notice: null }) },
        OVERRIDE: { guard: 'mayOverride', target: 'confirming', actions: assign({ notice: null }) },
        LIVE_STATUS: 'refreshing',
      },
    },
    // the buyer answered meanwhile: read again with the panel still shown
    refreshing: {
      invoke: {
        id: 'refresh',
        src: 'load',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'ready', actions: assign({ verification: ({ event }) => event.output }) },
        onError: { target: 'ready' },
      },
      on: { LIVE_STATUS: { target: 'refreshing', reenter: true } },
    },
    confirming: { on: { CONFIRM: 'overriding', CANCEL: 'ready' } },
    resending: {
      invoke: {
        id: 'resend',
        src: 'resend',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'ready',
          actions: assign({
            verification: ({ event }) => event.output,
            notice: { kind: 'info', message: 'The confirmation link was sent to the buyer again' },
          }),
        },
        onError: { target: 'ready', actions: 'failed' },
      },
    },
    overriding: {
      invoke: {
        id: 'override',
        src: 'override',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'ready',
          actions: assign({
            verification: ({ event }) => event.output,
            notice: { kind: 'info', message: 'This order may ship without the buyer’s confirmation now' },
          }),
        },
        onError: { target: 'ready', actions: 'failed' },
      },
    },
  },
});

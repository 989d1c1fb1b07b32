import { assign, fromPromise, setup } from 'xstate';
import type { CourierQuote, RateAnswer, ShipmentInfo } from '../domain/shipping-contract';
import { failureText, takeFailure } from './failure';

// Moving a booked forward shipment to another courier: the couriers' quotes load (the current
// courier is kept in the list, marked, but cannot be chosen; hyperlocal partners, which need a
// delivery slot, are left out), the seller picks another, reads what will happen (the current
// AWB cancelled and refunded, the new one booked and charged) and confirms. A short wallet and
// any other refusal show the server's words; every try sends the dialog's one idempotency key,
// so a reassignment that did go through is answered, never booked twice.

export interface CourierReassignInput {
  orderId: number;
  /** the courier the shipment is booked with now */
  currentCarrierCode: string;
  /** made once per dialog by the view; every retry sends it again */
  idempotencyKey: string;
}

export interface CourierReassignContext extends CourierReassignInput {
  quotes: CourierQuote[];
  unserviceable: RateAnswer['unserviceable'];
  chosen: string | null;
  shipment: ShipmentInfo | null;
  error: string | null;
}

export type CourierReassignEvent =
  | { type: 'CHOOSE'; carrierCode: string }
  | { type: 'REVIEW' }
  | { type: 'CONFIRM' }
  | { type: 'RETRY' }
  | { type: 'BACK' };

const isShortWallet = (error: unknown) =>
  (error as { status?: number } | null)?.status === 422 && /^Insufficient wallet balance/.test(failureText(error));

/** The quotes another courier could take: every courier's, none a hyperlocal partner's. */
const courierQuotes = (answer: RateAnswer) => answer.quotes.filter((q) => !q.hyperlocal);

export const courierReassignMachine = setup({
  types: {
    context: {} as CourierReassignContext,
    events: {} as CourierReassignEvent,
    input: {} as CourierReassignInput,
  },
  actors: {
    loadQuotes: fromPromise<RateAnswer, { orderId: number }>(async () => {
      throw new Error('loadQuotes not provided');
    }),
    reassign: fromPromise<ShipmentInfo, { orderId: number; carrierCode: string; idempotencyKey: string }>(async () => {
      throw new Error('reassign not provided');
    }),
  },
  actions: {
    /** the binding says what is stale now: the order, its shipment, the wallet */
    reassigned: () => {},
  },
  guards: {
    hasChoice: ({ context }) => context.chosen !== null,
    anotherCourier: ({ context, event }) =>
      event.type === 'CHOOSE' &&
      event.carrierCode !== context.currentCarrierCode &&
      context.quotes.some((q) => q.carrierCode === event.carrierCode),
    noOtherCourier: ({ context }) => !context.quotes.some((q) => q.carrierCode !== context.currentCarrierCode),
    shortWallet: ({ event }) => isShortWallet((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'courierReassign',
  context: ({ input }) => ({ ...input, quotes: [], unserviceable: [], chosen: null, shipment: null, error: null }),
  initial: 'loadingQuotes',
  states: {
    loadingQuotes: {
      invoke: {
        id: 'loadQuotes',
        src: 'loadQuotes',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'choosing',
          actions: assign({
            quotes: ({ event }) => courierQuotes(event.output),
            unserviceable: ({ event }) => event.output.unserviceable,
            // nothing is chosen for the seller: moving a shipment is a deliberate pick
            chosen: null,
            error: null,
          }),
        },
        onError: { target: 'quotesFailed', actions: assign(takeFailure) },
      },
    },
    quotesFailed: { on: { RETRY: 'loadingQuotes' } },
    choosing: {
      always: { guard: 'noOtherCourier', target: 'noOtherCourier' },
      on: {
        CHOOSE: { guard: 'anotherCourier', actions: assign({ chosen: ({ event }) => event.carrierCode }) },
        REVIEW: { guard: 'hasChoice', target: 'confirming' },
      },
    },
    noOtherCourier: {},
    confirming: { on: { CONFIRM: 'reassigning', BACK: 'choosing' } },
    reassigning: {
      invoke: {
        id: 'reassign',
        src: 'reassign',
        input: ({ context }) => ({
          orderId: context.orderId,
          carrierCode: context.chosen!,
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: { target: 'reassigned', actions: assign({ shipment: ({ event }) => event.output, error: null }) },
        onError: [
          {
            guard: 'shortWallet',
            target: 'insufficientBalance',
            actions: assign(takeFailure),
          },
          { target: 'failed', actions: assign(takeFailure) },
        ],
      },
    },
    insufficientBalance: { on: { RETRY: 'reassigning', BACK: 'choosing' } },
    failed: { on: { RETRY: 'reassigning', BACK: 'choosing' } },
    reassigned: { type: 'final', entry: 'reassigned' },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import type { CourierQuote, CoverQuote, RateAnswer, ShipmentInfo } from '../domain/shipping-contract';
import { failureText, takeFailure } from './failure';

// Shipping one order: the couriers' quotes load, the seller picks one (the recommended courier
// is picked to start with when the answer has one, else the best value), and books it. A short wallet is its own state, with the amount to
// recharge; the choices stay open there (a cheaper courier may fit the balance), and after
// recharging the request is sent again with the same idempotency key, so a booking that did go
// through is answered, never made twice. A hyperlocal partner is booked into one of its delivery
// slots: choosing it picks its first open slot, and the seller may pick another. An order's
// quotes carry its cover: insurance starts on when the seller's "insure above" rule covers the
// order (and can be switched, unless the value cannot be insured), delay protection starts off;
// both go with the booking and stay as chosen through a short wallet and retries.

export interface ShipOrderInput {
  orderId: number;
  /** made once per dialog by the view; every retry sends it again */
  idempotencyKey: string;
}

export interface ShipOrderContext extends ShipOrderInput {
  quotes: CourierQuote[];
  unserviceable: RateAnswer['unserviceable'];
  /** the courier the seller's recommendation rule picks, with why (Premium; null otherwise) */
  recommended: NonNullable<RateAnswer['recommended']> | null;
  chosen: string | null;
  /** the chosen hyperlocal partner's delivery slot; null for a courier */
  slotId: string | null;
  shipment: ShipmentInfo | null;
  error: string | null;
  /** a short wallet: the recharge the server offered (paise) that lets this booking through */
  rechargePaise: number | null;
  /** what insuring the order costs (an order's quotes; null for a return's pickup) */
  cover: CoverQuote | null;
  insured: boolean;
  delayProtection: boolean;
}

/** What the ship call is asked to book. */
export interface ShipCallInput {
  orderId: number;
  carrierCode: string;
  idempotencyKey: string;
  slotId: string | null;
  insured: boolean;
  delayProtection: boolean;
}

export type ShipOrderEvent =
  | { type: 'CHOOSE'; carrierCode: string }
  | { type: 'CHOOSE_SLOT'; slotId: string }
  | { type: 'SET_INSURED'; insured: boolean }
  | { type: 'SET_DELAY_PROTECTION'; on: boolean }
  | { type: 'SHIP' }
  | { type: 'RETRY' }
  | { type: 'BACK' };

/** The first open slot of a hyperlocal quote, null for a courier's. */
const firstSlot = (quotes: CourierQuote[], code: string | null) =>
  quotes.find((q) => q.carrierCode === code)?.hyperlocal?.slots[0]?.id ?? null;

const isShortWallet = (error: unknown) =>
  (error as { status?: number } | null)?.status === 422 && /^Insufficient wallet balance/.test(failureText(error));

export const shipOrderMachine = setup({
  types: {
    context: {} as ShipOrderContext,
    events: {} as ShipOrderEvent,
    input: {} as ShipOrderInput,
  },
  actors: {
    loadQuotes: fromPromise<RateAnswer, { orderId: number }>(async () => {
      throw new Error('loadQuotes not provided');
    }),
    ship: fromPromise<ShipmentInfo, ShipCallInput>(async () => {
      throw new Error('ship not provided');
    }),
  },
  guards: {
    hasChoice: ({ context }) => context.chosen !== null,
    knownCourier: ({ context, event }) =>
      event.type === 'CHOOSE' && context.quotes.some((q) => q.carrierCode === event.carrierCode),
    knownSlot: ({ context, event }) =>
      event.type === 'CHOOSE_SLOT' &&
      Boolean(
        context.quotes
          .find((q) => q.carrierCode === context.chosen)
          ?.hyperlocal?.slots.some((x) => x.id === event.slotId),
      ),
    noCouriers: ({ context }) => context.quotes.length === 0,
    // insurance can be switched on only where the order's value can be insured
    mayInsure: ({ context, event }) =>
      event.type === 'SET_INSURED' && (!event.insured || Boolean(context.cover?.insurance)),
    hasCover: ({ context }) => context.cover !== null,
    shortWallet: ({ event }) => isShortWallet((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'shipOrder',
  context: ({ input }) => ({
    ...input,
    quotes: [],
    unserviceable: [],
    recommended: null,
    chosen: null,
    slotId: null,
    shipment: null,
    error: null,
    rechargePaise: null,
    cover: null,
    insured: false,
    delayProtection: false,
  }),
  initial: 'loadingQuotes',
  states: {
    loadingQuotes: {
      invoke: {
        id: 'loadQuotes',
        src: 'loadQuotes',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'choosing',
          actions: [
            assign({
              quotes: ({ event }) => event.output.quotes,
              unserviceable: ({ event }) => event.output.unserviceable,
              recommended: ({ event }) => event.output.recommended ?? null,
              cover: ({ event }) => event.output.cover ?? null,
              insured: ({ event }) => event.output.cover?.insuredByRule ?? false,
              chosen: ({ event }) =>
                (
                  event.output.quotes.find((q) => q.carrierCode === event.output.recommended?.carrierCode) ??
                  event.output.quotes.find((q) => q.tags.includes('BEST_VALUE')) ??
                  event.output.quotes[0]
                )?.carrierCode ?? null,
              error: null,
            }),
            assign({ slotId: ({ context }) => firstSlot(context.quotes, context.chosen) }),
          ],
        },
        onError: { target: 'quotesFailed', actions: assign(takeFailure) },
      },
    },
    quotesFailed: { on: { RETRY: 'loadingQuotes' } },
    choosing: {
      always: { guard: 'noCouriers', target: 'noCouriers' },
      on: {
        CHOOSE: {
          guard: 'knownCourier',
          actions: assign({
            chosen: ({ event }) => event.carrierCode,
            slotId: ({ context, event }) => firstSlot(context.quotes, event.carrierCode),
          }),
        },
        CHOOSE_SLOT: { guard: 'knownSlot', actions: assign({ slotId: ({ event }) => event.slotId }) },
        SET_INSURED: { guard: 'mayInsure', actions: assign({ insured: ({ event }) => event.insured }) },
        SET_DELAY_PROTECTION: { guard: 'hasCover', actions: assign({ delayProtection: ({ event }) => event.on }) },
        SHIP: { guard: 'hasChoice', target: 'booking' },
      },
    },
    noCouriers: {},
    booking: {
      invoke: {
        id: 'ship',
        src: 'ship',
        input: ({ context }) => ({
          orderId: context.orderId,
          carrierCode: context.chosen!,
          idempotencyKey: context.idempotencyKey,
          slotId: context.slotId,
          insured: context.insured,
          delayProtection: context.delayProtection,
        }),
        onDone: { target: 'booked', actions: assign({ shipment: ({ event }) => event.output, error: null }) },
        onError: [
          {
            guard: 'shortWallet',
            target: 'insufficientBalance',
            actions: assign({
              error: ({ event }) => failureText(event.error),
              rechargePaise: ({ event }) => (event.error as { rechargePaise?: number }).rechargePaise ?? null,
            }),
          },
          { target: 'failed', actions: assign(takeFailure) },
        ],
      },
    },
    insufficientBalance: {
      on: {
        // another courier may be chosen without leaving: the shortfall stays shown until the next try
        CHOOSE: {
          guard: 'knownCourier',
          actions: assign({
            chosen: ({ event }) => event.carrierCode,
            slotId: ({ context, event }) => firstSlot(context.quotes, event.carrierCode),
          }),
        },
        CHOOSE_SLOT: { guard: 'knownSlot', actions: assign({ slotId: ({ event }) => event.slotId }) },
        SET_INSURED: { guard: 'mayInsure', actions: assign({ insured: ({ event }) => event.insured }) },
        SET_DELAY_PROTECTION: { guard: 'hasCover', actions: assign({ delayProtection: ({ event }) => event.on }) },
        SHIP: { guard: 'hasChoice', target: 'booking' },
        RETRY: 'booking',
        BACK: 'choosing',
      },
    },
    failed: { on: { RETRY: 'booking', BACK: 'choosing' } },
    booked: { type: 'final' },
  },
});

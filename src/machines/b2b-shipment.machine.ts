import { assign, fromPromise, setup } from 'xstate';
import { isEwayBillNumber, normaliseEwayBillNumber } from '../domain/b2b/eway-bill-number';
import { B2B_MSG } from '../domain/b2b/messages';
import {
  b2bCanCancel,
  b2bIsMoving,
  b2bMissingEwayBills,
  B2B_POLL_MS,
  type B2bShipmentOrder,
  type B2bCarrierQuote,
} from '../domain/b2b/shipment-rules';
import { failureText, takeFailure } from './failure';

// A B2B order's page, from an e-way bill to the documents: the order is read; while it is not
// booked, each invoice that still needs an e-way bill gets one (generated through the provider, or
// a number the seller already has, typed and checked); then the freight carriers' quotes load and
// the seller picks one and books it with one idempotency key, so a retry never books twice. A
// booking the carrier settles later (PENDING) shows as "being booked" and the order is read again
// every few seconds until it is booked or refused. A booked order shows its LR and documents, is
// read again while it moves, and may be cancelled (asked first) until pickup.

export interface B2bShipmentInput {
  orderId: number;
  /** made once per page by the binding; every retry of the booking sends it again */
  idempotencyKey: string;
}

export interface B2bShipmentContext extends B2bShipmentInput {
  order: B2bShipmentOrder | null;
  quotes: B2bCarrierQuote[];
  chosen: string | null;
  /** the invoice whose e-way bill number the seller is typing, and what was typed */
  entering: { invoiceId: number; number: string } | null;
  /** what is wrong, under the field it names (the e-way bill number) */
  errors: Record<string, string>;
  error: string | null;
  /** the last thing said about an action (the binding shows it as a notice) */
  notice: { kind: 'info' | 'error'; message: string } | null;
}

export type B2bShipmentEvent =
  | { type: 'GENERATE'; invoiceId: number }
  | { type: 'ENTER'; invoiceId: number }
  | { type: 'TYPE'; number: string }
  | { type: 'SAVE_NUMBER' }
  | { type: 'CHOOSE'; carrierCode: string }
  | { type: 'BOOK' }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' }
  | { type: 'DISMISS' }
  | { type: 'REFRESH' }
  | { type: 'RETRY' }
  | { type: 'BACK' };

const cheapest = (quotes: B2bCarrierQuote[]) =>
  [...quotes].filter((q) => q.quote).sort((a, b) => a.quote!.totalPaise - b.quote!.totalPaise)[0]?.carrierCode ?? null;

/** The order an actor answered, for the guards that read where it stands. */
const answered = ({ event }: { event: { output: B2bShipmentOrder } }) => event.output;

type Standing = 'cancelled' | 'booked' | 'pending' | 'ewayBill';
const STANDING_GUARDS = {
  cancelled: 'isCancelled',
  booked: 'isBooked',
  pending: 'isPending',
  ewayBill: 'wantsEwayBill',
} as const;

type Note = { kind: 'info' | 'error'; message: string };
type Then = 'tell' | 'orderChanged' | { type: 'note'; params: Note };

/**
 * Where the order stands decides what the page offers: the targets of a read of the order among
 * the standings it may answer (in this order), the quotes otherwise.
 */
const byStanding = (may: Standing[], ...then: Then[]) => {
  const actions = [{ type: 'takeOrder' as const, params: answered }, ...then];
  return [
    ...may.map((s) => ({
      guard: { type: STANDING_GUARDS[s], params: answered },
      target: `#b2bShipment.${s}`,
      actions,
    })),
    { target: '#b2bShipment.quotes', actions },
  ];
};

export const b2bShipmentMachine = setup({
  types: {
    context: {} as B2bShipmentContext,
    events: {} as B2bShipmentEvent,
    input: {} as B2bShipmentInput,
  },
  actors: {
    fetchOrder: fromPromise<B2bShipmentOrder, { orderId: number }>(async () => {
      throw new Error('fetchOrder not provided');
    }),
    generateEwayBill: fromPromise<B2bShipmentOrder, { orderId: number; invoiceId: number }>(async () => {
      throw new Error('generateEwayBill not provided');
    }),
    enterEwayBill: fromPromise<B2bShipmentOrder, { orderId: number; invoiceId: number; ewayBillNumber: string }>(
      async () => {
        throw new Error('enterEwayBill not provided');
      },
    ),
    loadQuotes: fromPromise<B2bCarrierQuote[], { orderId: number }>(async () => {
      throw new Error('loadQuotes not provided');
    }),
    book: fromPromise<B2bShipmentOrder, { orderId: number; carrierCode: string; idempotencyKey: string }>(async () => {
      throw new Error('book not provided');
    }),
    cancel: fromPromise<B2bShipmentOrder, { orderId: number }>(async () => {
      throw new Error('cancel not provided');
    }),
  },
  delays: { POLL: B2B_POLL_MS },
  guards: {
    isCancelled: (_, order: B2bShipmentOrder) => order.orderStatus === 'CAN',
    isBooked: (_, order: B2bShipmentOrder) => order.booking.state === 'BOOKED',
    isPending: (_, order: B2bShipmentOrder) => order.booking.state === 'PENDING',
    wantsEwayBill: (_, order: B2bShipmentOrder) => b2bMissingEwayBills(order).length > 0,
    missingInvoice: ({ context, event }) =>
      (event.type === 'GENERATE' || event.type === 'ENTER') &&
      !!context.order &&
      b2bMissingEwayBills(context.order).some((i) => i.invoiceId === event.invoiceId),
    numberValid: ({ context }) => !!context.entering && isEwayBillNumber(context.entering.number),
    knownCarrier: ({ context, event }) =>
      event.type === 'CHOOSE' && context.quotes.some((q) => q.carrierCode === event.carrierCode && q.quote),
    hasChoice: ({ context }) => context.chosen !== null,
    noCarriers: ({ context }) => !context.quotes.some((q) => q.quote),
    moving: ({ context }) => !!context.order && b2bIsMoving(context.order),
    cancellable: ({ context }) => !!context.order && b2bCanCancel(context.order),
  },
  actions: {
    /** the order read again */
    takeOrder: assign((_, order: B2bShipmentOrder) => ({ order, error: null })),
    /** what to say about an action's outcome */
    note: assign((_, notice: Note) => ({ notice })),
    /** an action's outcome, to show (provided: a notice; the wallet and the order are stale) */
    tell: () => {},
    /** the order moved on under the page (provided: the lists are stale) */
    orderChanged: () => {},
  },
}).createMachine({
  id: 'b2bShipment',
  context: ({ input }) => ({
    ...input,
    order: null,
    quotes: [],
    chosen: null,
    entering: null,
    errors: {},
    error: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchOrder',
        src: 'fetchOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: byStanding(['cancelled', 'booked', 'pending', 'ewayBill']),
        onError: { target: 'failed', actions: assign(takeFailure) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    // an e-way bill for each invoice that needs one, before any carrier is asked
    ewayBill: {
      initial: 'idle',
      exit: assign({ entering: null }),
      states: {
        idle: {
          on: {
            GENERATE: { guard: 'missingInvoice', target: 'generating' },
            ENTER: {
              guard: 'missingInvoice',
              target: 'entering',
              actions: assign({ entering: ({ event }) => ({ invoiceId: event.invoiceId, number: '' }), errors: {} }),
            },
          },
        },
        generating: {
          invoke: {
            id: 'generateEwayBill',
            src: 'generateEwayBill',
            input: ({ context, event }) => ({
              orderId: context.orderId,
              invoiceId: event.type === 'GENERATE' ? event.invoiceId : 0,
            }),
            onDone: byStanding(
              ['ewayBill'],
              { type: 'note', params: { kind: 'info', message: 'E-way bill generated' } },
              'tell',
            ),
            onError: {
              target: 'idle',
              actions: [
                assign({ notice: ({ event }) => ({ kind: 'error' as const, message: failureText(event.error) }) }),
                'tell',
              ],
            },
          },
        },
        entering: {
          on: {
            TYPE: {
              actions: assign({
                entering: ({ context, event }) => ({ invoiceId: context.entering!.invoiceId, number: event.number }),
                errors: {},
              }),
            },
            SAVE_NUMBER: [
              { guard: 'numberValid', target: 'saving' },
              { actions: assign({ errors: { ewayBillNumber: B2B_MSG.ewayBillNumberFormat } }) },
            ],
            DISMISS: { target: 'idle', actions: assign({ entering: null, errors: {} }) },
          },
        },
        saving: {
          invoke: {
            id: 'enterEwayBill',
            src: 'enterEwayBill',
            input: ({ context }) => ({
              orderId: context.orderId,
              invoiceId: context.entering!.invoiceId,
              ewayBillNumber: normaliseEwayBillNumber(context.entering!.number),
            }),
            onDone: byStanding(
              ['ewayBill'],
              { type: 'note', params: { kind: 'info', message: 'E-way bill number saved' } },
              'tell',
            ),
            onError: {
              target: 'entering',
              actions: assign({ errors: ({ event }) => ({ ewayBillNumber: failureText(event.error) }) }),
            },
          },
        },
      },
    },
    // the freight carriers' quotes for this order; the cheapest is picked to start with
    quotes: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadQuotes',
            src: 'loadQuotes',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: {
              target: 'choosing',
              actions: assign({
                quotes: ({ event }) => event.output,
                chosen: ({ event }) => cheapest(event.output),
                error: null,
              }),
            },
            onError: { target: 'failed', actions: assign(takeFailure) },
          },
        },
        failed: { on: { RETRY: 'loading' } },
        choosing: {
          always: { guard: 'noCarriers', target: 'noCarriers' },
          on: {
            CHOOSE: { guard: 'knownCarrier', actions: assign({ chosen: ({ event }) => event.carrierCode }) },
            BOOK: { guard: 'hasChoice', target: '#b2bShipment.booking' },
          },
        },
        noCarriers: {},
      },
    },
    booking: {
      invoke: {
        id: 'book',
        src: 'book',
        input: ({ context }) => ({
          orderId: context.orderId,
          carrierCode: context.chosen!,
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: byStanding(['booked', 'pending'], 'orderChanged'),
        onError: { target: 'bookFailed', actions: assign(takeFailure) },
      },
    },
    bookFailed: { on: { RETRY: 'booking', BACK: 'quotes.choosing' } },
    // the carrier settles the booking later: read the order again until it has
    pending: {
      initial: 'waiting',
      states: {
        waiting: { after: { POLL: 'reading' }, on: { REFRESH: 'reading' } },
        reading: {
          invoke: {
            id: 'readPending',
            src: 'fetchOrder',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: byStanding(['booked', 'pending'], 'orderChanged'),
            onError: { target: 'waiting', actions: assign(takeFailure) },
          },
        },
      },
    },
    booked: {
      initial: 'still',
      states: {
        // read again every few seconds while the boxes move, at once on REFRESH
        still: {
          after: { POLL: { guard: 'moving', target: 'refreshing' } },
          on: {
            REFRESH: 'refreshing',
            CANCEL: { guard: 'cancellable', target: 'confirming' },
          },
        },
        refreshing: {
          invoke: {
            id: 'refreshOrder',
            src: 'fetchOrder',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: { target: 'still', actions: { type: 'takeOrder', params: answered } },
            onError: { target: 'still', actions: assign(takeFailure) },
          },
        },
        confirming: { on: { CONFIRM: 'cancelling', DISMISS: 'still' } },
        cancelling: {
          invoke: {
            id: 'cancel',
            src: 'cancel',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: {
              target: '#b2bShipment.cancelled',
              actions: [
                { type: 'takeOrder', params: answered },
                assign({
                  notice: { kind: 'info', message: 'Booking cancelled; the freight is refunded to the wallet' },
                }),
                'tell',
                'orderChanged',
              ],
            },
            onError: {
              target: 'confirming',
              actions: [
                assign({ notice: ({ event }) => ({ kind: 'error' as const, message: failureText(event.error) }) }),
                'tell',
              ],
            },
          },
        },
      },
    },
    cancelled: {},
  },
});

import { assign, fromPromise, setup } from 'xstate';
import type { B2bInvoiceRow, B2bOrderDetail, B2bQuotes } from '../domain/b2b-contract';
import { b2bIsMoving, b2bMissingEwayBills, B2B_POLL_MS, cheapestCarrier } from '../domain/b2b/shipment-rules';
import {
  EwayBillEnterBody,
  EwayBillGenerateBody,
  type EwayBillEnterInput,
  type EwayBillGenerateInput,
} from '../domain/schemas/b2b';
import { checkForm } from '../domain/schemas/form-check';
import { failureText, takeFailure } from './failure';

// A B2B order's page, from an e-way bill to the documents: the order is read; while it is not
// booked, each invoice that still needs an e-way bill gets one (generated through the provider, or
// a number the seller already has, typed and checked with the API's schema); then the freight carriers' quotes load and
// the seller picks one and books it, every retry with the page's one key (the B2B API books and
// charges once however often it is asked, so its binding does not need to send it). A
// booking the carrier settles later (PENDING) shows as "being booked" and the order is read again
// every few seconds until it is booked or refused. A booked order shows its LR and documents, is
// read again while it moves, and may be cancelled (asked first) until pickup.

export interface B2bShipmentInput {
  orderId: number;
  /** made once per page by the binding; every retry of the booking carries it again */
  idempotencyKey: string;
}

/** The e-way bill dialog: generate one through the provider, or enter a number the seller has. */
export interface EwayBillDraft {
  invoiceId: number;
  mode: 'GENERATE' | 'ENTER';
  transDistance: string;
  ewayBillNumber: string;
  ewayBillDate: string;
}
export type EwayBillField = 'transDistance' | 'ewayBillNumber' | 'ewayBillDate';

/** What the e-way bill call is sent: the invoice and the checked body of its mode. */
export type EwayBillRequest = { orderId: number; invoiceId: number } & (
  { mode: 'GENERATE'; body: EwayBillGenerateInput } | { mode: 'ENTER'; body: EwayBillEnterInput }
);

/** The dialog's fields checked with the API's schema of its mode. */
export function checkEwayBill(d: EwayBillDraft) {
  const distance = d.transDistance.trim() === '' ? undefined : Number(d.transDistance);
  return d.mode === 'GENERATE'
    ? checkForm(EwayBillGenerateBody, { transDistance: distance })
    : checkForm(EwayBillEnterBody, {
        ewayBillNumber: d.ewayBillNumber,
        ewayBillDate: d.ewayBillDate,
        transDistance: distance,
      });
}

export interface B2bShipmentContext extends B2bShipmentInput {
  order: B2bOrderDetail | null;
  quotes: B2bQuotes | null;
  chosen: string | null;
  /** the e-way bill being made or typed */
  bill: EwayBillDraft | null;
  /** what is wrong, under the field it names */
  errors: Record<string, string>;
  error: string | null;
  /** the last thing said about an action (the binding shows it as a notice) */
  notice: { kind: 'info' | 'error'; message: string } | null;
}

export type B2bShipmentEvent =
  | { type: 'GENERATE'; invoiceId: number }
  | { type: 'ENTER'; invoiceId: number }
  | { type: 'SET_BILL'; field: EwayBillField; value: string }
  | { type: 'SAVE' }
  | { type: 'CHOOSE'; carrierCode: string }
  | { type: 'BOOK' }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' }
  | { type: 'DISMISS' }
  | { type: 'REFRESH' }
  | { type: 'RETRY' }
  | { type: 'BACK' }
  /** an invoice's e-way bill changed in its own dialog (Part B, an extension): the page shows it */
  | { type: 'BILL_CHANGED'; invoice: B2bInvoiceRow };

/** The order an actor answered, for the guards that read where it stands. */
const answered = ({ event }: { event: { output: B2bOrderDetail } }) => event.output;

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
    fetchOrder: fromPromise<B2bOrderDetail, { orderId: number }>(async () => {
      throw new Error('fetchOrder not provided');
    }),
    saveEwayBill: fromPromise<B2bInvoiceRow, EwayBillRequest>(async () => {
      throw new Error('saveEwayBill not provided');
    }),
    loadQuotes: fromPromise<B2bQuotes, { orderId: number }>(async () => {
      throw new Error('loadQuotes not provided');
    }),
    book: fromPromise<B2bOrderDetail, { orderId: number; carrierCode: string; idempotencyKey: string }>(async () => {
      throw new Error('book not provided');
    }),
    cancel: fromPromise<B2bOrderDetail, { orderId: number }>(async () => {
      throw new Error('cancel not provided');
    }),
  },
  delays: { POLL: B2B_POLL_MS },
  guards: {
    isCancelled: (_, order: B2bOrderDetail) => order.status === 'CAN',
    isBooked: (_, order: B2bOrderDetail) => order.booking.state === 'BOOKED',
    isPending: (_, order: B2bOrderDetail) => order.booking.state === 'PENDING',
    wantsEwayBill: (_, order: B2bOrderDetail) => b2bMissingEwayBills(order).length > 0,
    missingInvoice: ({ context, event }) =>
      (event.type === 'GENERATE' || event.type === 'ENTER') &&
      !!context.order &&
      b2bMissingEwayBills(context.order).some((i) => i.invoiceId === event.invoiceId),
    billValid: ({ context }) => !!context.bill && checkEwayBill(context.bill).ok,
    knownCarrier: ({ context, event }) =>
      event.type === 'CHOOSE' && !!context.quotes?.quotes.some((q) => q.carrierCode === event.carrierCode && q.quote),
    hasChoice: ({ context }) => context.chosen !== null,
    noCarriers: ({ context }) => !context.quotes?.quotes.some((q) => q.quote),
    moving: ({ context }) => !!context.order && b2bIsMoving(context.order),
    cancellable: ({ context }) => !!context.order?.actions.cancel,
  },
  actions: {
    /** the order read again */
    takeOrder: assign((_, order: B2bOrderDetail) => ({ order, error: null })),
    /** what to say about an action's outcome */
    note: assign((_, notice: Note) => ({ notice })),
    openBill: assign(({ event }) =>
      event.type === 'GENERATE' || event.type === 'ENTER'
        ? {
            bill: {
              invoiceId: event.invoiceId,
              mode: event.type,
              transDistance: '',
              ewayBillNumber: '',
              ewayBillDate: '',
            },
            errors: {},
          }
        : {},
    ),
    /** an action's outcome, to show (provided: a notice; the wallet and the order are stale) */
    tell: () => {},
    /** the order moved on under the page (provided: the lists are stale) */
    orderChanged: () => {},
  },
}).createMachine({
  id: 'b2bShipment',
  on: {
    BILL_CHANGED: {
      actions: assign({
        order: ({ context, event }) =>
          context.order && {
            ...context.order,
            invoices: context.order.invoices.map((i) => (i.invoiceId === event.invoice.invoiceId ? event.invoice : i)),
          },
      }),
    },
  },
  context: ({ input }) => ({
    ...input,
    order: null,
    quotes: null,
    chosen: null,
    bill: null,
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
      exit: assign({ bill: null }),
      states: {
        idle: {
          on: {
            GENERATE: { guard: 'missingInvoice', target: 'editing', actions: 'openBill' },
            ENTER: { guard: 'missingInvoice', target: 'editing', actions: 'openBill' },
          },
        },
        editing: {
          on: {
            SET_BILL: {
              actions: assign({
                bill: ({ context, event }) => ({ ...context.bill!, [event.field]: event.value }),
                errors: {},
              }),
            },
            SAVE: [
              { guard: 'billValid', target: 'saving' },
              {
                actions: assign({
                  errors: ({ context }) => {
                    const r = checkEwayBill(context.bill!);
                    return r.ok ? {} : r.errors;
                  },
                }),
              },
            ],
            DISMISS: { target: 'idle', actions: assign({ bill: null, errors: {} }) },
          },
        },
        saving: {
          invoke: {
            id: 'saveEwayBill',
            src: 'saveEwayBill',
            input: ({ context }) => {
              const bill = context.bill!;
              const r = checkEwayBill(bill);
              return {
                orderId: context.orderId,
                invoiceId: bill.invoiceId,
                mode: bill.mode,
                body: r.ok ? r.output : null,
              } as EwayBillRequest;
            },
            onDone: {
              target: 'reading',
              actions: [
                {
                  type: 'note',
                  params: ({ context }) => ({
                    kind: 'info' as const,
                    message: context.bill?.mode === 'ENTER' ? 'E-way bill number saved' : 'E-way bill generated',
                  }),
                },
                'tell',
              ],
            },
            onError: {
              target: 'editing',
              actions: [
                assign({ notice: ({ event }) => ({ kind: 'error' as const, message: failureText(event.error) }) }),
                'tell',
              ],
            },
          },
        },
        // the order again, with the invoice's new bill
        reading: {
          invoke: {
            id: 'readBilled',
            src: 'fetchOrder',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: byStanding(['ewayBill']),
            onError: { target: '#b2bShipment.failed', actions: assign(takeFailure) },
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
                chosen: ({ event }) => cheapestCarrier(event.output.quotes),
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

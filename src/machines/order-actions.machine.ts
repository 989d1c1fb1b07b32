import { assertEvent, assign, fromPromise, raise, setup } from 'xstate';
import type { OrderDetail } from '../domain/orders-contract';
import { DimensionsBody } from '../domain/schemas/order';
import { checkForm, numberOrUndefined } from '../domain/schemas/form-check';
import { failureMessage, takeFailure } from './failure';

// The order page: its order (read on arrival and again when it goes stale) and what may be done
// to it now, as the server's `actions` allow: ship, edit weight and size, change the number,
// escalate, cancel (asked first), archive (asked first) or unarchive, start a return (its dialog
// runs its own machine), and clone (which opens the copy). Each change answers the order as it is now; the binding says so and marks stale areas.

export type OrderDialog = 'ship' | 'weight' | 'number' | 'escalate' | 'cancel' | 'archive' | 'returning';

export interface Dimensions {
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  deadWeightKg: number;
}

export interface BulkResult {
  done: number[];
  refused: { orderId: number; reason: string }[];
}

export interface OrderActionsContext {
  orderId: string;
  order: OrderDetail | null;
  error: string | null;
  /** errors under the weight dialog's fields, in the API's words */
  fieldErrors: Record<string, string>;
  /** what the open dialog sends (the weight and size, a number, a reason) */
  pending: unknown;
  /** the last thing to tell the seller (the binding shows it) */
  notice: { kind: 'info' | 'error'; message: string } | null;
  /** the copy a clone made, to open */
  copy: { orderId: number; orderNumber: string } | null;
}

export type OrderActionsEvent =
  | { type: 'RETRY' }
  | { type: 'RELOAD' }
  | { type: 'SHIP' }
  | { type: 'EDIT_WEIGHT' }
  | { type: 'CHANGE_NUMBER' }
  | { type: 'ESCALATE' }
  | { type: 'CANCEL' }
  | { type: 'ARCHIVE' }
  | { type: 'UNARCHIVE' }
  | { type: 'RETURN' }
  | { type: 'CLONE' }
  | { type: 'CLOSE' }
  | { type: 'CONFIRM' }
  | { type: 'SUBMIT'; value: unknown }
  | { type: 'SHIPPED'; awb: string; carrierName: string };

type Notice = OrderActionsContext['notice'];
const info = (message: string): Notice => ({ kind: 'info', message });

/** The weight dialog's draft (text fields) as the API's body, or its errors. */
export function parseDimensions(
  draft: Record<string, string>,
): { ok: true; body: Dimensions } | { ok: false; errors: Record<string, string> } {
  const r = checkForm(
    DimensionsBody,
    Object.fromEntries(Object.entries(draft).map(([k, t]) => [k, numberOrUndefined(t)])),
  );
  return r.ok ? { ok: true, body: r.output } : r;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
/** A dialog's fields as sent (the weight dialog sends its text fields by name). */
const fieldsOf = (value: unknown): Record<string, string> =>
  typeof value === 'object' && value !== null
    ? Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};

// what a call answered: the order as it now stands, or an archive's result
const orderAnswer = ({ event }: { event: { output: OrderDetail } }) => event.output;
const bulkAnswer = ({ event }: { event: { output: BulkResult } }) => event.output;
const takeOrder = { type: 'takeOrder' as const, params: orderAnswer };

const NONE = '#orderActions.ready.dialog.none';
interface SaveInputs {
  saveWeight: { orderId: number; body: Dimensions };
  saveNumber: { orderId: number; orderNumber: string };
  escalate: { orderId: number; reason: string };
  cancelOrder: { orderId: number };
  archive: { orderId: number; archived: boolean };
}
type SaveActor = keyof SaveInputs;
const invalidating = (...areas: string[]) => ({ type: 'invalidate' as const, params: { areas } });

/** A change saved: the order as it is now, the notice, and the areas it makes stale. */
const saved = (message: string, ...areas: string[]) => ({
  target: NONE,
  actions: [
    takeOrder,
    { type: 'noticeOf' as const, params: { message } },
    'tell' as const,
    ...(areas.length ? [invalidating(...areas)] : []),
  ],
});

/** An archive or unarchive answered: refused (the reason is told) or done (the order is read again). */
const bulkAnswered = <const T extends string>(target: T) => [
  {
    guard: { type: 'refused' as const, params: bulkAnswer },
    target,
    actions: [{ type: 'refusedNotice' as const, params: bulkAnswer }, 'tell' as const],
  },
  { target, actions: ['reload' as const, invalidating('orders')] },
];

/** A text dialog's send (the new number, the reason): nothing but spaces sends nothing. */
const TEXT_SUBMIT = { SUBMIT: { guard: 'hasText' as const, target: 'saving' as const, actions: 'takeText' as const } };

/**
 * One dialog that asks, then saves: `ask` (editing its fields, or asking to confirm) takes the
 * events in `on`, `saving` calls the named actor; done it closes as `onDone` says, refused it asks
 * again with the refusal told (or as `onError` says). CLOSE closes it at any point.
 */
function askThenSave<
  const K extends 'editing' | 'asking',
  const A extends SaveActor,
  const On,
  const Done,
  const Refused = { target: K; actions: readonly ['failNotice', 'tell'] },
>(dialog: {
  ask: K;
  on: On;
  actor: A;
  input: (args: { context: OrderActionsContext }) => SaveInputs[A];
  onDone: Done;
  onError?: Refused;
  entry?: 'clearErrors';
}) {
  return {
    initial: dialog.ask,
    entry: dialog.entry,
    on: { CLOSE: 'none' as const },
    states: {
      [dialog.ask]: { on: dialog.on },
      saving: {
        invoke: {
          id: dialog.actor,
          src: dialog.actor,
          input: dialog.input,
          onDone: dialog.onDone,
          onError: dialog.onError ?? { target: dialog.ask, actions: ['failNotice', 'tell'] as const },
        },
      },
    } as Record<K, { on: On }> & {
      saving: {
        invoke: {
          id: A;
          src: A;
          input: (args: { context: OrderActionsContext }) => SaveInputs[A];
          onDone: Done;
          onError: Refused;
        };
      };
    },
  };
}

export const orderActionsMachine = setup({
  types: {
    context: {} as OrderActionsContext,
    events: {} as OrderActionsEvent,
    input: {} as { orderId: string },
  },
  actors: {
    fetchOrder: fromPromise<OrderDetail, { orderId: string }>(async () => {
      throw new Error('fetchOrder not provided');
    }),
    saveWeight: fromPromise<OrderDetail, { orderId: number; body: Dimensions }>(async () => {
      throw new Error('saveWeight not provided');
    }),
    saveNumber: fromPromise<OrderDetail, { orderId: number; orderNumber: string }>(async () => {
      throw new Error('saveNumber not provided');
    }),
    escalate: fromPromise<OrderDetail, { orderId: number; reason: string }>(async () => {
      throw new Error('escalate not provided');
    }),
    cancelOrder: fromPromise<OrderDetail, { orderId: number }>(async () => {
      throw new Error('cancelOrder not provided');
    }),
    archive: fromPromise<BulkResult, { orderId: number; archived: boolean }>(async () => {
      throw new Error('archive not provided');
    }),
    cloneOrder: fromPromise<OrderDetail, { orderId: number }>(async () => {
      throw new Error('cloneOrder not provided');
    }),
  },
  guards: {
    canShip: ({ context }) => !!context.order?.actions.ship,
    canEdit: ({ context }) => !!context.order?.actions.edit,
    canEscalate: ({ context }) => !!context.order?.actions.escalate,
    canCancel: ({ context }) => !!context.order?.actions.cancel,
    canArchive: ({ context }) => !!context.order?.actions.archive && !context.order.archived,
    isArchived: ({ context }) => !!context.order?.archived,
    canReturn: ({ context }) => !!context.order?.actions.return,
    weightValid: ({ event }) => event.type === 'SUBMIT' && parseDimensions(fieldsOf(event.value)).ok,
    hasText: ({ event }) => event.type === 'SUBMIT' && text(event.value) !== '',
    refused: (_, result: BulkResult) => result.refused.length > 0,
  },
  actions: {
    /** show the notice in context (provided by the binding) */
    tell: () => {},
    /** these areas' data changed on the server (provided: src/services/invalidate.ts) */
    invalidate: (_, _params: { areas: string[] }) => {},
    /** open the copy a clone made (provided: navigate) */
    openCopy: () => {},
    takeOrder: assign({ order: (_, order: OrderDetail) => order, error: null }),
    noticeOf: assign({ notice: (_, params: { message: string }) => info(params.message) }),
    refusedNotice: assign({
      notice: (_, result: BulkResult) => ({ kind: 'error' as const, message: result.refused[0].reason }),
    }),
    /** the weight dialog's fields: the dimensions to save, or what is wrong with them */
    takeDimensions: assign(({ event }) => {
      assertEvent(event, 'SUBMIT');
      const r = parseDimensions(fieldsOf(event.value));
      return r.ok ? { pending: r.body, fieldErrors: {} } : { fieldErrors: r.errors };
    }),
    reload: raise({ type: 'RELOAD' }),
    takeText: assign({ pending: ({ event }) => (event.type === 'SUBMIT' ? text(event.value) : null) }),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    saveFailed: assign(takeFailure),
    failNotice: assign({
      notice: ({ event }) => ({ kind: 'error' as const, message: failureMessage({ event }) }),
    }),
  },
}).createMachine({
  id: 'orderActions',
  context: ({ input }) => ({
    orderId: input.orderId,
    order: null,
    error: null,
    fieldErrors: {},
    pending: null,
    notice: null,
    copy: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchOrder',
        src: 'fetchOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'ready', actions: takeOrder },
        onError: { target: 'failed', actions: assign(takeFailure) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      type: 'parallel',
      states: {
        // the order as shown; read again when it goes stale (the shipment moved it on, a change elsewhere)
        data: {
          initial: 'fresh',
          states: {
            fresh: { on: { RELOAD: 'reading' } },
            reading: {
              invoke: {
                id: 'reloadOrder',
                src: 'fetchOrder',
                input: ({ context }) => ({ orderId: context.orderId }),
                onDone: { target: 'fresh', actions: takeOrder },
                onError: {
                  target: '#orderActions.failed',
                  actions: assign(takeFailure),
                },
              },
            },
          },
        },
        dialog: {
          initial: 'none',
          states: {
            none: {
              on: {
                SHIP: { guard: 'canShip', target: 'ship' },
                EDIT_WEIGHT: { guard: 'canEdit', target: 'weight' },
                CHANGE_NUMBER: { guard: 'canEdit', target: 'number' },
                ESCALATE: { guard: 'canEscalate', target: 'escalate' },
                CANCEL: { guard: 'canCancel', target: 'cancel' },
                ARCHIVE: { guard: 'canArchive', target: 'archive' },
                UNARCHIVE: { guard: 'isArchived', target: 'unarchiving' },
                RETURN: { guard: 'canReturn', target: 'returning' },
                CLONE: 'cloning',
              },
            },
            // the ship dialog runs its own machine; a booking (or closing it) makes the order stale
            ship: {
              on: {
                SHIPPED: {
                  target: 'none',
                  actions: [
                    assign({ notice: ({ event }) => info(`Shipped with ${event.carrierName}: AWB ${event.awb}`) }),
                    'tell',
                    { type: 'invalidate', params: { areas: ['order', 'shipment', 'wallet', 'orders'] } },
                  ],
                },
                CLOSE: {
                  target: 'none',
                  actions: { type: 'invalidate', params: { areas: ['order', 'shipment', 'wallet', 'orders'] } },
                },
              },
            },
            // the return dialog runs its own machine; a return made opens its page
            returning: { on: { CLOSE: 'none' } },
            weight: askThenSave({
              ask: 'editing',
              entry: 'clearErrors',
              on: {
                SUBMIT: [
                  {
                    guard: 'weightValid',
                    target: 'saving',
                    actions: 'takeDimensions' as const,
                  },
                  { actions: 'takeDimensions' as const },
                ],
              },
              actor: 'saveWeight',
              input: ({ context }) => ({ orderId: context.order!.orderId, body: context.pending as Dimensions }),
              onDone: saved('Weight and size saved'),
              // the weight dialog says a refusal under its fields
              onError: { target: 'editing', actions: 'saveFailed' },
            }),
            number: askThenSave({
              ask: 'editing',
              on: TEXT_SUBMIT,
              actor: 'saveNumber',
              input: ({ context }) => ({ orderId: context.order!.orderId, orderNumber: String(context.pending) }),
              onDone: saved('Order updated'),
            }),
            escalate: askThenSave({
              ask: 'editing',
              on: TEXT_SUBMIT,
              actor: 'escalate',
              input: ({ context }) => ({ orderId: context.order!.orderId, reason: String(context.pending) }),
              onDone: saved('Order updated', 'orders'),
            }),
            cancel: askThenSave({
              ask: 'asking',
              on: { CONFIRM: 'saving' },
              actor: 'cancelOrder',
              input: ({ context }) => ({ orderId: context.order!.orderId }),
              onDone: saved('Order updated', 'orders'),
            }),
            archive: askThenSave({
              ask: 'asking',
              on: { CONFIRM: 'saving' },
              actor: 'archive',
              input: ({ context }) => ({ orderId: context.order!.orderId, archived: true }),
              onDone: bulkAnswered(NONE),
            }),
            unarchiving: {
              invoke: {
                id: 'unarchive',
                src: 'archive',
                input: ({ context }) => ({ orderId: context.order!.orderId, archived: false }),
                onDone: bulkAnswered('none'),
                onError: { target: 'none', actions: ['failNotice', 'tell'] },
              },
            },
            cloning: {
              invoke: {
                id: 'cloneOrder',
                src: 'cloneOrder',
                input: ({ context }) => ({ orderId: context.order!.orderId }),
                onDone: {
                  target: 'none',
                  actions: [
                    assign({
                      copy: ({ event }) => ({ orderId: event.output.orderId, orderNumber: event.output.orderNumber }),
                      notice: ({ event }) => info(`Order ${event.output.orderNumber} created as a copy`),
                    }),
                    'tell',
                    'openCopy',
                  ],
                },
                onError: { target: 'none', actions: ['failNotice', 'tell'] },
              },
            },
          },
        },
      },
    },
  },
});

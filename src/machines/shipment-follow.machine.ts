import { assign, enqueueActions, fromPromise, not, setup } from 'xstate';
import { formatRupees } from '../domain/format';
import type { ShipmentInfo } from '../domain/shipping-contract';
import { LIVE_API } from '../domain/live-events-contract';
import { pathOf } from '../domain/operation';
import { canCancelShipment, SHIPMENT_POLL_MS, shipmentIsMoving } from '../domain/shipping/shipment-rules';
import { failureText, takeFailure } from './failure';
import { noLiveUpdates, type LiveUpdate } from './live-updates';

// An order's shipment on its page: read once, then follow the order's live stream (the
// `liveUpdates` child) and read again on each status event; only while the stream is not open
// (connecting, reconnecting, failed or ended) and the parcel is on the move, read again every
// 15 seconds instead; at once on REFRESH. New data may also arrive from elsewhere:
// SHIPMENT_UPDATED is accepted in every state. When the courier moves the order on, the page's
// order is told (`orderMoved`). Cancelling asks first, and only while Pickup Scheduled.

export interface ShipmentFollowInput {
  orderId: number;
  /** the status the page's order shows now */
  orderStatus: string;
}

export interface ShipmentFollowContext {
  orderId: number;
  orderStatus: string;
  shipment: ShipmentInfo | null;
  error: string | null;
  /** the order's live stream is open: no polling needed */
  live: boolean;
  /** the last thing said about a cancellation (the binding shows it as a notice) */
  notice: { kind: 'info' | 'error'; message: string } | null;
}

export type ShipmentFollowEvent =
  | { type: 'REFRESH' }
  | { type: 'RETRY' }
  | { type: 'SHIPMENT_UPDATED'; shipment: ShipmentInfo }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' }
  | { type: 'DISMISS' }
  | LiveUpdate;

// new shipment data: a read's answer, or a change told from outside
const receiveAnswer = {
  type: 'receive' as const,
  params: ({ event }: { event: { output: ShipmentInfo } }) => event.output,
};
const receiveUpdate = {
  type: 'receive' as const,
  params: ({ event }: { event: { shipment: ShipmentInfo } }) => event.shipment,
};

export const shipmentFollowMachine = setup({
  types: {
    context: {} as ShipmentFollowContext,
    events: {} as ShipmentFollowEvent,
    input: {} as ShipmentFollowInput,
  },
  actors: {
    fetchShipment: fromPromise<ShipmentInfo, { orderId: number }>(async () => {
      throw new Error('fetchShipment not provided');
    }),
    cancelShipment: fromPromise<ShipmentInfo, { orderId: number }>(async () => {
      throw new Error('cancelShipment not provided');
    }),
    liveUpdates: noLiveUpdates,
  },
  delays: { POLL: SHIPMENT_POLL_MS },
  guards: {
    /** on the move and no open stream to say when it moves: keep asking */
    needsPolling: ({ context }) => !context.live && !!context.shipment && shipmentIsMoving(context.shipment),
    cancellable: ({ context }) => !!context.shipment && canCancelShipment(context.shipment),
  },
  actions: {
    /** new shipment data, from a read or from outside; the page's order is told when it is behind */
    receive: enqueueActions<
      ShipmentFollowContext,
      ShipmentFollowEvent,
      ShipmentInfo,
      ShipmentFollowEvent,
      never,
      { type: 'orderMoved'; params: unknown },
      never
    >(({ context, enqueue }, shipment) => {
      enqueue.assign({ shipment, error: null, orderStatus: shipment.orderStatus });
      if (shipment.orderStatus !== context.orderStatus) enqueue('orderMoved');
    }),
    /** the page's order changed status under it (provided: read the order again) */
    orderMoved: () => {},
    /** a cancellation's outcome, to show (provided: a notice; the wallet and order are stale) */
    cancelled: () => {},
    cancelFailed: () => {},
  },
}).createMachine({
  id: 'shipmentFollow',
  context: ({ input }) => ({
    orderId: input.orderId,
    orderStatus: input.orderStatus,
    shipment: null,
    error: null,
    notice: null,
    live: false,
  }),
  initial: 'loading',
  invoke: {
    id: 'liveUpdates',
    src: 'liveUpdates',
    input: ({ context }) => ({ url: pathOf(LIVE_API.sellerOrder, { orderId: context.orderId }) }),
  },
  on: {
    // new data from anywhere (a poll, another screen): taken in every state
    SHIPMENT_UPDATED: { actions: receiveUpdate },
    LIVE_STATE: { actions: assign({ live: ({ event }) => event.state === 'open' }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'fetchShipment',
        src: 'fetchShipment',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'shown', actions: receiveAnswer },
        onError: { target: 'failed', actions: assign(takeFailure) },
      },
      on: {
        SHIPMENT_UPDATED: { target: 'shown', actions: receiveUpdate },
        // the read under way may have left before this change: read again
        LIVE_STATUS: { target: 'loading', reenter: true },
      },
    },
    failed: {
      on: { RETRY: 'loading', LIVE_STATUS: 'loading', SHIPMENT_UPDATED: { target: 'shown', actions: receiveUpdate } },
    },
    shown: {
      initial: 'still',
      states: {
        // not on the move (or cancelled), or followed live: read again when asked or told
        still: {
          always: { guard: 'needsPolling', target: 'polling' },
          on: {
            REFRESH: 'refreshing',
            LIVE_STATUS: 'refreshing',
            CANCEL: { guard: 'cancellable', target: 'confirming' },
          },
        },
        // on the move without an open stream: read again every 15 seconds
        polling: {
          always: { guard: not('needsPolling'), target: 'still' },
          after: { POLL: 'refreshing' },
          on: {
            REFRESH: 'refreshing',
            LIVE_STATUS: 'refreshing',
            CANCEL: { guard: 'cancellable', target: 'confirming' },
          },
        },
        refreshing: {
          on: { LIVE_STATUS: { target: 'refreshing', reenter: true } },
          invoke: {
            id: 'refreshShipment',
            src: 'fetchShipment',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: { target: 'still', actions: receiveAnswer },
            onError: {
              target: '#shipmentFollow.failed',
              actions: assign(takeFailure),
            },
          },
        },
        confirming: { on: { CONFIRM: 'cancelling', DISMISS: 'still' } },
        cancelling: {
          invoke: {
            id: 'cancelShipment',
            src: 'cancelShipment',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: {
              target: 'still',
              actions: [
                assign(({ event }) => ({
                  shipment: event.output,
                  orderStatus: event.output.orderStatus,
                  notice: {
                    kind: 'info' as const,
                    message: `Shipment ${event.output.awb} cancelled; ${formatRupees(event.output.totalPaise)} refunded to the wallet`,
                  },
                })),
                'cancelled',
              ],
            },
            onError: {
              target: 'confirming',
              actions: [
                assign({ notice: ({ event }) => ({ kind: 'error' as const, message: failureText(event.error) }) }),
                'cancelFailed',
              ],
            },
          },
        },
      },
    },
  },
});

import * as v from 'valibot';
import { operation } from './operation';
import { numericId } from './params';

// Live order events (issue "The staff console and live events"): an order's status changes as
// server-sent events, to the staff simulation screen, the seller's order page and the buyer's
// tracking page. Every stream carries the same event; each audience may see only its orders.
//
// Wire format (text/event-stream): `id: <eventId>`, `event: status`, `data: <OrderStatusEvent JSON>`;
// a comment line `: ping` every LIVE_HEARTBEAT_MS keeps proxies from closing an idle stream. A
// client that reconnects sends `Last-Event-ID` and gets every later event of its order from the
// bounded event table before new ones. The server ends a stream with `event: end` when the order
// can move no further; the client then closes quietly (spec section 8). A server shutting down
// closes its streams without it, and clients reconnect (to another process) with Last-Event-ID.

export const LIVE_EVENT = { status: 'status', end: 'end' } as const;

/** Comment lines this often keep an idle stream open through proxies. */
export const LIVE_HEARTBEAT_MS = 15_000;

/** Waits before the 1st, 2nd, … reconnect; the last repeats. */
export const LIVE_RECONNECT_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

/** How many events per order the server keeps for Last-Event-ID replay. */
export const LIVE_REPLAY_PER_ORDER = 200;

export const OrderStatusEventSchema = v.object({
  /** Increasing per database; also the SSE id. A string: it is a bigint. */
  eventId: v.string(),
  orderId: v.number(),
  orderNumber: v.string(),
  trackingNumber: v.nullable(v.string()),
  status: v.string(),
  statusText: v.string(),
  /** ISO instant of the scan or change. */
  at: v.string(),
  location: v.nullable(v.string()),
  remark: v.nullable(v.string()),
});
export type OrderStatusEvent = v.InferOutput<typeof OrderStatusEventSchema>;

/** A list's stream follows at most this many orders (a page of the order list). */
export const LIVE_LIST_MAX = 100;

// The streams: each declared once, served by server/modules/live/routes.ts (router.route), opened
// by the browser at pathOf(operation, params) through the live-stream machine.

const TAG = 'live';
const ByOrder = v.object({ orderId: numericId('orderId') });
const STREAM = { stream: OrderStatusEventSchema } as const;
const RETURNS =
  'A server-event stream: `event: status` with `id` and an OrderStatusEvent as data, `: ping` comments, and `event: end` when the order can move no further or the server stops. Send Last-Event-ID to resume.';

export const LIVE_API = {
  sellerOrder: operation({
    method: 'get',
    path: '/api/v1/orders/:orderId/events',
    tag: TAG,
    params: ByOrder,
    summary: 'An order’s status changes as they happen (server events)',
    errors: { 404: 'no such order' },
    response: STREAM,
    returns: RETURNS,
  }),
  sellerOrders: operation({
    method: 'get',
    path: '/api/v1/order-events',
    tag: TAG,
    query: v.object({
      orderIds: v.pipe(
        v.string('orderIds is required'),
        v.regex(/^[1-9]\d{0,8}(,[1-9]\d{0,8})*$/, 'orderIds must be order ids separated by commas'),
        v.transform((s) => [...new Set(s.split(',').map(Number))]),
        v.maxLength(LIVE_LIST_MAX, `orderIds may name at most ${LIVE_LIST_MAX} orders`),
      ),
    }),
    summary: 'The status changes of a page of your orders as they happen (server events); the list’s live rows',
    errors: { 404: 'none of those orders is yours' },
    response: STREAM,
    returns:
      'A server-event stream: `event: status` with `id` and an OrderStatusEvent as data, and `: ping` comments; it ends when the client leaves. Send Last-Event-ID to resume.',
  }),
  staffOrder: operation({
    method: 'get',
    path: '/api/v1/corporate/simulation/orders/:orderId/events',
    tag: TAG,
    params: ByOrder,
    summary: 'Any order’s status changes as they happen, for the simulation screen (server events)',
    errors: { 404: 'no such order' },
    response: STREAM,
    returns: RETURNS,
  }),
  tracking: operation({
    method: 'get',
    // never the words of the return and short-code addresses beside it (/tracking/return/…, /tracking/short/…)
    path: '/rest/v1/tracking/:trackingRef{(?!return$|short$)[^/]+}/events',
    tag: TAG,
    params: v.object({ trackingRef: v.string() }),
    summary: 'A shipment’s status changes as the buyer’s tracking page shows them (server events)',
    errors: { 404: 'no such shipment', 429: 'too many streams open from this client address' },
    response: STREAM,
    returns: RETURNS,
  }),
};

/** The courier-life steps staff can drive an order through, in the order a parcel meets them. */
export const SIMULATION_STEPS = {
  PKD: 'Picked up',
  INT: 'In transit',
  NDR: 'Delivery attempt failed',
  OFD: 'Out for delivery',
  DLV: 'Delivered',
  RTO_INT: 'Return to origin',
  RTO_DLV: 'Returned to seller',
} as const;
export type SimulationStep = keyof typeof SIMULATION_STEPS;

export const SimulationOrderSchema = v.object({
  orderId: v.number(),
  orderNumber: v.string(),
  sellerName: v.string(),
  trackingNumber: v.nullable(v.string()),
  courierName: v.nullable(v.string()),
  status: v.string(),
  statusText: v.string(),
  /** Steps the order can take from where it stands now. */
  nextSteps: v.array(v.picklist(Object.keys(SIMULATION_STEPS) as SimulationStep[])),
  /** An automatic run in progress: the steps still to come. */
  running: v.nullable(v.object({ remaining: v.array(v.string()), intervalSeconds: v.number() })),
  events: v.array(OrderStatusEventSchema),
});
export type SimulationOrder = v.InferOutput<typeof SimulationOrderSchema>;

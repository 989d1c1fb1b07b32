import * as v from 'valibot';

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

export const LIVE_API = {
  sellerOrder: (orderId: number | string) => `/api/v1/orders/${orderId}/events`, // GET SSE (seller, bearer)
  sellerOrders: '/api/v1/order-events', // GET ?orderIds=1,2,3 SSE of a page of the seller's orders (seller, bearer)
  staffOrder: (orderId: number | string) => `/api/v1/corporate/simulation/orders/${orderId}/events`, // GET SSE (staff)
  tracking: (trackingRef: string) => `/rest/v1/tracking/${trackingRef}/events`, // GET SSE (public, by AWB)
} as const;

/** A list's stream follows at most this many orders (a page of the order list). */
export const LIVE_LIST_MAX = 100;

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

import { useEffect, useRef } from 'react';

// One invalidation event per area. A flow that changed the server's data says which areas are
// now stale (`invalidate('order', 'wallet')`); whatever shows an area (a list, a page's order, the
// wallet in the header) listens and reads it again. Views keep no reload counters.

export type InvalidationArea =
  /** the orders list and its status counts */
  | 'orders'
  /** the order page's order */
  | 'order'
  /** the order page's shipment panel */
  | 'shipment'
  /** the wallet's balance, statement, charges and invoices (and the balance in the header) */
  | 'wallet'
  /** bulk uploads: each kind's upload history and the order upload batches */
  | 'uploads'
  /** the failed-delivery (NDR) queue and its counts */
  | 'ndr'
  /** the returns to origin (RTO) list */
  | 'rto'
  /** the returns list and its counts, and the buyers' return requests */
  | 'returns'
  /** a return's page (its detail and reverse shipment) */
  | 'return'
  /** the staff's KYC queue and its counts */
  | 'kyc'
  /** COD payouts: the seller's payouts and forecast, the staff's pending, paid and history lists */
  | 'codPayouts'
  /** the setup lists: catalogue products, package types, warehouses, pickup addresses */
  | 'products'
  | 'packageTypes'
  | 'warehouses'
  | 'pickupAddresses'
  /** the courier pickups list */
  | 'pickups'
  /** the team: users and roles; and the plan with its subscriptions and downgrades */
  | 'team'
  | 'plan'
  /** the staff console: a seller's whole picture, staff roles, coupons, plan prices, the audit log */
  | 'staffConsole'
  /** staff banners and release notes lists */
  | 'notices'
  /** the notifications centre: the bell's unread count and the /notifications page */
  | 'notifications'
  /** report requests (asked for, made, expired) and scheduled reports */
  | 'reports'
  /** support tickets: the seller's list and the staff queue */
  | 'tickets'
  /** the open API: API keys, and webhook endpoints with their delivery logs */
  | 'apiKeys'
  | 'webhooks'
  /** the seller's sales-channel stores and their sync logs */
  | 'channels';

type Listener = (area: InvalidationArea) => void;
const listeners = new Set<Listener>();

export function invalidate(...areas: InvalidationArea[]): void {
  for (const area of areas) for (const listener of [...listeners]) listener(area);
}

/** Calls `listener` for every invalidation of `area` until the returned function is called. */
export function onInvalidate(area: InvalidationArea, listener: () => void): () => void {
  const wrapped: Listener = (a) => a === area && listener();
  listeners.add(wrapped);
  return () => listeners.delete(wrapped);
}

/** While mounted, runs `reload` each time `area` is invalidated (the latest `reload` given). */
export function useOnInvalidate(area: InvalidationArea | undefined, reload: () => void): void {
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => (area ? onInvalidate(area, () => latest.current()) : undefined), [area]);
}

import type { CorporateAccountRow } from '../account-contract';
import {
  SIMULATION_STEPS,
  type OrderStatusEvent,
  type SimulationOrder,
  type SimulationStep,
} from '../live-events-contract';
import { FORWARD_TRANSITIONS, type ForwardStatus } from '../order-status';

// The staff simulation screen's rules: what staff typed to find an order, how fast a run goes,
// which steps a run takes to its end, and how a live event joins the order shown.

export const SIMULATION_LABELS = {
  ref: 'Order ID or AWB',
  account: 'Seller account',
  intervalSeconds: 'Interval (seconds)',
  goal: 'Run until',
} as const;

export const SIMULATION_INTERVAL = { min: 1, max: 60, initial: 5 } as const;

export const SIMULATION_TEXT = {
  ref: `${SIMULATION_LABELS.ref} must be an order number up to 9 digits or an AWB of 10 to 30 letters and digits`,
  account: `Choose a ${SIMULATION_LABELS.account.toLowerCase()} for the test order`,
  sandbox:
    'It ships from a copy of the seller’s pickup address on Dakiya’s simulation sandbox: the seller’s wallet, orders and payouts are never touched.',
  interval: `${SIMULATION_LABELS.intervalSeconds} must be a whole number from ${SIMULATION_INTERVAL.min} to ${SIMULATION_INTERVAL.max}`,
  noRun: 'This order cannot move on to that end',
  awbUnknown: 'No order has that AWB',
} as const;

/** Where a run ends: delivered to the buyer, or back with the seller. */
export const SIMULATION_GOALS = { DLV: 'Delivered', RTO_DLV: 'Returned to seller' } as const;
export type SimulationGoal = keyof typeof SIMULATION_GOALS;

/** An order id (up to 9 digits) or an AWB (10 to 30 letters and digits); null for anything else. */
export function parseOrderRef(text: string): { orderId: number } | { awb: string } | null {
  const t = text.trim();
  if (/^\d{1,9}$/.test(t) && Number(t) > 0) return { orderId: Number(t) };
  if (/^[A-Za-z0-9]{10,30}$/.test(t)) return { awb: t };
  return null;
}

/** The interval typed, when it is a whole number of seconds in range. */
export function parseInterval(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,3}$/.test(t)) return null;
  const n = Number(t);
  return n >= SIMULATION_INTERVAL.min && n <= SIMULATION_INTERVAL.max ? n : null;
}

const isStep = (code: string): code is SimulationStep => code in SIMULATION_STEPS;

/**
 * The fewest courier steps from `status` to `goal` through the order-status table (only steps
 * staff can simulate); [] when the goal cannot be reached or is where the order stands.
 */
export function runPath(status: string, goal: SimulationGoal): SimulationStep[] {
  const seen = new Set<string>([status]);
  let frontier: { at: string; path: SimulationStep[] }[] = [{ at: status, path: [] }];
  while (frontier.length) {
    const next: typeof frontier = [];
    for (const { at, path } of frontier) {
      for (const to of FORWARD_TRANSITIONS[at as ForwardStatus] ?? []) {
        if (!isStep(to) || seen.has(to)) continue;
        if (to === goal) return [...path, to];
        seen.add(to);
        next.push({ at: to, path: [...path, to] });
      }
    }
    frontier = next;
  }
  return [];
}

/** Event ids are bigints as strings: compare by length, then by digits. */
export const eventIdAfter = (a: string, b: string): boolean => a.length > b.length || (a.length === b.length && a > b);

/**
 * The order shown with a live event joined: once (a replay after a reconnect repeats events),
 * in id order, and the status moved only by an event newer than every one known.
 */
export function withLiveEvent(order: SimulationOrder, event: OrderStatusEvent): SimulationOrder {
  if (event.orderId !== order.orderId || order.events.some((e) => e.eventId === event.eventId)) return order;
  const newest = order.events.every((e) => eventIdAfter(event.eventId, e.eventId));
  const events = [...order.events, event].sort((a, b) => (eventIdAfter(a.eventId, b.eventId) ? 1 : -1));
  return newest ? { ...order, events, status: event.status, statusText: event.statusText } : { ...order, events };
}

/** A seller login as the test-order account picker lists it; logins without a company are left out. */
export function sellerAccountOptions(rows: CorporateAccountRow[]): { accountId: number; label: string }[] {
  return rows
    .filter((r) => r.orgId !== null)
    .map((r) => ({
      accountId: r.accountId,
      label: `${r.companyName || `${r.firstName} ${r.lastName}`.trim()} · ${r.email}`,
    }));
}

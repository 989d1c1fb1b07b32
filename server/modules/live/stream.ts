import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import { LIVE_EVENT, LIVE_HEARTBEAT_MS, type OrderStatusEvent } from '../../../src/domain/live-events-contract';
import { FORWARD_TRANSITIONS, RETURN_TRANSITIONS } from '../../../src/domain/order-status';
import { eventsAfter, lastEventId, type LiveSubscriber } from './hub';

// One order's server-event stream (src/domain/live-events-contract.ts), or a list's (the orders
// on a page). It subscribes first and reads the table second, and sends only ids above the last it
// sent, so an event committed while it starts is sent once. A client coming back sends
// Last-Event-ID and gets every later event from the table; a fresh client of one order gets the
// order's newest event first, so it starts in step (a list has its rows as they were read).

export interface OrderStream {
  orderIds: readonly number[];
  /**
   * one order's status as it was read: a stream of an order that can move no further ends at once;
   * null for a list, which ends only when its client leaves
   */
  status: string | null;
  /** what this audience may see of an event (the buyer's page: no seller's remarks) */
  view?: (e: OrderStatusEvent) => OrderStatusEvent;
  /** a public stream counts against its client's address (nobody logs in to open one) */
  address?: string;
}

/** Public streams one client address may hold open in one process (an office of buyers behind one NAT fits). */
export const PUBLIC_STREAMS_PER_ADDRESS = 50;

const TERMINAL = new Set(
  [...Object.entries(FORWARD_TRANSITIONS), ...Object.entries(RETURN_TRANSITIONS)]
    .filter(([, next]) => next.length === 0)
    .map(([s]) => s),
);
export const isTerminal = (status: string): boolean => TERMINAL.has(status);

/** Last-Event-ID as sent by a reconnecting client: an event id, or nothing usable. */
function lastEventIdOf(c: Context): bigint | null {
  const raw = c.req.header('last-event-id')?.trim();
  return raw && /^\d{1,19}$/.test(raw) ? BigInt(raw) : null;
}

// the hub hands one event object to every stream of its order: each audience's text is made once
const texts = new WeakMap<(e: OrderStatusEvent) => OrderStatusEvent, WeakMap<OrderStatusEvent, string>>();
const identity = (e: OrderStatusEvent) => e;

function textOf(view: (e: OrderStatusEvent) => OrderStatusEvent, e: OrderStatusEvent): string {
  let byEvent = texts.get(view);
  if (!byEvent) texts.set(view, (byEvent = new WeakMap()));
  let text = byEvent.get(e);
  if (text === undefined) byEvent.set(e, (text = JSON.stringify(view(e))));
  return text;
}

export function orderEventStream(c: Context, deps: AppDeps, plan: OrderStream): Response {
  const view = plan.view ?? identity;
  const resumeFrom = lastEventIdOf(c);
  const { address } = plan;
  if (address !== undefined && !deps.live.admit(address, PUBLIC_STREAMS_PER_ADDRESS))
    throw new ApiError(429, 'Too many live tracking pages are open from this address. Close some and try again.');
  // proxies (nginx) must pass events on as they come
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    let last = 0n;
    let closed = false;
    let chain: Promise<unknown> = Promise.resolve();
    let release!: () => void;
    const finished = new Promise<void>((r) => (release = r));
    const finish = () => {
      if (closed) return;
      closed = true;
      unsubscribe();
      clearInterval(beat);
      if (address !== undefined) deps.live.release(address);
      release();
    };
    // every write goes through one queue, so events keep their order and never interleave
    const enqueue = (work: () => Promise<unknown>) => {
      chain = chain.then(() => (closed ? undefined : work())).catch(finish);
    };
    const end = async () => {
      await stream.writeSSE({ event: LIVE_EVENT.end, data: '' });
      finish();
    };
    const send = async (e: OrderStatusEvent) => {
      const id = BigInt(e.eventId);
      if (id <= last) return;
      last = id;
      await stream.writeSSE({ id: e.eventId, event: LIVE_EVENT.status, data: textOf(view, e) });
      if (plan.status !== null && isTerminal(e.status)) await end();
    };
    const readFromTable = async () => {
      for (const e of await eventsAfter(deps.db, plan.orderIds, last)) if (!closed) await send(e);
    };
    const subscriber: LiveSubscriber = {
      deliver: (e) => enqueue(() => send(e)),
      catchUp: () => enqueue(readFromTable),
      close: () => enqueue(async () => finish()),
    };
    const unsubscribes = plan.orderIds.map((id) => deps.live.subscribe(id, subscriber));
    const unsubscribe = () => unsubscribes.forEach((u) => u());
    const beat = setInterval(() => enqueue(() => stream.write(': ping\n\n')), LIVE_HEARTBEAT_MS);
    stream.onAbort(finish);
    enqueue(async () => {
      // a process shutting down takes no new stream: the client tries again, elsewhere
      if (deps.live.stopping) return finish();
      if (resumeFrom !== null) last = resumeFrom;
      else {
        // a fresh client: one order's newest event first (if any), a list only what comes
        const newest = await lastEventId(deps.db, plan.orderIds);
        last = plan.status === null ? newest : newest > 0n ? newest - 1n : 0n;
      }
      await readFromTable();
      // the order could move no further when it was read: nothing more will come
      if (!closed && plan.status !== null && isTerminal(plan.status)) await end();
    });
    await finished;
  });
}

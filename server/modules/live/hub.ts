import { asc, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { liveOrderEvents } from '../../db/schema';
import type { OrderStatusEvent } from '../../../src/domain/live-events-contract';
import type { TrackingCache } from '../tracking/tracking-cache';
import { LIVE_CHANNEL } from './record';

// One per process: it LISTENs on the live channel and hands each committed event to the streams
// of its order open in this process, loading the rows once for all of them. Notifications that
// arrive together are loaded in one query and delivered in id order; a stream drops anything at
// or below the last id it sent, so a replay racing a live event sends it once.

export interface LiveSubscriber {
  deliver(event: OrderStatusEvent): void;
  /** the listening connection was lost and is back: read what may have been missed */
  catchUp(): void;
  /**
   * The process is stopping: the stream closes without `event: end`, so its client reconnects
   * (to another process, or to this one restarted) and resumes from its Last-Event-ID.
   */
  close(): void;
}

type Row = typeof liveOrderEvents.$inferSelect;

export function toStatusEvent(r: Row): OrderStatusEvent {
  return {
    eventId: String(r.id),
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    trackingNumber: r.trackingNumber,
    status: r.status,
    statusText: r.statusText,
    at: r.at.toISOString(),
    location: r.location,
    remark: r.remark,
  };
}

const ofOrders = (orderIds: readonly number[]) =>
  sql`${liveOrderEvents.orderId} = any(${sql.param([...orderIds])}::int[])`;

/** The orders' events after `afterId`, oldest first (Last-Event-ID replay). */
export async function eventsAfter(db: Db, orderIds: readonly number[], afterId: bigint): Promise<OrderStatusEvent[]> {
  const rows = await db
    .select()
    .from(liveOrderEvents)
    .where(sql`${ofOrders(orderIds)} and ${liveOrderEvents.id} > ${afterId.toString()}::bigint`)
    .orderBy(asc(liveOrderEvents.id));
  return rows.map(toStatusEvent);
}

/** The id of the orders' newest event (0 when none): where a fresh stream starts. */
export async function lastEventId(db: Db, orderIds: readonly number[]): Promise<bigint> {
  const [row] = await db
    .select({ id: sql<string>`coalesce(max(${liveOrderEvents.id}), 0)::text` })
    .from(liveOrderEvents)
    .where(ofOrders(orderIds));
  return BigInt(row?.id ?? '0');
}

export class LiveHub {
  private readonly subscribers = new Map<number, Set<LiveSubscriber>>();
  private pending: { id: string; orderId: number }[] = [];
  private loading: Promise<void> = Promise.resolve();
  private scheduled = false;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly perAddress = new Map<string, number>();
  stopping = false;

  constructor(
    private readonly database: Database,
    private readonly cache: TrackingCache,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(
      LIVE_CHANNEL,
      (payload) => this.heard(payload),
      () => {
        // a reconnect may have missed anything: every tracking answer and every stream catches up
        this.cache.dropAll();
        for (const set of this.subscribers.values()) for (const s of set) s.catchUp();
      },
    );
  }

  /** Tells every process to forget a tracking answer (`*`: all of them). */
  async broadcastForget(orderIds: readonly number[] | '*'): Promise<void> {
    if (orderIds === '*') {
      await this.database.query('select pg_notify($1, $2)', [LIVE_CHANNEL, 'f:*']);
      return;
    }
    // a batch of scans touches many orders: one statement, one notification each
    await this.database.query(`select pg_notify($1, 'f:' || id) from unnest($2::int[]) as id`, [
      LIVE_CHANNEL,
      orderIds,
    ]);
  }

  subscribe(orderId: number, s: LiveSubscriber): () => void {
    let set = this.subscribers.get(orderId);
    if (!set) this.subscribers.set(orderId, (set = new Set()));
    set.add(s);
    return () => {
      set.delete(s);
      if (!set.size && this.subscribers.get(orderId) === set) this.subscribers.delete(orderId);
    };
  }

  /** Counts a public stream against its client address; false when the address has `limit` open here. */
  admit(address: string, limit: number): boolean {
    const open = this.perAddress.get(address) ?? 0;
    if (open >= limit) return false;
    this.perAddress.set(address, open + 1);
    return true;
  }

  release(address: string): void {
    const open = (this.perAddress.get(address) ?? 1) - 1;
    if (open > 0) this.perAddress.set(address, open);
    else this.perAddress.delete(address);
  }

  /** How many streams are open in this process. */
  get openStreams(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  private heard(payload: string): void {
    const [kind, a, b] = payload.split(':');
    if (kind === 'f') {
      if (a === '*') this.cache.dropAll();
      else this.cache.dropOrder(Number(a));
      return;
    }
    if (kind !== 'e') return;
    const orderId = Number(b);
    // the order's public tracking changed, whoever watches it here
    this.cache.dropOrder(orderId);
    if (!this.subscribers.has(orderId)) return;
    this.pending.push({ id: a, orderId });
    if (this.scheduled) return;
    this.scheduled = true;
    // notifications that arrive together are loaded together, batches one after another
    this.loading = this.loading.then(() => new Promise<void>((r) => setImmediate(r))).then(() => this.flush());
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    if (!batch.length) return;
    try {
      const rows = await this.database.db
        .select()
        .from(liveOrderEvents)
        .where(sql`${liveOrderEvents.id} = any(${sql.param(batch.map((p) => p.id))}::bigint[])`)
        .orderBy(asc(liveOrderEvents.id));
      for (const r of rows) {
        const set = this.subscribers.get(r.orderId);
        if (!set) continue;
        const event = toStatusEvent(r);
        for (const s of set) s.deliver(event);
      }
    } catch (e) {
      // the streams read the table again rather than miss an event
      console.error('[live] loading events failed:', (e as Error).message);
      for (const p of batch) for (const s of this.subscribers.get(p.orderId) ?? []) s.catchUp();
    }
  }

  /** Shutdown: every stream closes (its client resumes elsewhere), and the listening stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const set of this.subscribers.values()) for (const s of [...set]) s.close();
    await this.loading.catch(() => {});
    await this.unlisten?.();
    this.unlisten = null;
  }
}

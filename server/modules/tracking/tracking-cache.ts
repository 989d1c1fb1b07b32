import type { TrackingData } from '../../../src/domain/tracking-contract';
import { settledAnswer } from '../../http/json-answer';

// Buyers open tracking links in bursts (an SMS to every buyer of the day): answers are kept in
// memory for a few seconds, so a burst costs one set of queries per shipment. Every change this
// process makes (a scan, a rating, a booking or cancel, the brand) forgets what it touched at
// once, and tells the other processes (LISTEN/NOTIFY, server/modules/live/hub.ts) to forget it too;
// an order's status change reaches them the same way. The time limit is the fallback.

export const TRACKING_CACHE_MS = 15_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  data: TrackingData;
  expires: number;
}

export class TrackingCache {
  private readonly entries = new Map<string, Entry>();

  /** Tells the other processes (set when the live hub starts; absent in a lone test app). */
  broadcast: ((orderIds: readonly number[] | '*') => Promise<void>) | null = null;

  constructor(private readonly clock: () => number = Date.now) {}

  /** A kept answer at once (no promise: a burst of buyers is answered without a turn of the event loop), else loaded. */
  get(key: string, load: () => Promise<TrackingData>): TrackingData | Promise<TrackingData> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.clock()) return hit.data;
    return this.fill(key, load);
  }

  private async fill(key: string, load: () => Promise<TrackingData>): Promise<TrackingData> {
    // an entry is replaced, never edited: its JSON is made once for all the burst's answers
    const data = settledAnswer(await load());
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { data, expires: this.clock() + TRACKING_CACHE_MS });
    return data;
  }

  /** After anything about the order's shipment changed. */
  forgetOrder(orderId: number): void {
    this.forgetOrders([orderId]);
  }

  /** After a batch touched many orders (courier scans): one pass here, one message to the others. */
  forgetOrders(orderIds: readonly number[]): void {
    if (!orderIds.length) return;
    this.dropOrders(orderIds);
    this.tellOthers(orderIds);
  }

  /** After a seller's brand changed (rare: everything goes). */
  forgetAll(): void {
    this.dropAll();
    this.tellOthers('*');
  }

  /** This process's copy only (another process changed it). */
  dropOrder(orderId: number): void {
    for (const [k, e] of this.entries) if (e.data.orderId === orderId) this.entries.delete(k);
  }

  private dropOrders(orderIds: readonly number[]): void {
    if (orderIds.length === 1) return this.dropOrder(orderIds[0]);
    const ids = new Set(orderIds);
    for (const [k, e] of this.entries) if (ids.has(e.data.orderId)) this.entries.delete(k);
  }

  dropAll(): void {
    this.entries.clear();
  }

  private tellOthers(orderIds: readonly number[] | '*'): void {
    this.broadcast?.(orderIds).catch((e: Error) => console.error('[tracking-cache] broadcast failed:', e.message));
  }
}

const caches = new WeakMap<object, TrackingCache>();

/** The cache of one app (tests run many apps in one process). */
export function trackingCache(owner: object): TrackingCache {
  let cache = caches.get(owner);
  if (!cache) caches.set(owner, (cache = new TrackingCache()));
  return cache;
}

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { courierCallStats } from '../db/schema';

// Counts the calls the product makes to couriers' APIs, per courier code and minute, in memory,
// and adds them to courier_call_stats every few seconds in one small upsert: a call never waits
// on the database, and every process's counts land in the same rows.

/** One call to a courier adapter as it ended. */
export interface CourierCall {
  ok: boolean;
  latencyMs: number;
  at: Date;
  /** a failure's message, secrets already blanked */
  error?: string;
}

interface Bucket {
  carrierCode: string;
  minute: Date;
  calls: number;
  failures: number;
  totalLatencyMs: number;
  lastSuccessAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
}

/** Rows one upsert carries at most: a flush of many couriers' minutes goes in several. */
const BATCH_ROWS = 100;
export const DEFAULT_FLUSH_MS = 5_000;

const minuteOf = (at: Date) => new Date(Math.floor(at.getTime() / 60_000) * 60_000);
const later = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a > b ? a : b);

function merge(into: Bucket, b: Bucket): void {
  into.calls += b.calls;
  into.failures += b.failures;
  into.totalLatencyMs += b.totalLatencyMs;
  into.lastSuccessAt = later(into.lastSuccessAt, b.lastSuccessAt);
  if (b.lastErrorAt && (!into.lastErrorAt || b.lastErrorAt >= into.lastErrorAt)) {
    into.lastError = b.lastError;
    into.lastErrorAt = b.lastErrorAt;
  }
}

export class CourierCallMeter {
  private pending = new Map<string, Bucket>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly db: Db) {}

  record(carrierCode: string, call: CourierCall): void {
    const minute = minuteOf(call.at);
    const key = `${carrierCode}\u0000${minute.getTime()}`;
    const bucket: Bucket = {
      carrierCode,
      minute,
      calls: 1,
      failures: call.ok ? 0 : 1,
      totalLatencyMs: Math.max(0, Math.round(call.latencyMs)),
      lastSuccessAt: call.ok ? call.at : null,
      lastError: call.ok ? null : (call.error ?? 'failed'),
      lastErrorAt: call.ok ? null : call.at,
    };
    const held = this.pending.get(key);
    if (held) merge(held, bucket);
    else this.pending.set(key, bucket);
  }

  /** Adds what was counted since the last flush to the table; on failure the counts wait for the next. */
  async flush(): Promise<void> {
    if (!this.pending.size) return;
    // taken at once, so a flush running alongside never writes the same counts twice
    const buckets = [...this.pending.values()];
    this.pending.clear();
    for (let i = 0; i < buckets.length; i += BATCH_ROWS) {
      const batch = buckets.slice(i, i + BATCH_ROWS);
      try {
        await this.upsert(batch);
      } catch (e) {
        for (const b of buckets.slice(i)) this.putBack(b);
        throw e;
      }
    }
  }

  /** Flushes every few seconds until stopped; the timer never keeps the process alive. */
  start(everyMs = DEFAULT_FLUSH_MS): void {
    if (this.timer || everyMs <= 0) return;
    this.timer = setInterval(() => {
      this.flush().catch((e: unknown) => console.error('[couriers] call counts not saved yet:', e));
    }, everyMs);
    this.timer.unref?.();
  }

  /** Stops the timer and saves what is left (before the database closes). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush().catch((e: unknown) => console.error('[couriers] call counts lost at shutdown:', e));
  }

  private putBack(b: Bucket): void {
    const key = `${b.carrierCode}\u0000${b.minute.getTime()}`;
    const held = this.pending.get(key);
    if (held) merge(held, b);
    else this.pending.set(key, b);
  }

  private async upsert(batch: Bucket[]): Promise<void> {
    const t = courierCallStats;
    await this.db
      .insert(t)
      .values(batch)
      .onConflictDoUpdate({
        target: [t.carrierCode, t.minute],
        set: {
          calls: sql`${t.calls} + excluded.calls`,
          failures: sql`${t.failures} + excluded.failures`,
          totalLatencyMs: sql`${t.totalLatencyMs} + excluded.total_latency_ms`,
          lastSuccessAt: sql`greatest(${t.lastSuccessAt}, excluded.last_success_at)`,
          lastError: sql`case when excluded.last_error_at is not null and (${t.lastErrorAt} is null or excluded.last_error_at >= ${t.lastErrorAt}) then excluded.last_error else ${t.lastError} end`,
          lastErrorAt: sql`greatest(${t.lastErrorAt}, excluded.last_error_at)`,
        },
      });
  }
}

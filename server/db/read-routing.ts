import { sql } from 'drizzle-orm';
import type { Db } from './client';

// Read-only seller queries (lists, counts, exports, reports) may run on a streaming replica, but a
// seller must never miss their own write there. Before each such read the primary's WAL position
// is taken (one cheap round trip: no table is read); the replica serves the read once it has
// replayed up to that position, which holds every transaction committed before the read began,
// whichever process made it. A replica that has not caught up within a short wait, or cannot be
// reached, leaves the read to the primary. docs/decisions/read-replica.md

/** The database a read-only query runs on, chosen when the read begins. */
export type ReadDb = () => Promise<Db>;

/** Where the primary's WAL is written up to, and where the replica has replayed up to (null: not a standby). */
export interface WalProbes {
  primaryLsn(): Promise<string>;
  replayedLsn(): Promise<string | null>;
}

export interface ReadRoutingStats {
  replica: number;
  /** the replica was behind for longer than the wait */
  primaryLagging: number;
  /** the replica could not be asked */
  primaryFailed: number;
}

export interface ReadRouting {
  readDb: ReadDb;
  stats: ReadRoutingStats;
}

/** A WAL position "16/B374D848" as one number, to compare two of them. */
export function lsnValue(lsn: string): bigint {
  const [hi, lo] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

export function walProbes(primary: Db, replica: Db): WalProbes {
  const one = async (db: Db, query: ReturnType<typeof sql>) => {
    const result = (await db.execute(query)) as unknown as { rows: { lsn: string | null }[] };
    return result.rows[0]?.lsn ?? null;
  };
  return {
    // the insert position: every commit record lies before it once its client has the answer, even
    // where commits do not wait for the disk (synchronous_commit off), when the write position
    // can still be behind a commit the seller has already seen
    primaryLsn: async () => (await one(primary, sql`select pg_current_wal_insert_lsn()::text as lsn`))!,
    replayedLsn: () => one(replica, sql`select pg_last_wal_replay_lsn()::text as lsn`),
  };
}

/** Reads fenced by the primary's WAL position: the replica's answer is never older than the read. */
export function fencedReads(
  primary: Db,
  replica: Db,
  opts: { probes?: WalProbes; waitMs?: number; pollMs?: number } = {},
): ReadRouting {
  const probes = opts.probes ?? walProbes(primary, replica);
  const waitMs = opts.waitMs ?? 200;
  const pollMs = opts.pollMs ?? 2;
  const stats: ReadRoutingStats = { replica: 0, primaryLagging: 0, primaryFailed: 0 };
  // replay only moves forward: a position seen once spares asking again for older targets
  let replayed = -1n;
  const caughtUp = async (target: bigint) => {
    if (replayed >= target) return true;
    const lsn = await probes.replayedLsn();
    if (lsn === null) return false;
    const value = lsnValue(lsn);
    if (value > replayed) replayed = value;
    return replayed >= target;
  };
  const readDb: ReadDb = async () => {
    try {
      const target = lsnValue(await probes.primaryLsn());
      const deadline = Date.now() + waitMs;
      for (;;) {
        if (await caughtUp(target)) {
          stats.replica++;
          return replica;
        }
        if (Date.now() >= deadline) break;
        await new Promise((r) => setTimeout(r, pollMs));
      }
      stats.primaryLagging++;
      return primary;
    } catch (e) {
      stats.primaryFailed++;
      if (stats.primaryFailed % 100 === 1)
        console.error('[db] replica not asked, reading from the primary:', (e as Error).message);
      return primary;
    }
  };
  return { readDb, stats };
}

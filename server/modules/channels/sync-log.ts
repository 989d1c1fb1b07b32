import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelSyncLog } from '../../db/schema';
import type { SyncLogEntry } from '../../../src/domain/channels-contract';

// The sync log: one line per fetch, webhook and write-back, so a seller sees what came in,
// what went out, and what failed and is being tried again.

export type SyncKind = SyncLogEntry['kind'];
export type SyncOutcome = SyncLogEntry['outcome'];

export async function logSync(
  db: Db,
  store: { id: number; orgId: number },
  entry: { kind: SyncKind; topic: string; outcome: SyncOutcome; message: string; attempt?: number; at: Date },
): Promise<void> {
  await db.insert(channelSyncLog).values({
    orgId: store.orgId,
    storeId: store.id,
    kind: entry.kind,
    topic: entry.topic,
    outcome: entry.outcome,
    message: entry.message.slice(0, 1000),
    attempt: entry.attempt ?? 1,
    at: entry.at,
  });
}

export async function readSyncLog(db: Db, orgId: number, storeId: number, limit = 100): Promise<SyncLogEntry[]> {
  const rows = await db
    .select()
    .from(channelSyncLog)
    .where(and(eq(channelSyncLog.storeId, storeId), eq(channelSyncLog.orgId, orgId)))
    .orderBy(desc(channelSyncLog.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as SyncKind,
    topic: r.topic,
    outcome: r.outcome as SyncOutcome,
    message: r.message,
    attempt: r.attempt,
    at: r.at.toISOString(),
  }));
}

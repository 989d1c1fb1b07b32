import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { staffImpersonations } from '../../db/schema';
import { notFound } from '../../http/errors';
import { auditChange, type AuditActor } from '../audit/service';

// Admin sessions (staff acting as a seller), kept so the audit log shows when each began and
// ended: ended by the staff member, or expired (written down the next time anyone looks).

export async function openImpersonation(
  db: Db,
  actor: AuditActor,
  sellerAccountId: number,
  at: Date,
  expiresAt: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffImpersonations)
      .values({ staffAccountId: actor.staffId, sellerAccountId, reason: 'Admin session', startedAt: at, expiresAt })
      .returning();
    await auditChange(
      tx,
      actor,
      {
        action: 'impersonation.start',
        entityType: 'account',
        entityId: sellerAccountId,
        before: null,
        after: { impersonationId: row.id, expiresAt: expiresAt.toISOString() },
      },
      at,
    );
    return row.id;
  });
}

export async function endImpersonation(db: Db, actor: AuditActor, impersonationId: number, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffImpersonations)
      .set({ endedAt: at })
      .where(
        and(
          eq(staffImpersonations.id, impersonationId),
          eq(staffImpersonations.staffAccountId, actor.staffId),
          isNull(staffImpersonations.endedAt),
        ),
      )
      .returning();
    if (!row) throw notFound('Admin session not found');
    await auditEnded(tx, actor, row, at);
  });
}

/** An ended admin session in the audit log (`why` adds what ended it when not its own staff member). */
async function auditEnded(
  tx: Tx,
  actor: AuditActor,
  row: { id: number; sellerAccountId: number },
  at: Date,
  why: Record<string, unknown> = {},
) {
  await auditChange(
    tx,
    actor,
    {
      action: 'impersonation.end',
      entityType: 'account',
      entityId: row.sellerAccountId,
      before: { impersonationId: row.id },
      after: { endedAt: at.toISOString(), ...why },
    },
    at,
  );
}

/** Whether an admin session is still open (not ended by its staff member). */
export async function impersonationOpen(db: Db, impersonationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: staffImpersonations.id })
    .from(staffImpersonations)
    .where(and(eq(staffImpersonations.id, impersonationId), isNull(staffImpersonations.endedAt)));
  return !!row;
}

/** Admin sessions past their expiry and not ended: ended at their expiry, each in the audit log once. */
export async function endExpiredImpersonations(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const expired = await tx
      .select()
      .from(staffImpersonations)
      .where(and(isNull(staffImpersonations.endedAt), lte(staffImpersonations.expiresAt, now)))
      .for('update', { skipLocked: true });
    for (const row of expired) {
      await tx.update(staffImpersonations).set({ endedAt: row.expiresAt }).where(eq(staffImpersonations.id, row.id));
      await auditChange(
        tx,
        { staffId: row.staffAccountId, requestId: null },
        {
          action: 'impersonation.expire',
          entityType: 'account',
          entityId: row.sellerAccountId,
          before: { impersonationId: row.id },
          after: { endedAt: row.expiresAt.toISOString() },
        },
        row.expiresAt,
      );
    }
  });
}

/** A staff login turned off: its open admin sessions end now (their tokens fail at the next call), each in the audit log. */
export async function endStaffImpersonations(
  db: Db,
  actor: AuditActor,
  staffAccountId: number,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(staffImpersonations)
      .set({ endedAt: at })
      .where(and(eq(staffImpersonations.staffAccountId, staffAccountId), isNull(staffImpersonations.endedAt)))
      .returning();
    for (const row of ended) await auditEnded(tx, actor, row, at, { staffDeactivated: staffAccountId });
  });
}

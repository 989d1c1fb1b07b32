import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { ndrActions, ndrRecords, orderEvents } from '../../db/schema/index';

// What a courier's answer to an NDR instruction does to the record: accepted, the reference is
// kept; refused (at once, or later for a request it settles afterwards), the record is open again
// for another action and its history says why.

/** Keeps the courier's reference on the record and its applied action. */
export async function keepCourierReference(tx: Tx, ndrId: number, reference: string, now: Date): Promise<void> {
  await tx
    .update(ndrActions)
    .set({ courierRef: reference })
    .where(and(eq(ndrActions.ndrId, ndrId), eq(ndrActions.outcome, 'APPLIED')));
  await tx.update(ndrRecords).set({ courierRef: reference, updatedAt: now }).where(eq(ndrRecords.id, ndrId));
}

/** Opens the record again after the courier refused its action; nothing when it moved on meanwhile. */
export async function reopenRefused(tx: Tx, ndrId: number, reason: string, now: Date): Promise<boolean> {
  const [open] = await tx
    .update(ndrRecords)
    .set({
      status: 'ACTION_REQUIRED',
      action: null,
      actionSource: null,
      actionPayload: null,
      actionAt: null,
      actionBy: null,
      updatedAt: now,
    })
    .where(and(eq(ndrRecords.id, ndrId), eq(ndrRecords.status, 'ACTION_TAKEN')))
    .returning({ id: ndrRecords.id });
  await tx
    .update(ndrActions)
    .set({ outcome: 'NOT_APPLIED', note: `The courier refused: ${reason}` })
    .where(and(eq(ndrActions.ndrId, ndrId), eq(ndrActions.outcome, 'APPLIED')));
  return Boolean(open);
}

/** A later answer to an NDR request: the record as the answer leaves it, and a line in the order's history. */
export async function settleNdrRequest(
  tx: Tx,
  op: { subjectId: number; orderId: number; label: string },
  outcome: { state: 'DONE'; reference: string } | { state: 'FAILED'; reason: string },
  note: string,
  now: Date,
): Promise<void> {
  if (outcome.state === 'DONE') await keepCourierReference(tx, op.subjectId, outcome.reference, now);
  else await reopenRefused(tx, op.subjectId, outcome.reason, now);
  await tx.insert(orderEvents).values({ orderId: op.orderId, kind: 'NOTE', at: now, note });
}

import type { Tx } from '../../db/client';
import { courierOperations } from '../../db/schema';

// A request the courier took and answers later, written in the transaction that records what was
// asked; the poll (poll.ts) or the courier's call back (settle.ts) brings its outcome.

/** The first poll: the courier settles most requests within minutes. */
export const FIRST_POLL_AFTER_MS = 60_000;

export interface PendingOperation {
  orgId: number;
  orderId: number;
  carrierCode: string;
  awb: string;
  kind: 'NDR_ACTION';
  subjectId: number;
  label: string;
  requestId: string;
  at: Date;
}

export async function recordPendingOperation(tx: Tx, op: PendingOperation): Promise<void> {
  await tx
    .insert(courierOperations)
    .values({
      orgId: op.orgId,
      orderId: op.orderId,
      carrierCode: op.carrierCode,
      awb: op.awb,
      kind: op.kind,
      subjectId: op.subjectId,
      label: op.label,
      requestId: op.requestId,
      requestedAt: op.at,
      nextPollAt: new Date(op.at.getTime() + FIRST_POLL_AFTER_MS),
    })
    // the same request id twice is the courier answering one request twice
    .onConflictDoNothing();
}

import { eq } from 'drizzle-orm';
import type { Tx, Executor } from '../../db/client';
import { codVerificationEvents, codVerifications, orders } from '../../db/schema';
import type { VerificationState } from '../../../src/domain/cod-verification';

// A verification's moves: its state (copied onto its order for the list) and its timeline.

type Verification = typeof codVerifications.$inferSelect;

export async function recordEvent(
  tx: Executor,
  verificationId: number,
  kind: string,
  at: Date,
  note: string,
  accountId?: number,
) {
  await tx.insert(codVerificationEvents).values({ verificationId, kind, at, note, accountId: accountId ?? null });
}

/** Moves a verification to its new state and copies the state onto its order (the list's filter). */
export async function setState(
  tx: Tx,
  v: Verification,
  state: VerificationState,
  now: Date,
  also: Partial<Verification> = {},
) {
  await tx
    .update(codVerifications)
    .set({ ...also, state, updatedAt: now })
    .where(eq(codVerifications.id, v.id));
  await tx.update(orders).set({ codVerification: state }).where(eq(orders.id, v.orderId));
}

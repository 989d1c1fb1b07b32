import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { courierOperations } from '../../db/schema';
import type { CourierOperationStatus } from '../../carriers/adapter';
import { courierOperationText } from '../../../src/domain/courier-operations';
import { settleNdrRequest } from './ndr-answer';
import { trackingCache } from '../tracking/tracking-cache';

// A pending courier request settles once, whichever way its answer comes (the poll, the courier's
// call back, both at once): the row moves from PENDING under a guard, and only the move that won
// applies the answer to what the request was about.

export type SettledStatus = Exclude<CourierOperationStatus, { state: 'PENDING' }>;

/** Applies the courier's answer to its request; false when it was settled already (or never made). */
export async function settleCourierOperation(
  deps: AppDeps,
  carrierCode: string,
  requestId: string,
  status: SettledStatus,
  via: 'POLL' | 'CALLBACK',
): Promise<boolean> {
  const now = deps.now();
  const settled = await deps.db.transaction(async (tx) => {
    const [op] = await tx
      .update(courierOperations)
      .set({
        state: status.state,
        result: status.state === 'DONE' ? status.reference : status.reason,
        settledVia: via,
        settledAt: status.at,
        lastAnswer: { ...status, at: status.at.toISOString() },
      })
      .where(
        and(
          eq(courierOperations.carrierCode, carrierCode),
          eq(courierOperations.requestId, requestId),
          eq(courierOperations.state, 'PENDING'),
        ),
      )
      .returning();
    if (!op) return null;
    const text = courierOperationText(
      {
        label: op.label,
        state: status.state,
        result: op.result,
        settledAt: status.at.toISOString(),
      },
      now,
    );
    const note = status.state === 'DONE' ? `${text} (courier reference ${status.reference})` : text;
    if (op.kind === 'NDR_ACTION') await settleNdrRequest(tx, op, status, note, now);
    return op;
  });
  if (settled) trackingCache(deps).forgetOrder(settled.orderId);
  return Boolean(settled);
}

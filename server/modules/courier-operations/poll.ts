import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { courierOperations } from '../../db/schema';
import { carrierNetwork } from '../../carriers/registry';
import type { CourierOperationStatus } from '../../carriers/adapter';
import { settleCourierOperation } from './settle';

// The courier operations job: pending requests whose time has come are asked of their courier in
// bulk (Delhivery's get_bulk_upl takes many ids a call), settled when answered, and asked again
// later when not, each wait twice the last up to half an hour.

export const COURIER_OPERATIONS_QUEUE = 'courier-operations';
/** at most this many requests a run, and this many ids a call */
const PER_RUN = 500;
const PER_CALL = 50;
const MAX_WAIT_MS = 30 * 60_000;

export async function pollCourierOperations(deps: AppDeps): Promise<{ asked: number; settled: number }> {
  const now = deps.now();
  const due = await deps.db
    .select()
    .from(courierOperations)
    .where(and(eq(courierOperations.state, 'PENDING'), lte(courierOperations.nextPollAt, now)))
    .orderBy(asc(courierOperations.nextPollAt))
    .limit(PER_RUN);
  const network = await carrierNetwork(deps);
  let settled = 0;
  const byCourier = new Map<string, typeof due>();
  for (const op of due) byCourier.set(op.carrierCode, [...(byCourier.get(op.carrierCode) ?? []), op]);
  for (const [carrierCode, ops] of byCourier) {
    const adapter = network.adapters.get(carrierCode);
    for (let i = 0; i < ops.length; i += PER_CALL) {
      const chunk = ops.slice(i, i + PER_CALL);
      const answers = adapter?.operationStatus
        ? await adapter.operationStatus(chunk.map((op) => op.requestId)).catch((e: Error) => {
            console.warn(`[courier-operations] ${carrierCode}: ${e.message}`);
            return new Map<string, CourierOperationStatus>();
          })
        : new Map<string, CourierOperationStatus>();
      const waiting: number[] = [];
      for (const op of chunk) {
        const answer = answers.get(op.requestId);
        if (answer && answer.state !== 'PENDING') {
          if (await settleCourierOperation(deps, carrierCode, op.requestId, answer, 'POLL')) settled++;
        } else waiting.push(op.id);
      }
      if (waiting.length)
        await deps.db
          .update(courierOperations)
          .set({
            polls: sql`${courierOperations.polls} + 1`,
            nextPollAt: sql`${now.toISOString()}::timestamptz + least(${MAX_WAIT_MS}, 60000 * power(2, least(${courierOperations.polls} + 1, 5))) * interval '1 millisecond'`,
          })
          .where(and(inArray(courierOperations.id, waiting), eq(courierOperations.state, 'PENDING')));
    }
  }
  return { asked: due.length, settled };
}

import { formatRupees } from '../../../src/domain/format';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { orderEvents, returnQcChecks, returns, shipments, shipmentScans } from '../../db/schema';
import { QC_CHECKS, type QcCheckKind } from '../../../src/domain/returns';
import { carrierNetwork } from '../../carriers/registry';
import { storeImage } from '../files/service';
import { cancelBooked, paidFor } from './reverse';
import { qcChargeOf } from '../../../src/domain/shipping/qc-step';

// What a reverse pickup's scans mean for its return, once the scans are stored and the return has
// moved (called by the scan ingestion, server/modules/courier-inlet/ingest.ts, after it commits):
// picked up (the doorstep checks passed), delivered to the seller, or the pickup failed. A failed
// pickup closes the shipment and refunds it once (keyed on the AWB): all of it when the buyer was
// away, all but the check's fee when the courier checked and found a mismatch, whose reason and
// photos the return keeps (fetched from the courier by a job: QC_PHOTOS_QUEUE).

export const QC_PHOTOS_QUEUE = 'courier-qc-photos';

const WATCHED = new Set(['RPKD', 'RDLV', 'RPF']);

export async function afterReturnScans(deps: AppDeps, moved: { shipmentId: number; status: string }[]): Promise<void> {
  const wanted = moved.filter((m) => WATCHED.has(m.status));
  if (!wanted.length) return;
  const rows = await deps.db
    .select({ s: shipments, r: returns })
    .from(shipments)
    .innerJoin(returns, eq(returns.orderId, shipments.orderId))
    .where(inArray(shipments.id, [...new Set(wanted.map((m) => m.shipmentId))]));
  const byId = new Map(rows.map((x) => [x.s.id, x]));
  for (const m of wanted) {
    const row = byId.get(m.shipmentId);
    if (!row) continue;
    const { s, r } = row;
    const [last] = await deps.db
      .select()
      .from(shipmentScans)
      .where(and(eq(shipmentScans.shipmentId, s.id), eq(shipmentScans.status, m.status)))
      .orderBy(desc(shipmentScans.at))
      .limit(1);
    const at = last?.at ?? deps.now();
    if (m.status === 'RPKD') {
      await deps.db
        .update(returns)
        .set({ pickedUpAt: at, ...(r.qc ? { qcResult: 'PASSED' } : {}) })
        .where(eq(returns.orderId, r.orderId));
      if (r.qc)
        await deps.db
          .update(returnQcChecks)
          .set({ result: 'PASSED', remark: 'Checked at the door', checkedAt: at })
          .where(and(eq(returnQcChecks.returnId, r.orderId), eq(returnQcChecks.result, 'PENDING')));
    } else if (m.status === 'RDLV') {
      await deps.db.update(returns).set({ deliveredAt: at }).where(eq(returns.orderId, r.orderId));
    } else {
      await pickupFailed(deps, s, r, at, last?.remark ?? '');
    }
  }
}

async function pickupFailed(
  deps: AppDeps,
  s: typeof shipments.$inferSelect,
  r: typeof returns.$inferSelect,
  at: Date,
  remark: string,
): Promise<void> {
  // the stored remark is "<reason code> · <the courier's words>"
  const [code, words] = remark.includes(' · ') ? remark.split(' · ', 2) : ['', remark];
  const kind = code.startsWith('QC-') ? (code.slice(3) as QcCheckKind) : null;
  const qcFailed = kind !== null && r.qc;
  const qcFee = qcFailed ? qcChargeOf(s.quoteSteps) : 0;
  await deps.db.transaction(async (tx) => {
    const [live] = await tx.select().from(shipments).where(eq(shipments.id, s.id)).for('update');
    if (qcFailed) {
      const reason = `${QC_CHECKS[kind] ?? kind}: ${words}`;
      await tx
        .update(returns)
        .set({ qcResult: 'FAILED', qcFailureReason: reason, qcFailedAt: at })
        .where(eq(returns.orderId, r.orderId));
      await tx
        .update(returnQcChecks)
        .set({ result: 'FAILED', remark: words, checkedAt: at })
        .where(and(eq(returnQcChecks.returnId, r.orderId), eq(returnQcChecks.kind, kind)));
    }
    if (live.state === 'BOOKED') {
      // the cover never began: it goes back with the freight
      const refund = Math.max(0, paidFor(live) - qcFee);
      await cancelBooked(
        tx,
        live.orgId,
        live,
        refund,
        qcFailed
          ? `return pickup ${live.awb} failed the quality check (the check's fee is kept)`
          : `return pickup ${live.awb} failed`,
        at,
      );
      await tx.insert(orderEvents).values({
        orderId: r.orderId,
        kind: 'NOTE',
        at,
        note: `Pickup failed (${words || 'no pickup'}); ${formatRupees(refund)} refunded to the wallet`,
      });
    }
  });
  // the courier's photos of the failed check are fetched from it by a job, not here
  if (qcFailed) await deps.jobs.send(QC_PHOTOS_QUEUE, { returnId: r.orderId, shipmentId: s.id });
}

/**
 * The job: the photos the courier took of a failed doorstep check, kept as the seller's images
 * on the return. A return that has its photos already is left as it is (a repeat stores none).
 */
export async function fetchQcPhotos(deps: AppDeps, job: { returnId: number; shipmentId: number }): Promise<number> {
  const { returnId } = job;
  const [row] = await deps.db
    .select({ s: shipments, r: returns })
    .from(returns)
    .innerJoin(shipments, eq(shipments.orderId, returns.orderId))
    .where(and(eq(returns.orderId, returnId), eq(shipments.id, job.shipmentId), eq(returns.qcResult, 'FAILED')));
  if (!row || row.r.qcFailurePhotoIds.length) return 0;
  const adapter = (await carrierNetwork(deps)).adapters.get(row.s.carrierCode);
  const photos = adapter ? await adapter.qcPhotos(row.s.awb) : [];
  if (!photos.length) return 0;
  const ids: string[] = [];
  for (const p of photos)
    ids.push(await storeImage(deps.db, { orgId: row.s.orgId, name: p.name, bytes: p.bytes, now: deps.now() }));
  await deps.db.execute(
    sql`update ${returns} set qc_failure_photo_ids = ${JSON.stringify(ids)}::jsonb
        where order_id = ${returnId} and qc_failure_photo_ids = '[]'::jsonb`,
  );
  return ids.length;
}

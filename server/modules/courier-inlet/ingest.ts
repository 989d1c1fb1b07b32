import { formatRupees } from '../../../src/domain/format';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx, Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import { unnestSelect } from '../../db/unnest';
import {
  courierUnknownCodes,
  ndrRecords,
  orderEvents,
  orderPackages,
  orders,
  shipments,
  shipmentScans,
  shippingPreferences,
} from '../../db/schema/index';
import { FORWARD_STATUSES, IN_FLIGHT, type ForwardStatus } from '../../../src/domain/order-status';
import { COURIER_STATUSES, type CourierStatus } from '../../../src/domain/shipping/courier-status';
import { mapCourierStatus, mapNdrReason } from '../../../src/domain/shipping/courier-codes';
import { GST_PERCENT } from '../../../src/domain/shipping/rates';
import type { NdrReason, RtoStage } from '../../../src/domain/ndr-contract';
import { ndrDeadline, type NdrNoAnswerAction } from '../../../src/domain/ndr-rules';
import { canMoveStatus } from '../../../src/domain/order-status';
import { orderStatusOfPackages, type PackageStatus } from '../../../src/domain/split-shipments';
import { afterReturnScans } from '../returns/reverse-scans';
import type { CourierScan } from '../../carriers/adapter';
import { moveMoneyMany, type Movement } from '../wallet/ledger';
import { notifyBuyers } from '../tracking/buyer-notifications';
import { queueDeliveryOtps } from '../shipping/delivery-otp';
import { trackingCache } from '../tracking/tracking-cache';
import { transitionOrders, type OrderMove } from '../order-status/status';
import { sendNdrOutreach } from '../ndr/outreach';
import { creditLateDeliveries } from '../shipping/delay-credit';
import { ndrNotifications, notify } from '../notices/notify';
import { ScanWindow, tally, type IngestResult, type ScanOutcome, type WrittenScans } from '../shipping/scan-window';

// How courier scans are written (every way in goes through courier-inlet/receive-scans.ts),
// set-based: a batch of scans is read through each courier's code table, stored once per (AWB,
// time, courier status) in one statement, and the orders they touch are locked once each and
// moved along the status table in one statement. A late or repeated scan only adds to the
// timeline: it never moves a parcel back. A failed attempt raises an NDR record and reaches the
// buyer; a return to origin charges the RTO fee once and gives the COD fee back once. A code no
// table knows is kept and counted for staff. Small calls (a webhook's scan) share a write with the
// calls beside them (scan-window.ts); a large call goes in parts of whole parcels, two written at
// once on two connections: each parcel's life is in one part, and the rows two parts can share (a
// split order, a seller's wallet, an unknown code) are locked in one order, so they wait, never
// deadlock. A parcel is judged as it is once its order is locked, so a write beside another on
// the same parcel sees what the first one did. Nothing here calls a courier: what a scan makes
// us fetch from one (an OTP, QC photos) is queued as a job.

export type { IngestResult } from '../shipping/scan-window';

type Shipment = typeof shipments.$inferSelect;
type Order = typeof orders.$inferSelect;
type Package = typeof orderPackages.$inferSelect;

/** scans in one transaction at most */
const BATCH = 4000;
/** a call with fewer scans goes through the window and may share a transaction with others */
const SHARED_BELOW = 1000;
/** a large call's parts written at once: one a connection, the process building the next meanwhile */
const WRITERS = 2;
const RTO_STAGE_ORDER: RtoStage[] = ['INITIATED', 'IN_TRANSIT', 'UNDELIVERED', 'HELD', 'DELIVERED'];
const RTO_STAGE_OF: Partial<Record<CourierStatus, RtoStage>> = {
  RTO_INITIATED: 'INITIATED',
  RTO_IN_TRANSIT: 'IN_TRANSIT',
  RTO_UNDELIVERED: 'UNDELIVERED',
  RTO_HELD: 'HELD',
  RTO_DELIVERED: 'DELIVERED',
};

interface Unknown {
  carrierCode: string;
  kind: 'STATUS' | 'NDR_REASON';
  code: string;
  awb: string;
  text: string;
  at: Date;
}

const windows = new WeakMap<object, ScanWindow>();

/** The process's window for small calls (one per app: tests run many apps in one process). */
export function scanWindow(deps: AppDeps): ScanWindow {
  let w = windows.get(deps);
  if (!w) windows.set(deps, (w = new ScanWindow((scans) => writeScans(deps, scans), BATCH)));
  return w;
}

export async function ingestScans(deps: AppDeps, scans: CourierScan[]): Promise<IngestResult> {
  if (!scans.length) return tally([]);
  // a webhook's scan or a few: written together with the calls that arrive beside it
  if (scans.length < SHARED_BELOW) return scanWindow(deps).ingest(scans);
  // a large push: parts of whole parcels, WRITERS of them at once, so the database works on one
  // part while this process reads and builds the next
  const parts = batchesByParcel(scans, Math.min(BATCH, Math.ceil(scans.length / WRITERS)));
  const outcomes: ScanOutcome[] = [];
  let next = 0;
  const writer = async () => {
    while (next < parts.length) {
      const written = await writeScans(deps, parts[next++]);
      await written.afterCommit();
      outcomes.push(...written.outcomes);
    }
  };
  await Promise.all(Array.from({ length: Math.min(WRITERS, parts.length) }, writer));
  return tally(outcomes);
}

const byTime = (a: CourierScan, b: CourierScan) => a.at.getTime() - b.at.getTime();

/**
 * A large call's scans in batches of whole parcels, each batch in time order: a parcel's life in
 * one call is written in one transaction and its order moves once, not once a batch.
 */
function batchesByParcel(scans: CourierScan[], limit: number): CourierScan[][] {
  const perAwb = new Map<string, number>();
  for (const s of scans) perAwb.set(s.awb, (perAwb.get(s.awb) ?? 0) + 1);
  const batchOf = new Map<string, number>();
  const sizes = [0];
  for (const [awb, n] of perAwb) {
    if (sizes[sizes.length - 1] > 0 && sizes[sizes.length - 1] + n > limit) sizes.push(0);
    sizes[sizes.length - 1] += n;
    batchOf.set(awb, sizes.length - 1);
  }
  const batches: CourierScan[][] = sizes.map(() => []);
  for (const s of scans) batches[batchOf.get(s.awb)!].push(s);
  return batches.map((b) => b.sort(byTime));
}

/** One batch in one transaction; each scan's outcome in the order given, and what follows the commit. */
async function writeScans(deps: AppDeps, given: CourierScan[]): Promise<WrittenScans> {
  const now = deps.now();
  // in time order, each remembering its place in the call
  const order = given.map((_, i) => i).sort((a, b) => byTime(given[a], given[b]));
  const scans = order.map((i) => given[i]);
  const outcomes: ScanOutcome[] = new Array(given.length);
  const moved: { shipmentId: number; status: string }[] = [];
  const raised: number[] = [];
  const touched = new Set<number>();
  await deps.db.transaction(async (tx) => {
    const awbs = [...new Set(scans.map((s) => s.awb))];
    const ships = await tx
      .select()
      .from(shipments)
      .where(and(sql`${shipments.awb} = any(${sql.param(awbs)}::text[])`, eq(shipments.state, 'BOOKED')));
    const byAwb = new Map(ships.map((s) => [s.awb, s]));
    const unknown: Unknown[] = [];
    const rows: (typeof shipmentScans.$inferInsert)[] = [];
    scans.forEach((scan, k) => {
      const found = byAwb.get(scan.awb);
      // a courier speaks only for the parcels booked with it
      if (scan.reportedBy && found?.carrierCode !== scan.reportedBy) {
        outcomes[order[k]] = { kind: 'ignored', moved: false };
        return;
      }
      const s = found;
      const ours = s
        ? mapCourierStatus(s.carrierCode, scan.courierStatus)
        : (scan.courierStatus as CourierStatus) in COURIER_STATUSES
          ? (scan.courierStatus as CourierStatus)
          : undefined;
      if (!ours || !s) {
        outcomes[order[k]] = { kind: 'unknown', moved: false };
        if (s)
          unknown.push({
            carrierCode: s.carrierCode,
            kind: 'STATUS',
            code: scan.courierStatus,
            awb: s.awb,
            text: scan.remark,
            at: scan.at,
          });
        // an unknown status is kept on the timeline (no status of ours); an unknown AWB has no shipment
        if (!s) return;
      }
      rows.push({
        shipmentId: s.id,
        awb: scan.awb,
        at: scan.at,
        courierStatus: scan.courierStatus,
        status: ours ? COURIER_STATUSES[ours] : '',
        location: scan.location,
        remark: scan.reasonCode ? `${scan.reasonCode} · ${scan.remark}` : scan.remark,
      });
    });
    const inserted = rows.length
      ? await queryRows<{ awb: string; at: string | Date; cs: string }>(
          tx,
          sql`insert into ${shipmentScans} (shipment_id, awb, at, courier_status, status, location, remark)
              ${unnestSelect([
                [rows.map((r) => r.shipmentId), 'int'],
                [rows.map((r) => r.awb), 'text'],
                [rows.map((r) => r.at), 'timestamptz'],
                [rows.map((r) => r.courierStatus), 'text'],
                [rows.map((r) => r.status), 'text'],
                [rows.map((r) => r.location), 'text'],
                [rows.map((r) => r.remark), 'text'],
              ])}
              on conflict do nothing returning awb, at, courier_status as cs`,
        )
      : [];

    const key = (awb: string, at: Date, cs: string) => `${awb}|${at.getTime()}|${cs}`;
    const fresh = new Set(inserted.map((r) => key(r.awb, new Date(r.at), r.cs)));
    const newScans: NewScan[] = [];
    scans.forEach((scan, k) => {
      const s = byAwb.get(scan.awb);
      const i = order[k];
      if (!s || outcomes[i]?.kind === 'ignored') return;
      const ours = mapCourierStatus(s.carrierCode, scan.courierStatus);
      const ck = key(scan.awb, scan.at, scan.courierStatus);
      // the first of the same scans in one batch is the one kept (concurrent repeats act once)
      if (!fresh.has(ck)) {
        if (ours) outcomes[i] = { kind: 'duplicate', moved: false };
        return;
      }
      fresh.delete(ck);
      if (!ours) return;
      outcomes[i] = { kind: 'recorded', moved: false };
      newScans.push({ scan, s, ours, outcome: outcomes[i] });
    });
    if (newScans.length) {
      const orderIds = [...new Set(newScans.map((n) => n.s.orderId))].sort((a, b) => a - b);
      // one lock per order, always in id order
      const locked = await tx
        .select()
        .from(orders)
        .where(sql`${orders.id} = any(${sql.param(orderIds)}::int[])`)
        .orderBy(orders.id)
        .for('update');
      const orderById = new Map(locked.map((o) => [o.id, o]));
      for (const id of orderIds) touched.add(id);
      // the parcels as they are now: a write that held these orders before us (a webhook beside a
      // large push) has committed what it did to them, and a late scan or an attempt's number is
      // judged against that, not against what was read before the lock
      const shipmentIds = [...new Set(newScans.map((n) => n.s.id))];
      const current = new Map(
        (
          await tx
            .select()
            .from(shipments)
            .where(sql`${shipments.id} = any(${sql.param(shipmentIds)}::int[])`)
        ).map((x) => [x.id, x]),
      );
      for (const n of newScans) n.s = current.get(n.s.id) ?? n.s;
      const packages = await packagesOfSplitOrders(tx, locked);
      await applyScans(tx, newScans, orderById, packages, now, moved, raised, unknown);
    }
    await recordUnknown(tx, unknown);
  });

  return {
    outcomes,
    afterCommit: async () => {
      // every process forgets the touched orders' tracking answers, in one message
      trackingCache(deps).forgetOrders([...touched]);
      // the buyer hears of the moves once they are committed
      await notifyBuyers(deps, moved);
      // a hyperlocal rider on the way: the buyer's delivery OTP, asked of the partner by a job
      await queueDeliveryOtps(deps, moved);
      await sendNdrOutreach(deps, raised);
      // a return's pickup: the doorstep check's outcome, a failed pickup's refund
      await afterReturnScans(deps, moved);
    },
  };
}

interface NewScan {
  scan: CourierScan;
  s: Shipment;
  ours: CourierStatus;
  /** the scan's outcome in the caller's answer (moved is set when it moves its parcel) */
  outcome: ScanOutcome;
}

interface ShipmentChange {
  deliveredAt?: Date;
  ndrAttempts?: number;
  rtoStage?: RtoStage;
  rtoAttempts?: number;
  rtoInitiatedAt?: Date;
  rtoDeliveredAt?: Date;
  lastScanAt?: Date;
}

/** The packages of the orders split by item among `locked` (each package has its own shipment and status). */
async function packagesOfSplitOrders(tx: Tx, locked: Order[]): Promise<Map<number, Package[]>> {
  const ids = locked.filter((o) => o.splitMode === 'BY_ITEM').map((o) => o.id);
  const byOrder = new Map<number, Package[]>();
  if (!ids.length) return byOrder;
  const rows = await tx
    .select()
    .from(orderPackages)
    .where(sql`${orderPackages.orderId} = any(${sql.param(ids)}::int[])`)
    .orderBy(orderPackages.orderId, orderPackages.packageNo);
  for (const p of rows) byOrder.set(p.orderId, [...(byOrder.get(p.orderId) ?? []), p]);
  return byOrder;
}

async function applyScans(
  tx: Tx,
  newScans: NewScan[],
  orderById: Map<number, Order>,
  packagesByOrder: Map<number, Package[]>,
  now: Date,
  moved: { shipmentId: number; status: string }[],
  raised: number[],
  unknown: Unknown[],
): Promise<void> {
  const moves: OrderMove[] = [];
  const status = new Map<number, ForwardStatus>();
  // a split order's packages move on their own; the order follows all of them (orderStatusOfPackages)
  const packageStatus = new Map<number, PackageStatus>();
  const changes = new Map<number, ShipmentChange & { s: Shipment }>();
  const ndrRaise: (typeof ndrRecords.$inferInsert)[] = [];
  const ndrClose = new Map<number, { to: 'DELIVERED' | 'RTO'; at: Date }>();
  const rtoCharges: { s: Shipment; o: Order; at: Date }[] = [];
  const delivered: { s: Shipment; at: Date }[] = [];
  for (const { scan, s, ours, outcome } of newScans) {
    const o = orderById.get(s.orderId)!;
    const c = changes.get(s.id) ?? { s };
    changes.set(s.id, c);
    const last = c.lastScanAt ?? s.lastScanAt;
    const late = last !== null && scan.at.getTime() < last.getTime();
    if (!late) c.lastScanAt = scan.at;
    const to = COURIER_STATUSES[ours] as ForwardStatus;
    const packages = s.packageId !== null ? packagesByOrder.get(o.id) : undefined;
    const pkg = packages?.find((p) => p.id === s.packageId);
    const orderFrom = status.get(o.id) ?? (o.status as ForwardStatus);
    const from = pkg ? (packageStatus.get(pkg.id) ?? (pkg.status as PackageStatus)) : orderFrom;
    // the way back has stages of its own within RTO In Transit; each only moves forward
    const stage = RTO_STAGE_OF[ours];
    if (stage) {
      const before = c.rtoStage ?? (s.rtoStage as RtoStage | null);
      if (!late && (before === null || RTO_STAGE_ORDER.indexOf(stage) >= RTO_STAGE_ORDER.indexOf(before))) {
        c.rtoStage = stage;
        if (stage === 'UNDELIVERED') c.rtoAttempts = (c.rtoAttempts ?? s.rtoAttempts) + 1;
        if (stage === 'INITIATED' && !s.rtoInitiatedAt) c.rtoInitiatedAt = scan.at;
        if (stage === 'DELIVERED') c.rtoDeliveredAt = scan.at;
      }
    }
    // a late scan (older than the latest applied) never moves the parcel back
    if (late || from === to || !canMoveStatus(from, to)) continue;
    let orderTo = to;
    if (pkg && packages) {
      packageStatus.set(pkg.id, to as PackageStatus);
      orderTo = orderStatusOfPackages(packages.map((p) => packageStatus.get(p.id) ?? (p.status as PackageStatus)));
    }
    if (orderTo !== orderFrom) {
      const words = [scan.remark, scan.location].filter(Boolean).join(' · ');
      moves.push({
        order: o,
        to: orderTo,
        at: scan.at,
        note: pkg ? `Package ${pkg.packageNo} (AWB ${s.awb}): ${words}` : words,
        location: scan.location || null,
        remark: scan.remark || null,
        inTransitStatus: IN_FLIGHT.includes(orderTo) ? scan.courierStatus : null,
        ...(orderTo === 'RTO_INT' ? { rtoAt: scan.at } : {}),
      });
      status.set(o.id, orderTo);
    }
    outcome.moved = true;
    moved.push({ shipmentId: s.id, status: to });
    if ((to as string) === 'RDLV') {
      c.deliveredAt = scan.at;
      // a return back with the seller: its delay protection is weighed as a delivery's
      delivered.push({ s, at: scan.at });
    }
    if (to === 'DLV') {
      c.deliveredAt = scan.at;
      ndrClose.set(s.id, { to: 'DELIVERED', at: scan.at });
      delivered.push({ s, at: scan.at });
    }
    if (to === 'NDR') {
      const attempt = (c.ndrAttempts ?? s.ndrAttempts) + 1;
      c.ndrAttempts = attempt;
      const code = scan.reasonCode ?? '';
      const mapped = code ? mapNdrReason(s.carrierCode, code) : undefined;
      if (!mapped)
        unknown.push({
          carrierCode: s.carrierCode,
          kind: 'NDR_REASON',
          code: code || '(none)',
          awb: s.awb,
          text: scan.remark,
          at: scan.at,
        });
      ndrRaise.push({
        orgId: s.orgId,
        shipmentId: s.id,
        orderId: o.id,
        carrierCode: s.carrierCode,
        awb: s.awb,
        attempt,
        courierReasonCode: code,
        courierReasonText: scan.remark,
        reason: (mapped?.reason ?? 'OTHER') satisfies NdrReason,
        raisedAt: scan.at,
        deadlineAt: ndrDeadline(scan.at),
        paymentMethod: o.paymentMethod,
        updatedAt: now,
      });
    }
    if (to === 'RTO_INT') {
      if (!c.rtoStage) c.rtoStage = 'INITIATED';
      if (!s.rtoInitiatedAt && !c.rtoInitiatedAt) c.rtoInitiatedAt = scan.at;
      ndrClose.set(s.id, { to: 'RTO', at: scan.at });
      rtoCharges.push({ s, o, at: scan.at });
    }
  }
  await transitionOrders(tx, moves, now);
  await updateShipments(tx, [...changes.values()]);
  await updatePackages(tx, packageStatus);
  // a parcel's open NDR closes when it is delivered or goes back; a new failure supersedes it
  const superseded = [...new Set(ndrRaise.map((r) => r.shipmentId))];
  if (superseded.length)
    await tx
      .update(ndrRecords)
      .set({ status: 'SUPERSEDED', closedAt: now, updatedAt: now })
      .where(
        and(
          sql`${ndrRecords.shipmentId} = any(${sql.param(superseded)}::int[])`,
          inArray(ndrRecords.status, ['ACTION_REQUIRED', 'ACTION_TAKEN']),
        ),
      );
  if (ndrRaise.length) {
    const ids = (
      await queryRows<{ id: number; orgId: number; awb: string; attempt: number; deadlineAt: string | Date }>(
        tx,
        sql`insert into ${ndrRecords} (org_id, shipment_id, order_id, carrier_code, awb, attempt, courier_reason_code,
              courier_reason_text, reason, raised_at, deadline_at, payment_method, updated_at)
            ${unnestSelect([
              [ndrRaise.map((r) => r.orgId), 'int'],
              [ndrRaise.map((r) => r.shipmentId), 'int'],
              [ndrRaise.map((r) => r.orderId), 'int'],
              [ndrRaise.map((r) => r.carrierCode), 'text'],
              [ndrRaise.map((r) => r.awb), 'text'],
              [ndrRaise.map((r) => r.attempt), 'int'],
              [ndrRaise.map((r) => r.courierReasonCode), 'text'],
              [ndrRaise.map((r) => r.courierReasonText), 'text'],
              [ndrRaise.map((r) => r.reason), 'text'],
              [ndrRaise.map((r) => r.raisedAt), 'timestamptz'],
              [ndrRaise.map((r) => r.deadlineAt), 'timestamptz'],
              [ndrRaise.map((r) => r.paymentMethod), 'text'],
              [ndrRaise.map((r) => r.updatedAt), 'timestamptz'],
            ])}
            on conflict do nothing
            returning id, org_id as "orgId", awb, attempt, deadline_at as "deadlineAt"`,
      )
    ).map((r) => ({ ...r, deadlineAt: new Date(r.deadlineAt) }));
    raised.push(...ids.map((r) => r.id));
    // the team's bell, in the same transaction as the NDR, stating each seller's no-answer rule
    const orgIds = [...new Set(ids.map((r) => r.orgId))];
    const settings = orgIds.length
      ? await tx
          .select({ orgId: shippingPreferences.orgId, a: shippingPreferences.ndrAutoAction })
          .from(shippingPreferences)
          .where(inArray(shippingPreferences.orgId, orgIds))
      : [];
    await notify(tx, ndrNotifications(ids, new Map(settings.map((p) => [p.orgId, p.a as NdrNoAnswerAction]))), now);
  }
  for (const to of ['DELIVERED', 'RTO'] as const) {
    const ids = [...ndrClose].filter(([, v]) => v.to === to).map(([id]) => id);
    if (!ids.length) continue;
    await tx
      .update(ndrRecords)
      .set({ status: to, closedAt: now, updatedAt: now })
      .where(
        and(
          sql`${ndrRecords.shipmentId} = any(${sql.param(ids)}::int[])`,
          inArray(ndrRecords.status, ['ACTION_REQUIRED', 'ACTION_TAKEN']),
        ),
      );
  }

  await chargeReturns(tx, rtoCharges);
  // a protected parcel delivered late: its freight back, once per shipment
  await creditLateDeliveries(tx, delivered, now);
}

async function updateShipments(tx: Tx, list: (ShipmentChange & { s: Shipment })[]): Promise<void> {
  const rows = list.filter((c) => Object.keys(c).length > 1);
  if (!rows.length) return;
  await tx.execute(sql`
    update ${shipments} as s set
      delivered_at = coalesce(v.delivered_at, s.delivered_at),
      ndr_attempts = coalesce(v.ndr_attempts, s.ndr_attempts),
      rto_stage = coalesce(v.rto_stage, s.rto_stage),
      rto_attempts = coalesce(v.rto_attempts, s.rto_attempts),
      rto_initiated_at = coalesce(s.rto_initiated_at, v.rto_initiated_at),
      rto_delivered_at = coalesce(v.rto_delivered_at, s.rto_delivered_at),
      last_scan_at = greatest(s.last_scan_at, v.last_scan_at)
    from (${unnestSelect([
      [rows.map((c) => c.s.id), 'int'],
      [rows.map((c) => c.deliveredAt ?? null), 'timestamptz'],
      [rows.map((c) => c.ndrAttempts ?? null), 'int'],
      [rows.map((c) => c.rtoStage ?? null), 'text'],
      [rows.map((c) => c.rtoAttempts ?? null), 'int'],
      [rows.map((c) => c.rtoInitiatedAt ?? null), 'timestamptz'],
      [rows.map((c) => c.rtoDeliveredAt ?? null), 'timestamptz'],
      [rows.map((c) => c.lastScanAt ?? null), 'timestamptz'],
    ])}) as v(id, delivered_at, ndr_attempts, rto_stage, rto_attempts, rto_initiated_at, rto_delivered_at, last_scan_at)
    where s.id = v.id`);
}

async function updatePackages(tx: Tx, statuses: Map<number, PackageStatus>): Promise<void> {
  if (!statuses.size) return;
  const rows = [...statuses];
  await tx.execute(sql`
    update ${orderPackages} as p set status = v.status
    from (${unnestSelect([
      [rows.map(([id]) => id), 'int'],
      [rows.map(([, st]) => st), 'text'],
    ])}) as v(id, status)
    where p.id = v.id`);
}

/** The RTO fee, once per shipment; and the COD fee back, once: no cash was collected. All in one batch. */
async function chargeReturns(tx: Tx, list: { s: Shipment; o: Order; at: Date }[]): Promise<void> {
  if (!list.length) return;
  const gst = (paise: number) => Math.round((paise * GST_PERCENT) / 100);
  const moves: (Movement & { order: Order })[] = [];
  for (const { s, o, at } of list) {
    if (s.codChargePaise > 0)
      moves.push({
        order: o,
        orgId: s.orgId,
        kind: 'SHIPMENT_REFUND',
        amountPaise: s.codChargePaise + gst(s.codChargePaise),
        externalKey: `shipment:${s.awb}:cod-refund`,
        reference: s.awb,
        description: 'COD fee refunded: the parcel is returning to origin',
        at,
      });
    if (s.rtoChargePaise > 0)
      moves.push({
        order: o,
        orgId: s.orgId,
        kind: 'RTO_CHARGE',
        amountPaise: s.rtoChargePaise + gst(s.rtoChargePaise),
        externalKey: `shipment:${s.awb}:rto`,
        reference: s.awb,
        description: `Return to origin (${FORWARD_STATUSES.RTO_INT})`,
        at,
      });
  }
  const outcomes = await moveMoneyMany(tx, moves);
  // a refund cannot be refused; if one failed, something is wrong and the batch must not commit
  const broken = outcomes.find((r, i) => !r.ok && moves[i].kind !== 'RTO_CHARGE');
  if (broken && !broken.ok) throw broken.error;
  const unpaid = moves.flatMap((m, i) => {
    const r = outcomes[i];
    return r.ok ? [] : [{ m, message: r.error instanceof Error ? r.error.message : String(r.error) }];
  });
  // a charge the wallet cannot cover now: the order says so, and staff settle it by adjustment
  if (unpaid.length)
    await tx.insert(orderEvents).values(
      unpaid.map(({ m, message }) => ({
        orderId: m.order.id,
        kind: 'NOTE',
        at: m.at,
        note: `RTO charge of ${formatRupees(m.amountPaise)} is due: ${message}`,
      })),
    );
}

async function recordUnknown(tx: Executor, list: Unknown[]): Promise<void> {
  const agg = new Map<string, Unknown & { count: number; first: Date }>();
  for (const u of list) {
    const k = `${u.carrierCode}|${u.kind}|${u.code}`;
    const a = agg.get(k);
    if (a) {
      a.count++;
      if (u.at < a.first) a.first = u.at;
      if (u.at > a.at) a.at = u.at;
    } else agg.set(k, { ...u, count: 1, first: u.at });
  }
  // in one order of keys in every transaction: parts of a push written at once never deadlock here
  for (const [, a] of [...agg].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
    await tx
      .insert(courierUnknownCodes)
      .values({
        carrierCode: a.carrierCode,
        kind: a.kind,
        code: a.code.slice(0, 100),
        count: a.count,
        firstSeenAt: a.first,
        lastSeenAt: a.at,
        sampleAwb: a.awb,
        sampleText: a.text.slice(0, 200),
      })
      .onConflictDoUpdate({
        target: [courierUnknownCodes.carrierCode, courierUnknownCodes.kind, courierUnknownCodes.code],
        set: {
          count: sql`${courierUnknownCodes.count} + ${a.count}`,
          lastSeenAt: sql`greatest(${courierUnknownCodes.lastSeenAt}, ${a.at.toISOString()}::timestamptz)`,
          sampleAwb: a.awb,
          sampleText: a.text.slice(0, 200),
        },
      });
  }
}

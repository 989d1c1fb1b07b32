import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { deliveryDisputes, orderPackages, orders, organisations, shipments, shipmentScans } from '../../db/schema';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import { isUniqueViolation } from '../../db/unique-violation';
import { carrierNetwork } from '../../carriers/registry';
import { moveMoney } from '../wallet/ledger';
import { ownEvidence } from './evidence';
import {
  disputeCategoryText,
  DISPUTE_FORM_TEXT,
  DISPUTE_RULES,
  DISPUTE_STATUS_LABELS,
  DISPUTE_STATUSES,
  disputeDeadline,
  evidenceRequired,
  maxDisputeCredit,
  type DisputeCategory,
  type DisputeCounts,
  type DisputeEligibility,
  type DisputeEvidence,
  type DisputeRow,
  type DisputeStatus,
  type SellerDisputeList,
  type StaffDisputeList,
} from '../../../src/domain/disputes-contract';
import type { RaiseDisputeInput } from '../../../src/domain/schemas/disputes';
import { carrierName } from '../../../src/domain/shipping/carriers';
import { GST_PERCENT } from '../../../src/domain/shipping/rates';
import { formatDateTime, formatRupees } from '../../../src/domain/format';
import { EMAILED_FILE_LINK_SECONDS, fileLinks, relinked, type FileLinks } from '../files/links';
import { ownOrder } from '../order-lookup/own-order';
import { INSURED_LOSS_STATUSES, isInsuranceClaim } from '../../../src/domain/shipping/cover';

// Delivery disputes. The seller raises one within the window after the parcel was delivered (or
// came back to them); staff send it to the courier through the carrier adapter, then accept it,
// crediting the wallet once per shipment through the ledger, or reject it with a note. An insured
// parcel's claim (lost, or arrived damaged or empty) runs the same way, may also be raised when the
// courier reports it lost or damaged, and pays out from the insurance, at most the declared value.

const DISPUTABLE = ['DLV', 'RTO_DLV'] as const;
const OPEN_STATUSES: DisputeStatus[] = ['OPEN', 'WITH_COURIER'];

export const DISPUTE_TEXT = {
  notDelivered: 'Only a delivered or RTO delivered shipment can be disputed',
  noShipment: 'This order has not been shipped',
  windowClosed: (deadline: Date) =>
    `Disputes can be raised within ${DISPUTE_RULES.windowDays} days of delivery; this one closed on ${formatDateTime(deadline)} IST`,
  alreadyOpen: 'A dispute is already open for this shipment',
  alreadyAccepted: 'A dispute for this shipment was accepted already',
  evidenceNeeded: DISPUTE_FORM_TEXT.evidenceNeeded,
  evidenceUnknown: 'Evidence: an image was not found; upload it again',
  notOpen: (status: DisputeStatus) => `This dispute is ${DISPUTE_STATUS_LABELS[status].toLowerCase()} already`,
  notWithCourier: 'Send the dispute to the courier before accepting it',
  overBound: (max: number) =>
    `Amount must be at most ${formatRupees(max)} (the order value and the shipment's charges)`,
  overInsured: (max: number) => `Amount must be at most ${formatRupees(max)} (the insured declared value)`,
  lossCategory: 'Category: a lost or damaged insured parcel is claimed as Not received, Empty box or Damaged box',
  noPackage: (no: number) => `Package: this order has no package ${no} shipped on its own`,
} as const;

interface Delivery {
  order: typeof orders.$inferSelect;
  shipment: typeof shipments.$inferSelect;
  /** where the disputed parcel stands: the order's status, or a package's own when one is named */
  status: string;
  deliveredAt: Date;
  maxCreditPaise: number;
}

/** A package of an order split by item, shipped on its own: its id and its own status. */
async function namedPackage(db: Executor, order: typeof orders.$inferSelect, packageNo: number) {
  const [p] =
    order.splitMode === 'BY_ITEM'
      ? await db
          .select({ id: orderPackages.id, status: orderPackages.status })
          .from(orderPackages)
          .where(and(eq(orderPackages.orderId, order.id), eq(orderPackages.packageNo, packageNo)))
      : [];
  if (!p) throw badRequest(DISPUTE_TEXT.noPackage(packageNo));
  return p;
}

/**
 * The order's shipment (or, on an order split by item, the named package's) and when it was
 * delivered (or returned), from its tracking scans; 404 for another seller's order.
 */
async function deliveryOf(
  db: Executor,
  orgId: number,
  orderId: number,
  packageNo: number | null = null,
): Promise<Delivery> {
  const order = await ownOrder(db, orgId, orderId, { missing: 'Order not found' });
  const pkg = packageNo === null ? null : await namedPackage(db, order, packageNo);
  const [shipment] = await db
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.orderId, orderId),
        eq(shipments.state, 'BOOKED'),
        pkg ? eq(shipments.packageId, pkg.id) : undefined,
      ),
    );
  if (!shipment) throw new ApiError(422, DISPUTE_TEXT.noShipment);
  const status = pkg?.status ?? order.status;
  // an insured parcel the courier lost or damaged is claimed as well
  const lossClaim = shipment.insuredValuePaise > 0 && (INSURED_LOSS_STATUSES as readonly string[]).includes(status);
  if (!(DISPUTABLE as readonly string[]).includes(status) && !lossClaim)
    throw new ApiError(422, DISPUTE_TEXT.notDelivered);
  // the first scan that reported the delivery (a courier repeating it later does not move the window)
  const [scan] = await db
    .select({ at: sql<Date>`min(${shipmentScans.at})`.mapWith(shipmentScans.at) })
    .from(shipmentScans)
    .where(and(eq(shipmentScans.shipmentId, shipment.id), eq(shipmentScans.status, status)));
  const deliveredAt = scan?.at ?? (status === 'DLV' ? shipment.deliveredAt : null);
  if (!deliveredAt) throw new ApiError(422, DISPUTE_TEXT.notDelivered);
  return {
    order,
    shipment,
    status,
    deliveredAt,
    maxCreditPaise: maxDisputeCredit({
      orderTotalPaise: order.totalPaise,
      shipmentTotalPaise: shipment.totalPaise,
      rtoChargePaise: shipment.rtoChargePaise,
      returned: status === 'RTO_DLV',
      gstPercent: GST_PERCENT,
    }),
  };
}

const rowColumns = {
  d: deliveryDisputes,
  orderNumber: orders.orderNumber,
  companyName: organisations.companyName,
};
type JoinedRow = { d: typeof deliveryDisputes.$inferSelect; orderNumber: string; companyName: string };

function toRow(r: JoinedRow, links: FileLinks, staff = false): DisputeRow {
  const d = r.d;
  return {
    disputeId: d.id,
    orderId: d.orderId,
    orderNumber: r.orderNumber,
    awb: d.awb,
    carrierCode: d.carrierCode,
    carrierName: carrierName(d.carrierCode),
    deliveryStatus: d.deliveryStatus,
    deliveredAt: d.deliveredAt.toISOString(),
    category: d.category as DisputeCategory,
    categoryText: disputeCategoryText(d.category as DisputeCategory, d.deliveryStatus),
    description: d.description,
    // stored with its file ids; each answer links the images afresh
    evidence: d.evidence.map((e) => relinked(links, e)),
    status: d.status as DisputeStatus,
    statusText: DISPUTE_STATUS_LABELS[d.status as DisputeStatus] ?? d.status,
    maxCreditPaise: d.maxCreditPaise,
    raisedAt: d.raisedAt.toISOString(),
    courierClaimRef: d.courierClaimRef,
    sentToCourierAt: d.sentToCourierAt?.toISOString() ?? null,
    creditedPaise: d.creditedPaise,
    staffNote: d.staffNote,
    resolvedAt: d.resolvedAt?.toISOString() ?? null,
    ...(staff ? { companyName: r.companyName } : {}),
  };
}

function joined(db: Executor) {
  return db
    .select(rowColumns)
    .from(deliveryDisputes)
    .innerJoin(orders, eq(orders.id, deliveryDisputes.orderId))
    .innerJoin(organisations, eq(organisations.id, deliveryDisputes.orgId));
}

async function oneRow(deps: AppDeps, id: number, orgId: number | null, staff = false): Promise<DisputeRow> {
  const where =
    orgId === null ? eq(deliveryDisputes.id, id) : and(eq(deliveryDisputes.id, id), eq(deliveryDisputes.orgId, orgId));
  const [r] = await joined(deps.db).where(where);
  if (!r) throw notFound('Dispute not found');
  return toRow(r, fileLinks(deps), staff);
}

// ---- seller

export async function eligibility(deps: AppDeps, orgId: number, orderId: number): Promise<DisputeEligibility> {
  await ownOrder(deps.db, orgId, orderId, { missing: 'Order not found' });
  const [latest] = await joined(deps.db)
    .where(and(eq(deliveryDisputes.orderId, orderId), eq(deliveryDisputes.orgId, orgId)))
    .orderBy(desc(deliveryDisputes.id))
    .limit(1);
  const dispute = latest ? toRow(latest, fileLinks(deps)) : null;
  const none = { awb: null, deliveryStatus: null, deliveredAt: null, deadline: null, maxCreditPaise: null };
  let delivery: Delivery;
  try {
    delivery = await deliveryOf(deps.db, orgId, orderId);
  } catch (e) {
    if (e instanceof ApiError && e.status === 422) return { eligible: false, reason: e.message, ...none, dispute };
    throw e;
  }
  const deadline = disputeDeadline(delivery.deliveredAt);
  let reason: string | null = null;
  if (dispute && OPEN_STATUSES.includes(dispute.status)) reason = DISPUTE_TEXT.alreadyOpen;
  else if (dispute?.status === 'ACCEPTED') reason = DISPUTE_TEXT.alreadyAccepted;
  else if (deps.now() > deadline) reason = DISPUTE_TEXT.windowClosed(deadline);
  return {
    eligible: reason === null,
    reason,
    awb: delivery.shipment.awb,
    deliveryStatus: delivery.status,
    deliveredAt: delivery.deliveredAt.toISOString(),
    deadline: deadline.toISOString(),
    maxCreditPaise: delivery.maxCreditPaise,
    dispute,
  };
}

export async function raiseDispute(
  deps: AppDeps,
  caller: { orgId: number; accountId: number },
  input: RaiseDisputeInput,
): Promise<DisputeRow> {
  const ids = [...new Set(input.evidence)];
  if (ids.length === 0 && evidenceRequired(input.category)) throw badRequest(DISPUTE_TEXT.evidenceNeeded);
  const id = await deps.db.transaction(async (tx) => {
    const delivery = await deliveryOf(tx, caller.orgId, input.orderId, input.packageNo);
    const insured = isInsuranceClaim(delivery.shipment.insuredValuePaise, input.category);
    if (!insured && (INSURED_LOSS_STATUSES as readonly string[]).includes(delivery.status))
      throw badRequest(DISPUTE_TEXT.lossCategory);
    const deadline = disputeDeadline(delivery.deliveredAt);
    if (deps.now() > deadline) throw new ApiError(422, DISPUTE_TEXT.windowClosed(deadline));
    const [accepted] = await tx
      .select({ id: deliveryDisputes.id })
      .from(deliveryDisputes)
      .where(and(eq(deliveryDisputes.shipmentId, delivery.shipment.id), eq(deliveryDisputes.status, 'ACCEPTED')));
    if (accepted) throw conflict(DISPUTE_TEXT.alreadyAccepted);
    // only this seller's own uploads may be attached
    const evidence: DisputeEvidence[] = await ownEvidence(tx, caller.orgId, ids, DISPUTE_TEXT.evidenceUnknown);
    try {
      // a savepoint: a concurrent raise losing the unique index answers 409, not a broken transaction
      return await tx.transaction(async (sp) => {
        const [row] = await sp
          .insert(deliveryDisputes)
          .values({
            orgId: caller.orgId,
            shipmentId: delivery.shipment.id,
            orderId: delivery.order.id,
            awb: delivery.shipment.awb,
            carrierCode: delivery.shipment.carrierCode,
            deliveryStatus: delivery.status,
            deliveredAt: delivery.deliveredAt,
            category: input.category,
            description: input.description,
            evidence,
            // an insurance claim pays at most the declared value insured
            maxCreditPaise: insured ? delivery.shipment.insuredValuePaise : delivery.maxCreditPaise,
            raisedBy: caller.accountId,
            raisedAt: deps.now(),
          })
          .returning({ id: deliveryDisputes.id });
        return row.id;
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(DISPUTE_TEXT.alreadyOpen);
      throw e;
    }
  });
  return oneRow(deps, id, caller.orgId);
}

export const sellerDispute = (deps: AppDeps, orgId: number, id: number) => oneRow(deps, id, orgId);

// ---- staff

export interface DisputeListQuery {
  status?: DisputeStatus;
  category?: DisputeCategory;
  searchPattern?: string;
  pageNumber: number;
  recordsPerPage: number;
}

/** A page of disputes, newest first; the counts follow every filter but the status, so each status tab shows its own. */
async function disputePage(deps: AppDeps, scope: SQL | undefined, q: DisputeListQuery, forStaff: boolean) {
  const db = deps.db;
  const search = q.searchPattern ? `%${q.searchPattern.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const filters = [
    scope,
    q.category ? eq(deliveryDisputes.category, q.category) : undefined,
    search
      ? or(
          ilike(deliveryDisputes.awb, search),
          ilike(orders.orderNumber, search),
          forStaff ? ilike(organisations.companyName, search) : undefined,
        )
      : undefined,
  ].filter((f): f is SQL => f !== undefined);
  const where = and(...filters, q.status ? eq(deliveryDisputes.status, q.status) : undefined);
  const rows = await joined(db)
    .where(where)
    .orderBy(desc(deliveryDisputes.id))
    .limit(q.recordsPerPage)
    .offset(q.pageNumber * q.recordsPerPage);
  const [{ n }] = await db
    .select({ n: count() })
    .from(deliveryDisputes)
    .innerJoin(orders, eq(orders.id, deliveryDisputes.orderId))
    .innerJoin(organisations, eq(organisations.id, deliveryDisputes.orgId))
    .where(where);
  const countRows = await db
    .select({ status: deliveryDisputes.status, n: count() })
    .from(deliveryDisputes)
    .innerJoin(orders, eq(orders.id, deliveryDisputes.orderId))
    .innerJoin(organisations, eq(organisations.id, deliveryDisputes.orgId))
    .where(and(...filters))
    .groupBy(deliveryDisputes.status);
  const links = fileLinks(deps);
  const counts = Object.fromEntries(DISPUTE_STATUSES.map((s) => [s, 0])) as DisputeCounts;
  for (const r of countRows) counts[r.status as DisputeStatus] = Number(r.n);
  return {
    items: rows.map((r) => toRow(r, links, forStaff)),
    total: Number(n),
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
    counts,
  };
}

/** The seller's disputes: by status, category and a search (AWB, order). */
export const sellerDisputes = (deps: AppDeps, orgId: number, q: DisputeListQuery): Promise<SellerDisputeList> =>
  disputePage(deps, eq(deliveryDisputes.orgId, orgId), q, false);

// ---- staff

/** Every seller's disputes: by status, category and a search (AWB, order, company). */
export const staffDisputes = (deps: AppDeps, q: DisputeListQuery): Promise<StaffDisputeList> =>
  disputePage(deps, undefined, q, true);

export const staffDispute = (deps: AppDeps, id: number) => oneRow(deps, id, null, true);

/**
 * Files the dispute with its courier and marks it with the courier. The courier is called
 * outside any transaction (it is another system); it files one claim per reference, so two staff
 * sending at once get one claim, and the conditional update lets one of them record it.
 */
export async function sendToCourier(deps: AppDeps, staffId: number, id: number): Promise<DisputeRow> {
  const [d] = await deps.db.select().from(deliveryDisputes).where(eq(deliveryDisputes.id, id));
  if (!d) throw notFound('Dispute not found');
  if (d.status !== 'OPEN') throw conflict(DISPUTE_TEXT.notOpen(d.status as DisputeStatus));
  const adapter = (await carrierNetwork(deps)).adapters.get(d.carrierCode);
  if (!adapter) throw new ApiError(503, `${carrierName(d.carrierCode)} is not taking claims now; try again later`);
  const emailed = fileLinks(deps, EMAILED_FILE_LINK_SECONDS);
  const { claimRef } = await adapter.fileClaim({
    reference: `DSP-${d.id}`,
    awb: d.awb,
    category: d.category,
    description: d.description,
    // the courier reads them later, outside any login: links good for a week
    evidenceUrls: d.evidence.map((e) => `${deps.config.publicUrl}${emailed(e.fileId)}`),
  });
  const moved = await deps.db
    .update(deliveryDisputes)
    .set({ status: 'WITH_COURIER', courierClaimRef: claimRef, sentToCourierAt: deps.now(), sentBy: staffId })
    .where(and(eq(deliveryDisputes.id, id), eq(deliveryDisputes.status, 'OPEN')))
    .returning({ id: deliveryDisputes.id });
  if (moved.length === 0) {
    const [now] = await deps.db
      .select({ status: deliveryDisputes.status })
      .from(deliveryDisputes)
      .where(eq(deliveryDisputes.id, id));
    throw conflict(DISPUTE_TEXT.notOpen(now.status as DisputeStatus));
  }
  return staffDispute(deps, id);
}

/**
 * Accepts a dispute the courier has, crediting the seller's wallet. The dispute's row is locked
 * first, so concurrent approvals queue and the later ones find it accepted; the ledger's key
 * (one per shipment) would refuse a second credit even without the lock.
 */
export async function acceptDispute(
  deps: AppDeps,
  staffId: number,
  id: number,
  amountPaise: number,
  note: string,
): Promise<DisputeRow> {
  await deps.db.transaction(async (tx) => {
    const [d] = await tx.select().from(deliveryDisputes).where(eq(deliveryDisputes.id, id)).for('update');
    if (!d) throw notFound('Dispute not found');
    if (d.status === 'OPEN') throw conflict(DISPUTE_TEXT.notWithCourier);
    if (d.status !== 'WITH_COURIER') throw conflict(DISPUTE_TEXT.notOpen(d.status as DisputeStatus));
    const [s] = await tx
      .select({ insuredValuePaise: shipments.insuredValuePaise })
      .from(shipments)
      .where(eq(shipments.id, d.shipmentId));
    const insured = isInsuranceClaim(s?.insuredValuePaise ?? 0, d.category);
    if (amountPaise > d.maxCreditPaise)
      throw badRequest((insured ? DISPUTE_TEXT.overInsured : DISPUTE_TEXT.overBound)(d.maxCreditPaise));
    const what = disputeCategoryText(d.category as DisputeCategory, d.deliveryStatus);
    // once per shipment either way: the ledger's key refuses a second payout
    const moved = await moveMoney(tx, {
      orgId: d.orgId,
      kind: insured ? 'INSURANCE_CLAIM' : 'DISPUTE_CREDIT',
      amountPaise,
      externalKey: `shipment:${d.awb}:${insured ? 'insurance-claim' : 'dispute'}`,
      reference: d.awb,
      description: insured
        ? `Insurance claim paid (${what}), insured for ${formatRupees(s!.insuredValuePaise)}`
        : `Delivery dispute accepted (${what})`,
      createdBy: staffId,
      at: deps.now(),
    });
    if (moved.replayed) throw conflict(DISPUTE_TEXT.alreadyAccepted);
    await tx
      .update(deliveryDisputes)
      .set({
        status: 'ACCEPTED',
        creditedPaise: amountPaise,
        entryId: moved.entryId,
        staffNote: note,
        resolvedBy: staffId,
        resolvedAt: deps.now(),
      })
      .where(eq(deliveryDisputes.id, id));
  });
  return staffDispute(deps, id);
}

/** Rejects an open dispute or one the courier has, with the note the seller will read. */
export async function rejectDispute(deps: AppDeps, staffId: number, id: number, note: string): Promise<DisputeRow> {
  const moved = await deps.db
    .update(deliveryDisputes)
    .set({ status: 'REJECTED', staffNote: note, resolvedBy: staffId, resolvedAt: deps.now() })
    .where(and(eq(deliveryDisputes.id, id), inArray(deliveryDisputes.status, OPEN_STATUSES)))
    .returning({ id: deliveryDisputes.id });
  if (moved.length === 0) {
    const [d] = await deps.db
      .select({ status: deliveryDisputes.status })
      .from(deliveryDisputes)
      .where(eq(deliveryDisputes.id, id));
    if (!d) throw notFound('Dispute not found');
    throw conflict(DISPUTE_TEXT.notOpen(d.status as DisputeStatus));
  }
  return staffDispute(deps, id);
}

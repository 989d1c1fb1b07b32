import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db, Tx, Executor } from '../../db/client';
import { orders, organisations, walletHolds, weightDiscrepancies, weightDiscrepancyEvents } from '../../db/schema';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import { csvText, type Cell } from '../../http/csv';
import { carrierNetwork } from '../../carriers/registry';
import { chargeHold, moveMoney, releaseHold } from '../wallet/ledger';
import { ownEvidence } from '../disputes/evidence';
import { holdKey, raisedNote } from './raise';
import { weighedPackages } from './packages';
import { carrierName } from '../../../src/domain/shipping/carriers';
import { formatDateTime, formatRupees } from '../../../src/domain/format';
import {
  DISCREPANCY_STATUS_LABELS,
  DISCREPANCY_STATUSES,
  EVIDENCE_SLOTS,
  OPEN_DISCREPANCY_STATUSES,
  PRODUCT_CATEGORY_LABELS,
  WEIGHT_RULES,
  WEIGHT_TEXT,
  type DiscrepancyCounts,
  type DiscrepancyDetail,
  type DiscrepancyRow,
  type DiscrepancyStatus,
  type Outcome,
  type ProductCategory,
  type SellerDiscrepancyList,
  type StaffDiscrepancyList,
  type WeightEvidence,
} from '../../../src/domain/weight-contract';
import type { DisputeDiscrepancyInput } from '../../../src/domain/schemas/weight';
import { EMAILED_FILE_LINK_SECONDS, fileLinks, relinked } from '../files/links';
import { rupeesOf } from '../../../src/domain/money';

// A weight discrepancy's life after it is raised (raise.ts): the seller accepts (the hold is
// charged) or disputes with photos within 7 days; staff send a dispute to the courier and decide
// it (for the seller: the hold is released; against: it is charged); a rejection may be escalated
// once and staff decide it for good (for the seller: the charge is refunded). The deadline job
// accepts what the seller left unanswered. Each move is one conditional change of the row under
// its lock, so concurrent repeats act once; money moves only through the ledger, keyed by the
// discrepancy.

type Row = typeof weightDiscrepancies.$inferSelect;
const DAY = 86_400_000;

export const WEIGHT_DEADLINE_QUEUE = 'weight-discrepancy-deadlines';

export const WEIGHT_SERVICE_TEXT = {
  notFound: 'Weight discrepancy not found',
  state: (status: DiscrepancyStatus) =>
    `This discrepancy is ${DISCREPANCY_STATUS_LABELS[status].toLowerCase()} already`,
  windowClosed: (deadline: Date) =>
    `The time to answer closed on ${formatDateTime(deadline)} IST; the discrepancy was accepted by itself`,
  escalateOnce: 'This discrepancy was escalated already; it may be escalated once',
  escalateClosed: (by: Date) => `Escalation closed on ${formatDateTime(by)} IST`,
  notDisputed: 'Only a disputed discrepancy goes to the courier',
  notWithCourier: 'Send the dispute to the courier before deciding it',
  notEscalated: 'Only an escalated discrepancy is decided for good',
} as const;

const escalateBy = (r: Row) => (r.decidedAt ? new Date(r.decidedAt.getTime() + WEIGHT_RULES.escalateDays * DAY) : null);

function toRow(r: Row, orderNumber: string, companyName?: string): DiscrepancyRow {
  return {
    discrepancyId: r.id,
    orderId: r.orderId,
    orderNumber,
    awb: r.awb,
    carrierCode: r.carrierCode,
    carrierName: carrierName(r.carrierCode),
    source: r.source,
    sellerChargedKg: r.sellerChargedKg,
    courierChargedKg: r.courierChargedKg,
    amountPaise: r.amountPaise,
    status: r.status as DiscrepancyStatus,
    statusText: DISCREPANCY_STATUS_LABELS[r.status as DiscrepancyStatus] ?? r.status,
    raisedAt: r.raisedAt.toISOString(),
    deadlineAt: r.deadlineAt.toISOString(),
    platformBorne: r.platformBorne,
    ...(companyName !== undefined ? { companyName } : {}),
  };
}

const joined = (db: Executor) =>
  db
    .select({ d: weightDiscrepancies, orderNumber: orders.orderNumber, companyName: organisations.companyName })
    .from(weightDiscrepancies)
    .innerJoin(orders, eq(orders.id, weightDiscrepancies.orderId))
    .innerJoin(organisations, eq(organisations.id, weightDiscrepancies.orgId));

/** A discrepancy the caller may see: the seller's own and not the platform's (null orgId: staff). */
const scope = (id: number, orgId: number | null) =>
  orgId === null
    ? eq(weightDiscrepancies.id, id)
    : and(
        eq(weightDiscrepancies.id, id),
        eq(weightDiscrepancies.orgId, orgId),
        eq(weightDiscrepancies.platformBorne, false),
      );

async function detail(deps: AppDeps, id: number, orgId: number | null): Promise<DiscrepancyDetail> {
  const [j] = await joined(deps.db).where(scope(id, orgId));
  if (!j) throw notFound(WEIGHT_SERVICE_TEXT.notFound);
  const r = j.d;
  const events = await deps.db
    .select()
    .from(weightDiscrepancyEvents)
    .where(eq(weightDiscrepancyEvents.discrepancyId, id))
    .orderBy(asc(weightDiscrepancyEvents.id));
  const [hold] = await deps.db
    .select({ state: walletHolds.state })
    .from(walletHolds)
    .where(eq(walletHolds.key, holdKey(id)));
  const now = deps.now();
  const links = fileLinks(deps);
  const by = escalateBy(r);
  const packages = await weighedPackages(deps.db, r.shipmentId);
  return {
    ...toRow(r, j.orderNumber, orgId === null ? j.companyName : undefined),
    zone: r.zone,
    seller: r.seller,
    courier: r.courier,
    forwardPaise: r.forwardPaise,
    rtoPaise: r.rtoPaise,
    gstPaise: r.gstPaise,
    holdState: hold?.state ?? 'NONE',
    // stored with their file ids; each answer links the photos afresh
    hubPhoto: r.hubPhoto ? relinked(links, r.hubPhoto) : null,
    outcome: (r.outcome as Outcome | null) ?? null,
    autoAccepted: r.autoAccepted,
    productCategory: r.productCategory
      ? (PRODUCT_CATEGORY_LABELS[r.productCategory as ProductCategory] ?? r.productCategory)
      : null,
    disputeNote: r.disputeNote,
    evidence: r.evidence
      ? (Object.fromEntries(EVIDENCE_SLOTS.map((s) => [s, relinked(links, r.evidence![s])])) as WeightEvidence)
      : null,
    courierClaimRef: r.courierClaimRef,
    decisionNote: r.decisionNote,
    escalationNote: r.escalationNote,
    finalNote: r.finalNote,
    canAccept: !r.platformBorne && r.status === 'NEW' && now <= r.deadlineAt,
    canDispute: !r.platformBorne && r.status === 'NEW' && now <= r.deadlineAt,
    canEscalate: !r.platformBorne && r.status === 'REJECTED' && !r.escalatedAt && by !== null && now <= by,
    escalateBy: r.status === 'REJECTED' && by ? by.toISOString() : null,
    // the raise is the row itself; every later step is an event
    timeline: [
      {
        at: r.raisedAt.toISOString(),
        status: 'NEW' as const,
        note: raisedNote(r, orgId === null ? 'staff' : 'seller'),
        actor: 'COURIER',
      },
      ...events.map((e) => ({
        at: e.at.toISOString(),
        status: e.status as DiscrepancyStatus,
        note: e.note,
        actor: e.actor,
      })),
    ].map((e) => ({ ...e, statusText: DISCREPANCY_STATUS_LABELS[e.status] ?? e.status })),
    packages,
    disputedPackage: packages.find((p) => p.packageNo === r.disputedPackageNo) ?? null,
  };
}

export const sellerDiscrepancy = (deps: AppDeps, orgId: number, id: number) => detail(deps, id, orgId);
export const staffDiscrepancy = (deps: AppDeps, id: number) => detail(deps, id, null);

// ---- lists

export interface DiscrepancyQuery {
  status?: DiscrepancyStatus;
  searchPattern?: string;
  carrierCode?: string;
  fromDate?: string;
  toDate?: string;
  platformBorne?: boolean;
  pageNumber: number;
  recordsPerPage: number;
}

const istStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'Asia/Kolkata'`;
const istEnd = (day: string) => sql`((${day}::date) + 1)::timestamp at time zone 'Asia/Kolkata'`;

function filtersOf(q: DiscrepancyQuery, orgId: number | null): SQL[] {
  const search = q.searchPattern ? `%${q.searchPattern.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return [
    orgId === null ? undefined : eq(weightDiscrepancies.orgId, orgId),
    orgId === null ? undefined : eq(weightDiscrepancies.platformBorne, false),
    orgId === null && q.platformBorne !== undefined
      ? eq(weightDiscrepancies.platformBorne, q.platformBorne)
      : undefined,
    q.carrierCode ? eq(weightDiscrepancies.carrierCode, q.carrierCode) : undefined,
    q.fromDate ? gte(weightDiscrepancies.raisedAt, istStart(q.fromDate)) : undefined,
    q.toDate ? lt(weightDiscrepancies.raisedAt, istEnd(q.toDate)) : undefined,
    search
      ? or(
          ilike(weightDiscrepancies.awb, search),
          ilike(orders.orderNumber, search),
          orgId === null ? ilike(organisations.companyName, search) : undefined,
        )
      : undefined,
  ].filter((f): f is SQL => f !== undefined);
}

async function listOf(db: Db, q: DiscrepancyQuery, orgId: number | null) {
  const filters = filtersOf(q, orgId);
  const where = and(...filters, q.status ? eq(weightDiscrepancies.status, q.status) : undefined);
  const rows = await joined(db)
    .where(where)
    .orderBy(desc(weightDiscrepancies.id))
    .limit(q.recordsPerPage)
    .offset(q.pageNumber * q.recordsPerPage);
  const countRows = await db
    .select({ status: weightDiscrepancies.status, n: count() })
    .from(weightDiscrepancies)
    .innerJoin(orders, eq(orders.id, weightDiscrepancies.orderId))
    .innerJoin(organisations, eq(organisations.id, weightDiscrepancies.orgId))
    .where(and(...filters))
    .groupBy(weightDiscrepancies.status);
  // the counts follow every filter but the status one, so each tab shows its own number
  const counts = Object.fromEntries(DISCREPANCY_STATUSES.map((s) => [s, 0])) as DiscrepancyCounts;
  for (const r of countRows) counts[r.status as DiscrepancyStatus] = Number(r.n);
  const total = q.status ? counts[q.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    items: rows.map((r) => toRow(r.d, r.orderNumber, orgId === null ? r.companyName : undefined)),
    total,
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
    counts,
  };
}

export async function sellerDiscrepancies(db: Db, orgId: number, q: DiscrepancyQuery): Promise<SellerDiscrepancyList> {
  const list = await listOf(db, q, orgId);
  const [held] = await db
    .select({ n: sql<string>`coalesce(sum(${walletHolds.amountPaise}), 0)` })
    .from(walletHolds)
    .where(and(eq(walletHolds.orgId, orgId), eq(walletHolds.state, 'HELD'), sql`${walletHolds.key} like 'weight:%'`));
  return { ...list, heldPaise: Number(held.n) };
}

export const staffDiscrepancies = (db: Db, q: DiscrepancyQuery): Promise<StaffDiscrepancyList> => listOf(db, q, null);

/** The discrepancies list's columns as a file has them: its CSV export and the weight report. */
export const DISCREPANCY_CSV_HEADER = [
  'AWB',
  'Order',
  'Courier',
  'Status',
  'Your charged weight (kg)',
  "Courier's charged weight (kg)",
  'Amount (₹)',
  'Raised (IST)',
  'Answer by (IST)',
];

export const discrepancyCsvRow = (r: SellerDiscrepancyList['items'][number]): Cell[] => [
  r.awb,
  r.orderNumber,
  r.carrierName,
  r.statusText,
  r.sellerChargedKg,
  r.courierChargedKg,
  rupeesOf(r.amountPaise).toFixed(2),
  formatDateTime(r.raisedAt),
  formatDateTime(r.deadlineAt),
];

/** The seller's discrepancies under the list's filters (every page, up to 10,000) as CSV. */
export async function exportCsv(db: Db, orgId: number, q: DiscrepancyQuery): Promise<string> {
  const list = await listOf(db, { ...q, pageNumber: 0, recordsPerPage: 10_000 }, orgId);
  return csvText(DISCREPANCY_CSV_HEADER, list.items.map(discrepancyCsvRow));
}

/** Open discrepancies of the seller: the count beside the delay counts. */
export async function openCount(db: Executor, orgId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(weightDiscrepancies)
    .where(
      and(
        eq(weightDiscrepancies.orgId, orgId),
        eq(weightDiscrepancies.platformBorne, false),
        inArray(weightDiscrepancies.status, [...OPEN_DISCREPANCY_STATUSES]),
      ),
    );
  return Number(n);
}

// ---- moves

async function step(tx: Tx, id: number, at: Date, status: DiscrepancyStatus, note: string, actor: string) {
  await tx.insert(weightDiscrepancyEvents).values({ discrepancyId: id, at, status, note, actor });
}

/** The row under its lock, the caller's own (seller) or any (staff), or 404. */
async function locked(tx: Tx, id: number, orgId: number | null): Promise<Row> {
  const [r] = await tx.select().from(weightDiscrepancies).where(scope(id, orgId)).for('update');
  if (!r) throw notFound(WEIGHT_SERVICE_TEXT.notFound);
  return r;
}

function expect(r: Row, status: DiscrepancyStatus, otherwise?: string): void {
  if (r.status !== status) throw conflict(otherwise ?? WEIGHT_SERVICE_TEXT.state(r.status as DiscrepancyStatus));
}

const chargeText = (r: Row) =>
  `Weight discrepancy: ${r.courierChargedKg} kg charged by ${carrierName(r.carrierCode)} against ${r.sellerChargedKg} kg`;

async function charge(tx: Tx, r: Row, at: Date, createdBy: number | null) {
  if (r.platformBorne) return;
  await chargeHold(tx, holdKey(r.id), { kind: 'WEIGHT_CHARGE', description: chargeText(r), createdBy, at });
}

/** The seller accepts the courier's weight: the hold is charged. */
export async function acceptDiscrepancy(deps: AppDeps, caller: { orgId: number; accountId: number }, id: number) {
  await deps.db.transaction(async (tx) => {
    const r = await locked(tx, id, caller.orgId);
    expect(r, 'NEW');
    const now = deps.now();
    if (now > r.deadlineAt) throw new ApiError(422, WEIGHT_SERVICE_TEXT.windowClosed(r.deadlineAt));
    await charge(tx, r, now, caller.accountId);
    await tx
      .update(weightDiscrepancies)
      .set({ status: 'ACCEPTED', outcome: 'COURIER', decidedAt: now })
      .where(eq(weightDiscrepancies.id, id));
    await step(
      tx,
      id,
      now,
      'ACCEPTED',
      `The courier's weight accepted; ${formatRupees(r.amountPaise)} charged`,
      'SELLER',
    );
  });
  return sellerDiscrepancy(deps, caller.orgId, id);
}

/** The seller disputes with the four photos and the product's category, before the deadline. */
/**
 * The package a dispute names, which must be one of the weighed parcel's: on an order split by box
 * the seller names one of its boxes; a parcel of one package is that package; an order not split has none.
 */
async function disputedPackage(tx: Tx, r: Row, packageNo: number | null): Promise<number | null> {
  const packages = await weighedPackages(tx, r.shipmentId);
  if (packageNo === null) {
    if (packages.length > 1) throw badRequest(WEIGHT_TEXT.choosePackage);
    return packages[0]?.packageNo ?? null;
  }
  if (!packages.some((p) => p.packageNo === packageNo)) {
    const [o] = await tx.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, r.orderId));
    throw badRequest(WEIGHT_TEXT.notInParcel(packageNo, r.awb, o.orderNumber));
  }
  return packageNo;
}

export async function disputeDiscrepancy(
  deps: AppDeps,
  caller: { orgId: number; accountId: number },
  id: number,
  input: DisputeDiscrepancyInput,
) {
  await deps.db.transaction(async (tx) => {
    const r = await locked(tx, id, caller.orgId);
    expect(r, 'NEW');
    const now = deps.now();
    if (now > r.deadlineAt) throw new ApiError(422, WEIGHT_SERVICE_TEXT.windowClosed(r.deadlineAt));
    const photos = await ownEvidence(
      tx,
      caller.orgId,
      EVIDENCE_SLOTS.map((s) => input.evidence[s]),
    );
    const evidence = Object.fromEntries(EVIDENCE_SLOTS.map((s, i) => [s, photos[i]])) as WeightEvidence;
    const disputedPackageNo = await disputedPackage(tx, r, input.packageNo);
    await tx
      .update(weightDiscrepancies)
      .set({
        status: 'DISPUTED',
        disputedPackageNo,
        productCategory: input.productCategory,
        disputeNote: input.note,
        evidence,
        disputedAt: now,
      })
      .where(eq(weightDiscrepancies.id, id));
    // the seller and staff read one timeline: its notes name no reader ('You…')
    await step(tx, id, now, 'DISPUTED', input.note || 'Weight disputed with photos', 'SELLER');
  });
  return sellerDiscrepancy(deps, caller.orgId, id);
}

/** A rejected dispute, once, within 7 days of the rejection. */
export async function escalateDiscrepancy(
  deps: AppDeps,
  caller: { orgId: number; accountId: number },
  id: number,
  note: string,
) {
  await deps.db.transaction(async (tx) => {
    const r = await locked(tx, id, caller.orgId);
    if (r.escalatedAt) throw conflict(WEIGHT_SERVICE_TEXT.escalateOnce);
    expect(r, 'REJECTED');
    const now = deps.now();
    const by = escalateBy(r)!;
    if (now > by) throw new ApiError(422, WEIGHT_SERVICE_TEXT.escalateClosed(by));
    await tx
      .update(weightDiscrepancies)
      .set({ status: 'ESCALATED', escalationNote: note, escalatedAt: now })
      .where(eq(weightDiscrepancies.id, id));
    await step(tx, id, now, 'ESCALATED', note, 'SELLER');
  });
  return sellerDiscrepancy(deps, caller.orgId, id);
}

/**
 * Files a disputed discrepancy (or a platform-borne new one) with its courier as a claim. The
 * courier is called outside the transaction; it files one claim per reference, and the
 * conditional update lets one of two concurrent senders record it.
 */
export async function sendToCourier(deps: AppDeps, id: number) {
  const [r] = await deps.db.select().from(weightDiscrepancies).where(eq(weightDiscrepancies.id, id));
  if (!r) throw notFound(WEIGHT_SERVICE_TEXT.notFound);
  const from: DiscrepancyStatus = r.platformBorne ? 'NEW' : 'DISPUTED';
  if (r.status !== from)
    throw conflict(
      r.platformBorne ? WEIGHT_SERVICE_TEXT.state(r.status as DiscrepancyStatus) : WEIGHT_SERVICE_TEXT.notDisputed,
    );
  const adapter = (await carrierNetwork(deps)).adapters.get(r.carrierCode);
  if (!adapter) throw new ApiError(503, `${carrierName(r.carrierCode)} is not taking claims now; try again later`);
  const emailed = fileLinks(deps, EMAILED_FILE_LINK_SECONDS);
  const { claimRef } = await adapter.fileClaim({
    reference: `WGT-${r.id}`,
    awb: r.awb,
    category: 'WEIGHT',
    description: `Weight dispute: the seller's ${r.sellerChargedKg} kg against the courier's ${r.courierChargedKg} kg`,
    // the courier reads them later, outside any login: links good for a week
    evidenceUrls: r.evidence
      ? EVIDENCE_SLOTS.map((s) => `${deps.config.publicUrl}${relinked(emailed, r.evidence![s]).url}`)
      : [],
  });
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const moved = await tx
      .update(weightDiscrepancies)
      .set({ status: 'WITH_COURIER', courierClaimRef: claimRef })
      .where(and(eq(weightDiscrepancies.id, id), eq(weightDiscrepancies.status, from)))
      .returning({ id: weightDiscrepancies.id });
    if (!moved.length) throw conflict(WEIGHT_SERVICE_TEXT.notDisputed);
    await step(tx, id, now, 'WITH_COURIER', `Sent to ${carrierName(r.carrierCode)} as claim ${claimRef}`, 'STAFF');
  });
  return staffDiscrepancy(deps, id);
}

/** Staff decide a dispute the courier has: for the seller (the hold is released) or against (charged). */
export async function decideDispute(deps: AppDeps, staffId: number, id: number, outcome: Outcome, note: string) {
  await deps.db.transaction(async (tx) => {
    const r = await locked(tx, id, null);
    if (r.status === 'DISPUTED') throw conflict(WEIGHT_SERVICE_TEXT.notWithCourier);
    expect(r, 'WITH_COURIER');
    const now = deps.now();
    if (outcome === 'SELLER') {
      if (!r.platformBorne) await releaseHold(tx, holdKey(id), now);
    } else await charge(tx, r, now, staffId);
    const status: DiscrepancyStatus = outcome === 'SELLER' ? 'RESOLVED' : 'REJECTED';
    await tx
      .update(weightDiscrepancies)
      .set({ status, outcome, decisionNote: note, decidedAt: now })
      .where(eq(weightDiscrepancies.id, id));
    await step(tx, id, now, status, note, 'STAFF');
  });
  return staffDiscrepancy(deps, id);
}

/** Staff decide an escalation for good: for the seller the charge is refunded (once), else it stands. */
export async function decideEscalation(deps: AppDeps, staffId: number, id: number, outcome: Outcome, note: string) {
  await deps.db.transaction(async (tx) => {
    const r = await locked(tx, id, null);
    expect(r, 'ESCALATED', r.status === 'FINAL' ? undefined : WEIGHT_SERVICE_TEXT.notEscalated);
    const now = deps.now();
    if (outcome === 'SELLER' && !r.platformBorne)
      await moveMoney(tx, {
        orgId: r.orgId,
        kind: 'WEIGHT_REFUND',
        amountPaise: r.amountPaise,
        externalKey: `${holdKey(id)}:refund`,
        reference: r.awb,
        description: `Weight discrepancy refunded on escalation (${r.awb})`,
        createdBy: staffId,
        at: now,
      });
    await tx
      .update(weightDiscrepancies)
      .set({ status: 'FINAL', outcome, finalNote: note, finalAt: now })
      .where(eq(weightDiscrepancies.id, id));
    await step(tx, id, now, 'FINAL', note, 'STAFF');
  });
  return staffDiscrepancy(deps, id);
}

/**
 * The deadline job: every discrepancy still new past its deadline is accepted by itself (its hold
 * charged), one transaction each, so a wallet that cannot pay leaves only its own for the next run.
 * Answers how many were accepted.
 */
export async function runWeightDeadlines(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const due = await deps.db
    .select({ id: weightDiscrepancies.id })
    .from(weightDiscrepancies)
    .where(
      and(
        eq(weightDiscrepancies.status, 'NEW'),
        eq(weightDiscrepancies.platformBorne, false),
        lt(weightDiscrepancies.deadlineAt, now),
      ),
    )
    .orderBy(asc(weightDiscrepancies.deadlineAt))
    .limit(1000);
  let accepted = 0;
  for (const { id } of due) {
    try {
      await deps.db.transaction(async (tx) => {
        const [r] = await tx
          .select()
          .from(weightDiscrepancies)
          .where(and(eq(weightDiscrepancies.id, id), eq(weightDiscrepancies.status, 'NEW')))
          .for('update', { skipLocked: true });
        if (!r) return;
        await charge(tx, r, now, null);
        await tx
          .update(weightDiscrepancies)
          .set({ status: 'ACCEPTED', outcome: 'COURIER', autoAccepted: true, decidedAt: now })
          .where(eq(weightDiscrepancies.id, id));
        await step(
          tx,
          id,
          now,
          'ACCEPTED',
          `No answer in ${WEIGHT_RULES.answerDays} days: accepted by itself and charged`,
          'SYSTEM',
        );
        accepted++;
      });
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 422)) throw e;
      // the wallet cannot pay it now: it stays new, its money held, until a later run can
    }
  }
  return accepted;
}

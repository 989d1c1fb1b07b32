import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { courierUnknownCodes, ndrActions, ndrRecords, orders, shipments } from '../../db/schema';
import { queryRows } from '../../db/rows';
import { badRequest, conflict, notFound } from '../../http/errors';
import {
  NDR_ACTIONS,
  NDR_REASONS,
  NDR_TAB_CODES,
  RTO_STAGES,
  type NdrActionKind,
  type NdrActionSource,
  type NdrDetail,
  type NdrListAnswer,
  type NdrReason,
  type NdrRow,
  type NdrStatus,
  type NdrTab,
  type RtoAck,
  type RtoListAnswer,
  type RtoRow,
  type RtoStage,
  type RtoTab,
  type UnknownCourierCode,
} from '../../../src/domain/ndr-contract';
import { allowedActions, reattemptDateRequired, reattemptDates, SUGGESTED_ACTION } from '../../../src/domain/ndr-rules';
import { carrierName } from '../../../src/domain/shipping/carriers';
import { GST_PERCENT } from '../../../src/domain/shipping/rates';
import { ownNdr } from './service';
import { COUNT_CAP } from '../orders/list';
import { seesBuyerContact } from '../auth/standing';
import { shippingPreferences } from '../shipping/preferences';
import { withBuyerContact } from '../../../src/domain/buyer-contact';
import { courierOperationText, type CourierOperationView } from '../../../src/domain/courier-operations';

/** Whose answer it is: the organisation, and the login whose role decides whether buyer contacts show. */
type Viewer = { orgId: number; accountId: number };

// The NDR list (a tab a page, every tab's count under the same filters), one NDR with its
// history, the RTO list, the seller's word on a returned parcel, and staff's unknown-code counts.
// The list reads ndr_records through (org, status, raised_at, id) with the filter columns
// included, and joins each page's orders by key.

export interface NdrListFilters {
  tab: NdrTab;
  carrierCode?: string;
  reason?: NdrReason;
  attempt?: number;
  fromDate?: string;
  toDate?: string;
  paymentMethod?: 'PPD' | 'COD';
  searchPattern?: string;
  sortBy: 'raisedAt' | 'deadlineAt' | 'attempt';
  sortOrder: 'ASC' | 'DESC';
  pageNumber: number;
  recordsPerPage: number;
}

const istStart = (day: string) => new Date(`${day}T00:00:00+05:30`);
const istEnd = (day: string) => new Date(istStart(day).getTime() + 86_400_000);

function filterWhere(orgId: number, f: Omit<NdrListFilters, 'tab'>, orderIds: number[] | null): SQL[] {
  const w: SQL[] = [sql`r.org_id = ${orgId}`];
  if (f.carrierCode) w.push(sql`r.carrier_code = ${f.carrierCode}`);
  if (f.reason) w.push(sql`r.reason = ${f.reason}`);
  if (f.attempt) w.push(sql`r.attempt = ${f.attempt}`);
  if (f.paymentMethod) w.push(sql`r.payment_method = ${f.paymentMethod}`);
  if (f.fromDate) w.push(sql`r.raised_at >= ${istStart(f.fromDate).toISOString()}::timestamptz`);
  if (f.toDate) w.push(sql`r.raised_at < ${istEnd(f.toDate).toISOString()}::timestamptz`);
  // the search resolves to the seller's matching orders first (their own indexes), then by key here
  if (orderIds)
    w.push(
      orderIds.length
        ? sql`r.order_id in (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  return w;
}

/** The page's order, each sort ending in the id so pages never overlap; each has an index. */
function orderBy(f: NdrListFilters): SQL {
  const o = f.sortOrder;
  const cols = { raisedAt: ['raised_at'], deadlineAt: ['deadline_at'], attempt: ['attempt', 'raised_at'] }[f.sortBy];
  return sql.raw([...cols, 'id'].map((c) => `r.${c} ${o}`).join(', '));
}

/** Up to this many matches a page is cut from all of them sorted; above, read along the sort's index. */
const SMALL_MATCH = 2_000;

interface ListRow {
  id: number;
  order_id: number;
  order_number: string;
  channel: string;
  buyer_name: string;
  buyer_phone: string;
  carrier_code: string;
  awb: string;
  attempt: number;
  reason: string;
  courier_reason_code: string;
  courier_reason_text: string;
  raised_at: string | Date;
  deadline_at: string | Date;
  status: string;
  action: string | null;
  action_source: string | null;
  action_at: string | Date | null;
  payment_method: string;
  cod_amount_paise: string | number;
  shipping: { line1: string; line2: string; pincode: string; city: string; state: string };
  courier_ref: string | null;
  operation: CourierOperationView | null;
}

const iso = (d: string | Date) => new Date(d).toISOString();

/** What the courier answered the action: its reference at once, or a request it settles later. */
function courierAnswer(r: ListRow, now: Date): string | null {
  if (r.operation)
    return courierOperationText(
      { ...r.operation, settledAt: r.operation.settledAt ? iso(r.operation.settledAt) : null },
      now,
    );
  return r.action && r.courier_ref
    ? `${NDR_ACTIONS[r.action as NdrActionKind]} requested; courier reference ${r.courier_ref}`
    : null;
}

function toRow(r: ListRow, now: Date): NdrRow {
  const reason = r.reason as NdrReason;
  return {
    ndrId: r.id,
    orderId: r.order_id,
    orderNumber: r.order_number,
    channelName: r.channel,
    customerName: r.buyer_name,
    customerPhone: r.buyer_phone,
    carrierCode: r.carrier_code,
    carrierName: carrierName(r.carrier_code),
    awb: r.awb,
    attempt: r.attempt,
    reason,
    reasonText: NDR_REASONS[reason],
    courierReasonCode: r.courier_reason_code,
    exceptionInfo: [r.courier_reason_code, r.courier_reason_text].filter(Boolean).join(' · '),
    raisedAt: iso(r.raised_at),
    deadlineAt: iso(r.deadline_at),
    status: r.status as NdrStatus,
    action: r.action as NdrActionKind | null,
    actionSource: r.action_source as NdrActionSource | null,
    actionAt: r.action_at ? iso(r.action_at) : null,
    paymentMethod: r.payment_method as 'PPD' | 'COD',
    codAmountPaise: Number(r.cod_amount_paise),
    allowedActions: allowedActions(reason, r.status as NdrStatus, r.attempt),
    courierAnswer: courierAnswer(r, now),
    shippingAddress: {
      line1: r.shipping.line1,
      line2: r.shipping.line2 ?? '',
      pincode: r.shipping.pincode,
      city: r.shipping.city,
      state: r.shipping.state,
    },
  };
}

const SELECT_ROW = sql`r.id, r.order_id, o.order_number, o.channel, o.buyer_name, o.buyer_phone, r.carrier_code, r.awb,
  r.attempt, r.reason, r.courier_reason_code, r.courier_reason_text, r.raised_at, r.deadline_at, r.status, r.action,
  r.action_source, r.action_at, r.payment_method, o.cod_amount_paise, o.shipping, r.courier_ref,
  (select json_build_object('label', c.label, 'state', c.state, 'result', c.result, 'settledAt', c.settled_at)
     from courier_operations c where c.kind = 'NDR_ACTION' and c.subject_id = r.id order by c.id desc limit 1) as operation`;

/** Order ids of a search: the order number or AWB exactly, or a prefix of the buyer's name. */
async function searchOrderIds(deps: AppDeps, orgId: number, text: string): Promise<number[]> {
  const q = text.trim();
  const prefix = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows<{ id: number }>(
    deps.db,
    sql`select id from ${orders} where org_id = ${orgId} and lower(order_number) = lower(${q})
        union select id from ${orders} where org_id = ${orgId} and awb = ${q}
        union (select id from ${orders} where org_id = ${orgId} and lower(buyer_name) like ${prefix} limit 1000)`,
  );
  return rows.map((r) => r.id);
}

/** A page of one NDR tab as the caller may read it (buyer phone masked without "see buyer contact details"). */
export async function ndrList(deps: AppDeps, caller: Viewer, f: NdrListFilters): Promise<NdrListAnswer> {
  const orgId = caller.orgId;
  const seesContact = await seesBuyerContact(deps.db, caller);
  const ids = f.searchPattern?.trim() ? await searchOrderIds(deps, orgId, f.searchPattern) : null;
  const where = filterWhere(orgId, f, ids);
  const inTab = sql.join([...where, sql`r.status = ${f.tab}`], sql` and `);
  // Every tab counted first, along its index, no further than COUNT_CAP + 1 (as the orders list):
  // the page's plan depends on how many match, which the planner cannot guess for several filters.
  const [counts] = await queryRows<Record<NdrTab, number>>(
    deps.db,
    sql`select ${sql.join(
      NDR_TAB_CODES.map(
        (tab) =>
          sql`(select count(*)::int from (select 1 from ${ndrRecords} r where ${sql.join([...where, sql`r.status = ${tab}`], sql` and `)} order by r.raised_at desc, r.id desc limit ${COUNT_CAP + 1}) c) as ${sql.identifier(tab)}`,
      ),
      sql`, `,
    )}`,
  );
  const byTab = Object.fromEntries(NDR_TAB_CODES.map((t) => [t, Math.min(counts[t], COUNT_CAP)])) as Record<
    NdrTab,
    number
  >;
  const offset = f.pageNumber * f.recordsPerPage;
  const order = orderBy(f);
  // A few matches: take them all through the most selective filter's index, then sort (an ordered
  // scan would walk the whole tab looking for them). Many: walk the sort's index, which stops early.
  const pageIds =
    counts[f.tab] <= offset
      ? null
      : counts[f.tab] <= SMALL_MATCH
        ? sql`with m as materialized (select r.id, r.raised_at, r.deadline_at, r.attempt from ${ndrRecords} r where ${inTab})
              select r.id from m r order by ${order} limit ${f.recordsPerPage} offset ${offset}`
        : sql`select r.id from ${ndrRecords} r where ${inTab} order by ${order} limit ${f.recordsPerPage} offset ${offset}`;
  const rows = pageIds
    ? await queryRows<ListRow>(
        deps.db,
        sql`select ${SELECT_ROW} from ${ndrRecords} r join ${orders} o on o.id = r.order_id
            where r.id in (${pageIds}) order by ${order}`,
      )
    : [];
  return {
    items: rows.map((r) => withBuyerContact(toRow(r, deps.now()), seesContact)),
    total: byTab[f.tab],
    totalCapped: counts[f.tab] > COUNT_CAP,
    cappedTabs: NDR_TAB_CODES.filter((t) => counts[t] > COUNT_CAP),
    pageNumber: f.pageNumber,
    recordsPerPage: f.recordsPerPage,
    counts: byTab,
    noAnswerAction: (await shippingPreferences(deps.db, orgId)).ndrAutoAction ?? 'REATTEMPT',
  };
}

export async function ndrDetail(deps: AppDeps, caller: Viewer, ndrId: number): Promise<NdrDetail> {
  const r = await ownNdr(deps, caller.orgId, ndrId);
  const [row] = await queryRows<ListRow>(
    deps.db,
    sql`select ${SELECT_ROW} from ${ndrRecords} r join ${orders} o on o.id = r.order_id where r.id = ${r.id}`,
  );
  const [o] = await deps.db.select().from(orders).where(eq(orders.id, r.orderId));
  const attempts = await deps.db
    .select()
    .from(ndrRecords)
    .where(eq(ndrRecords.shipmentId, r.shipmentId))
    .orderBy(asc(ndrRecords.attempt));
  const history = await deps.db.select().from(ndrActions).where(eq(ndrActions.ndrId, r.id)).orderBy(asc(ndrActions.id));
  const reason = r.reason as NdrReason;
  return withBuyerContact(
    {
      ...toRow(row, deps.now()),
      customerEmail: o.buyerEmail,
      attempts: attempts.map((a) => ({
        attempt: a.attempt,
        reason: a.reason as NdrReason,
        reasonText: NDR_REASONS[a.reason as NdrReason],
        exceptionInfo: [a.courierReasonCode, a.courierReasonText].filter(Boolean).join(' · '),
        raisedAt: a.raisedAt.toISOString(),
      })),
      history: history.map((h) => ({
        at: h.at.toISOString(),
        action: h.action as NdrActionKind,
        source: h.source as NdrActionSource,
        outcome: h.outcome as 'APPLIED' | 'NOT_APPLIED',
        note: h.note,
        payload: h.payload,
      })),
      reattemptDates: reattemptDates(deps.now()),
      reattemptDateRequired: reattemptDateRequired(reason, SUGGESTED_ACTION[reason]),
    },
    await seesBuyerContact(deps.db, caller),
  );
}

// ---- returns to origin ----

const RTO_TAB_STAGES: Record<RtoTab, RtoStage[]> = {
  INITIATED: ['INITIATED'],
  IN_TRANSIT: ['IN_TRANSIT', 'UNDELIVERED', 'HELD'],
  DELIVERED: ['DELIVERED'],
};

interface RtoDbRow {
  order_id: number;
  order_number: string;
  id: number;
  awb: string;
  carrier_code: string;
  buyer_name: string;
  payment_method: string;
  rto_stage: string;
  rto_initiated_at: string | Date | null;
  rto_delivered_at: string | Date | null;
  rto_charge_paise: string | number;
  cod_charge_paise: string | number;
  rto_ack: string | null;
  rto_ack_note: string;
  rto_ack_at: string | Date | null;
}

const gst = (paise: number) => paise + Math.round((paise * GST_PERCENT) / 100);

function toRtoRow(r: RtoDbRow): RtoRow {
  const stage = r.rto_stage as RtoStage;
  return {
    orderId: r.order_id,
    orderNumber: r.order_number,
    shipmentId: r.id,
    awb: r.awb,
    carrierCode: r.carrier_code,
    carrierName: carrierName(r.carrier_code),
    customerName: r.buyer_name,
    paymentMethod: r.payment_method as 'PPD' | 'COD',
    stage,
    stageText: RTO_STAGES[stage],
    initiatedAt: r.rto_initiated_at ? iso(r.rto_initiated_at) : null,
    deliveredAt: r.rto_delivered_at ? iso(r.rto_delivered_at) : null,
    rtoChargePaise: gst(Number(r.rto_charge_paise)),
    codFeeRefundPaise: gst(Number(r.cod_charge_paise)),
    ack: r.rto_ack as RtoAck | null,
    ackNote: r.rto_ack_note,
    ackAt: r.rto_ack_at ? iso(r.rto_ack_at) : null,
  };
}

const RTO_SELECT = sql`o.id as order_id, o.order_number, s.id, s.awb, s.carrier_code, o.buyer_name, o.payment_method,
  s.rto_stage, s.rto_initiated_at, s.rto_delivered_at, s.rto_charge_paise, s.cod_charge_paise, s.rto_ack, s.rto_ack_note, s.rto_ack_at`;

export async function rtoList(
  deps: AppDeps,
  orgId: number,
  f: {
    tab: RtoTab;
    carrierCode?: string;
    fromDate?: string;
    toDate?: string;
    pageNumber: number;
    recordsPerPage: number;
  },
): Promise<RtoListAnswer> {
  const w: SQL[] = [sql`s.org_id = ${orgId}`, sql`s.rto_stage is not null`];
  if (f.carrierCode) w.push(sql`s.carrier_code = ${f.carrierCode}`);
  if (f.fromDate) w.push(sql`s.rto_initiated_at >= ${istStart(f.fromDate).toISOString()}::timestamptz`);
  if (f.toDate) w.push(sql`s.rto_initiated_at < ${istEnd(f.toDate).toISOString()}::timestamptz`);
  const stages = RTO_TAB_STAGES[f.tab];
  const [rows, counts] = await Promise.all([
    queryRows<RtoDbRow>(
      deps.db,
      sql`select ${RTO_SELECT} from ${shipments} s join ${orders} o on o.id = s.order_id
          where ${sql.join(
            [
              ...w,
              sql`s.rto_stage in (${sql.join(
                stages.map((x) => sql`${x}`),
                sql`, `,
              )})`,
            ],
            sql` and `,
          )}
          order by s.rto_initiated_at desc nulls last, s.id desc
          limit ${f.recordsPerPage} offset ${f.pageNumber * f.recordsPerPage}`,
    ),
    queryRows<{ stage: string; n: string }>(
      deps.db,
      sql`select s.rto_stage as stage, count(*)::text as n from ${shipments} s where ${sql.join(w, sql` and `)} group by s.rto_stage`,
    ),
  ]);
  const byTab: Record<RtoTab, number> = { INITIATED: 0, IN_TRANSIT: 0, DELIVERED: 0 };
  for (const c of counts)
    for (const [tab, list] of Object.entries(RTO_TAB_STAGES) as [RtoTab, RtoStage[]][])
      if (list.includes(c.stage as RtoStage)) byTab[tab] += Number(c.n);
  return {
    items: rows.map(toRtoRow),
    total: byTab[f.tab],
    pageNumber: f.pageNumber,
    recordsPerPage: f.recordsPerPage,
    counts: byTab,
  };
}

/** The seller's word on a returned parcel, once (a repeat of the same word answers it again). */
export async function acknowledgeRto(
  deps: AppDeps,
  orgId: number,
  accountId: number,
  orderId: number,
  outcome: RtoAck,
  note: string,
): Promise<RtoRow> {
  const [s] = await deps.db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.orgId, orgId)))
    .orderBy(desc(shipments.id))
    .limit(1);
  if (!s || !s.rtoStage) throw notFound('No return to origin for this order');
  if (s.rtoStage !== 'DELIVERED' && outcome !== 'NOT_RECEIVED')
    throw badRequest('Outcome: the courier has not delivered the return yet; only "Not received" can be reported');
  const now = deps.now();
  const updated = await deps.db
    .update(shipments)
    .set({ rtoAck: outcome, rtoAckNote: note, rtoAckAt: now, rtoAckBy: accountId })
    .where(and(eq(shipments.id, s.id), sql`${shipments.rtoAck} is null`))
    .returning({ id: shipments.id });
  if (!updated.length) {
    const [again] = await deps.db.select().from(shipments).where(eq(shipments.id, s.id));
    if (again.rtoAck !== outcome) throw conflict('This return was acknowledged already');
  }
  const [row] = await queryRows<RtoDbRow>(
    deps.db,
    sql`select ${RTO_SELECT} from ${shipments} s join ${orders} o on o.id = s.order_id where s.id = ${s.id}`,
  );
  return toRtoRow(row);
}

export async function unknownCodes(deps: AppDeps): Promise<UnknownCourierCode[]> {
  const rows = await deps.db
    .select()
    .from(courierUnknownCodes)
    .orderBy(desc(courierUnknownCodes.count), asc(courierUnknownCodes.carrierCode));
  return rows.map((r) => ({
    carrierCode: r.carrierCode,
    kind: r.kind as 'STATUS' | 'NDR_REASON',
    code: r.code,
    count: r.count,
    firstSeenAt: r.firstSeenAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    sampleAwb: r.sampleAwb,
    sampleText: r.sampleText,
  }));
}

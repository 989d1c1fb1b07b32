import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { fileLinks } from '../files/links';
import type { Db, Tx, Executor } from '../../db/client';
import { queryRows } from '../../db/rows';
import {
  files,
  orderEvents,
  orderItems,
  orders,
  returnItems,
  returns,
  returnSettings,
  shipments,
} from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { isUniqueViolation } from '../../db/unique-violation';
import { allows, FORWARD_STATUSES, type ForwardStatus, type ReturnStatus } from '../../../src/domain/order-status';
import {
  QC_CHECKS,
  REFUND_DECISIONS,
  RETURN_REASONS,
  RETURN_TAB_CODES,
  RETURN_TAB_STATUSES,
  QC_NEEDS_EXPECTED,
  qcExpected,
  returnAllows,
  type QcCheckKind,
  type ReturnTab,
} from '../../../src/domain/returns';
import type {
  Returnable,
  ReturnDetail,
  ReturnListAnswer,
  ReturnReasonRow,
  ReturnReasonsAnswer,
  ReturnSettings,
} from '../../../src/domain/returns-contract';
import type {
  ExchangeInput,
  InitiateReturnInput,
  QcInput,
  ReturnAddressInput,
  ReturnSettingsInput,
  StandaloneReturnInput,
} from '../../../src/domain/schemas/returns';
import { normalisePhone } from '../../../src/domain/schemas/fields';
import { lookupPincode } from '../pincodes/lookup';
import { createOrder } from '../orders/service';
import { trackingCache } from '../tracking/tracking-cache';
import { RETURN_STATUSES } from '../../../src/domain/order-status';
import {
  insertReturn,
  istDayOf,
  ownReturn,
  parcelOfOrder,
  pickLines,
  readSettings,
  returnableLines,
  returnDetail,
  returnToCopy,
  returnToOptions,
  toRows,
  type NewReturn,
  type ReturnCaller,
  type Order,
} from './store';
import { ownOrder } from '../order-lookup/own-order';
import { ORDER_TYPE } from '../../../src/domain/order-type';
import { paiseOf, rupeesOf } from '../../../src/domain/money';

// Returns: made from a delivered forward order (items and quantities out of it) or for an order
// sold elsewhere; the list with its tabs and filters; the seller's return settings; and the
// exchange, a replacement's forward order linked to the return as one case.

export function reasonRows(): ReturnReasonRow[] {
  return (Object.keys(RETURN_REASONS) as (keyof typeof RETURN_REASONS)[]).map((code) => ({
    code,
    label: RETURN_REASONS[code].label,
    subReasons: Object.entries(RETURN_REASONS[code].subReasons).map(([c, label]) => ({
      code: c,
      label: String(label),
    })),
  }));
}

export function reasons(): ReturnReasonsAnswer {
  return {
    reasons: reasonRows(),
    qcChecks: (Object.keys(QC_CHECKS) as QcCheckKind[]).map((kind) => ({
      kind,
      label: QC_CHECKS[kind],
      needsExpected: QC_NEEDS_EXPECTED.includes(kind),
    })),
    refundDecisions: (Object.keys(REFUND_DECISIONS) as (keyof typeof REFUND_DECISIONS)[]).map((code) => ({
      code,
      label: REFUND_DECISIONS[code],
    })),
  };
}

/** Only a delivered order comes back (the order answer's `actions.return`); the message names the field. */
export function assertDelivered(o: Order) {
  if (!allows(o.status as ForwardStatus, 'return'))
    throw conflict(
      `forwardOrderId: order ${o.orderNumber} is ${FORWARD_STATUSES[o.status as ForwardStatus] ?? o.status}; only a delivered order can be returned`,
    );
}

export async function returnable(db: Db, orgId: number, orderId: number): Promise<Returnable> {
  const o = await ownOrder(db, orgId, orderId, { type: ORDER_TYPE.FORWARD });
  const items = await returnableLines(db, o);
  const [s] = await db
    .select({ deliveredAt: shipments.deliveredAt })
    .from(shipments)
    .where(eq(shipments.orderId, o.id))
    .orderBy(desc(shipments.id))
    .limit(1);
  const delivered = o.status === 'DLV';
  const left = items.some((i) => i.returnableQuantity > 0);
  const options = await returnToOptions(db, orgId);
  // the forward order's pickup address first: where the parcel left from
  options.sort(
    (a, b) =>
      Number(b.kind === 'PICKUP_ADDRESS' && b.id === o.pickup.addressId) -
      Number(a.kind === 'PICKUP_ADDRESS' && a.id === o.pickup.addressId),
  );
  return {
    orderId: o.id,
    orderNumber: o.orderNumber,
    status: o.status,
    deliveredAt: s?.deliveredAt?.toISOString() ?? null,
    returnable: delivered && left,
    reason: !delivered
      ? `Order ${o.orderNumber} is ${FORWARD_STATUSES[o.status as ForwardStatus] ?? o.status}; only a delivered order can be returned`
      : left
        ? ''
        : 'Every product of this order is already in a return',
    items,
    pickup: { name: o.buyerName, phone: o.buyerPhone, email: o.buyerEmail, ...o.shipping },
    returnToOptions: options,
    dimensions: { lengthCm: o.lengthCm, breadthCm: o.breadthCm, heightCm: o.heightCm },
    deadWeightKg: o.deadWeightKg,
  };
}

/** The checks as stored: each with what the courier compares against (the products, when the seller said nothing). */
const qcOf = (qc: QcInput | null, items: NewReturn['items']) =>
  qc?.checks.map((c) => ({ kind: c.kind, expected: qcExpected(c.kind, c.expected, items) })) ?? null;

/** A seller's return of a delivered forward order. */
export async function initiateReturn(
  deps: AppDeps,
  caller: ReturnCaller,
  input: InitiateReturnInput,
): Promise<ReturnDetail> {
  await checkPhotos(deps.db, caller.orgId, input.photoFileIds);
  const id = await once(deps, caller.orgId, input.idempotencyKey, (tx) => async () => {
    const o = await ownOrder(tx, caller.orgId, input.forwardOrderId, { type: ORDER_TYPE.FORWARD, lock: true });
    // under the order's lock: a repeat that waited for the first finds what it made
    const made = await returnOfKey(tx, caller.orgId, input.idempotencyKey);
    if (made) return made;
    assertDelivered(o);
    const items = await pickLines(tx, o, input.items);
    return insertReturn(tx, caller, fromForward(o, input, items, 'SELLER'), deps.now());
  });
  return returnDetail(deps.db, caller.orgId, id, fileLinks(deps));
}

/** The return a client's key made, if any. */
async function returnOfKey(db: Executor, orgId: number, key: string | null): Promise<number | null> {
  if (!key) return null;
  const [r] = await db
    .select({ id: returns.orderId })
    .from(returns)
    .where(and(eq(returns.orgId, orgId), eq(returns.idempotencyKey, key)));
  return r?.id ?? null;
}

/**
 * Makes a return once per client key: a repeat answers the return the first made, and of two
 * racing first requests the unique key lets one commit and the other answer the winner's.
 */
async function once(
  deps: AppDeps,
  orgId: number,
  key: string | null,
  make: (tx: Tx) => () => Promise<number>,
): Promise<number> {
  const made = await returnOfKey(deps.db, orgId, key);
  if (made) return made;
  try {
    return await deps.db.transaction(async (tx) => {
      const id = await make(tx)();
      if (key) await tx.update(returns).set({ idempotencyKey: key }).where(eq(returns.orderId, id));
      return id;
    });
  } catch (e) {
    const raced = isUniqueViolation(e) ? await returnOfKey(deps.db, orgId, key) : null;
    if (raced) return raced;
    throw e;
  }
}

export function fromForward(
  o: Order,
  input: Pick<
    InitiateReturnInput,
    'reason' | 'subReason' | 'comment' | 'photoFileIds' | 'returnToKind' | 'returnToId' | 'qc' | 'refundDecision'
  > &
    Partial<Pick<InitiateReturnInput, 'lengthCm' | 'breadthCm' | 'heightCm' | 'deadWeightKg'>>,
  items: NewReturn['items'],
  source: NewReturn['source'],
  requestId?: number,
): NewReturn {
  return {
    source,
    forward: o,
    externalOrderNumber: '',
    channel: o.channel,
    customer: { name: o.buyerName, phone: o.buyerPhone, email: o.buyerEmail, address: o.shipping },
    items,
    reason: input.reason,
    subReason: input.subReason,
    comment: input.comment,
    photoFileIds: input.photoFileIds,
    returnToKind: input.returnToKind,
    returnToId: input.returnToId,
    qc: qcOf(input.qc, items),
    refundDecision: input.refundDecision,
    parcel: {
      ...parcelOfOrder(o),
      ...(input.lengthCm ? { lengthCm: input.lengthCm } : {}),
      ...(input.breadthCm ? { breadthCm: input.breadthCm } : {}),
      ...(input.heightCm ? { heightCm: input.heightCm } : {}),
      ...(input.deadWeightKg ? { deadWeightKg: input.deadWeightKg } : {}),
    },
    requestId,
  };
}

/** A return of an order sold elsewhere: everything given in full. */
export async function standaloneReturn(
  deps: AppDeps,
  caller: ReturnCaller,
  input: StandaloneReturnInput,
): Promise<ReturnDetail> {
  await checkPhotos(deps.db, caller.orgId, input.photoFileIds);
  const place = lookupPincode(input.buyerAddress.pincode);
  if (!place) throw badRequest(`Buyer address: unknown pincode ${input.buyerAddress.pincode}`);
  const items = input.items.map((i) => ({
    orderItemId: null,
    name: i.name,
    sku: i.sku,
    quantity: i.quantity,
    unitPricePaise: paiseOf(i.unitPrice),
  }));
  const id = await once(
    deps,
    caller.orgId,
    input.idempotencyKey,
    (tx) => () =>
      insertReturn(
        tx,
        caller,
        {
          source: 'SELLER',
          forward: null,
          externalOrderNumber: input.orderNumber,
          channel: input.channel,
          customer: {
            name: input.buyerName,
            phone: input.buyerPhone,
            email: input.buyerEmail,
            address: { ...input.buyerAddress, city: place.city, state: place.state },
          },
          items,
          reason: input.reason,
          subReason: input.subReason,
          comment: input.comment,
          photoFileIds: input.photoFileIds,
          returnToKind: input.returnToKind,
          returnToId: input.returnToId,
          qc: qcOf(input.qc, items),
          refundDecision: input.refundDecision,
          parcel: {
            lengthCm: input.lengthCm,
            breadthCm: input.breadthCm,
            heightCm: input.heightCm,
            deadWeightKg: input.deadWeightKg,
          },
        },
        deps.now(),
      ),
  );
  return returnDetail(deps.db, caller.orgId, id, fileLinks(deps));
}

/** Photos must be images this seller (or its buyer) uploaded. */
export async function checkPhotos(db: Db, orgId: number, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const found = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.orgId, orgId)));
  if (found.length !== new Set(ids).size) throw badRequest('Photos: upload the photos first');
}

// ---- the list ----

export interface ReturnListFilters {
  tab: ReturnTab;
  fromDate?: string;
  toDate?: string;
  carrierCode?: string;
  reason?: string;
  qc?: 'WITH' | 'WITHOUT' | 'PASSED' | 'FAILED';
  refundDecision?: string;
  searchPattern?: string;
  sortBy: 'createdAt' | 'returnNumber';
  sortOrder: 'ASC' | 'DESC';
  pageNumber: number;
  recordsPerPage: number;
}

const istStart = (day: string) => new Date(`${day}T00:00:00+05:30`);
const escapeLike = (t: string) => t.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterWhere(orgId: number, f: Omit<ReturnListFilters, 'tab'>): SQL[] {
  const w: SQL[] = [sql`o.org_id = ${orgId}`, sql`o.order_type = ${ORDER_TYPE.RETURN}`];
  if (f.fromDate) w.push(sql`o.created_at >= ${istStart(f.fromDate).toISOString()}::timestamptz`);
  if (f.toDate)
    w.push(sql`o.created_at < ${new Date(istStart(f.toDate).getTime() + 86_400_000).toISOString()}::timestamptz`);
  if (f.carrierCode) w.push(sql`o.carrier_code = ${f.carrierCode}`);
  if (f.reason) w.push(sql`r.reason = ${f.reason}`);
  if (f.refundDecision) w.push(sql`r.refund_decision = ${f.refundDecision}`);
  if (f.qc === 'WITH') w.push(sql`r.qc`);
  if (f.qc === 'WITHOUT') w.push(sql`not r.qc`);
  if (f.qc === 'PASSED') w.push(sql`r.qc_result = 'PASSED'`);
  if (f.qc === 'FAILED') w.push(sql`r.qc_result = 'FAILED'`);
  if (f.searchPattern) {
    const t = f.searchPattern;
    w.push(sql`(lower(o.order_number) = lower(${t}) or o.awb = ${t} or lower(r.external_order_number) = lower(${t})
      or r.forward_order_id in (select id from ${orders} where org_id = ${orgId} and lower(order_number) = lower(${t}))
      or r.customer_phone = ${normalisePhone(t)}
      or lower(r.customer_name) like ${`${escapeLike(t.toLowerCase())}%`})`);
  }
  return w;
}

const tabWhere = (tab: ReturnTab): SQL =>
  tab === 'ALL'
    ? sql`true`
    : sql`o.status in (${sql.join(
        RETURN_TAB_STATUSES[tab].map((s) => sql`${s}`),
        sql`, `,
      )})`;

export async function listReturns(db: Db, orgId: number, f: ReturnListFilters): Promise<ReturnListAnswer> {
  const base = filterWhere(orgId, f);
  const where = sql.join([...base, tabWhere(f.tab)], sql` and `);
  const direction = f.sortOrder === 'ASC' ? sql`asc` : sql`desc`;
  const column = f.sortBy === 'returnNumber' ? sql`lower(o.order_number)` : sql`o.created_at`;
  const ids = await queryRows<{ id: number }>(
    db,
    sql`select o.id from ${orders} o join ${returns} r on r.order_id = o.id where ${where}
      order by ${column} ${direction}, o.id ${direction} limit ${f.recordsPerPage} offset ${f.pageNumber * f.recordsPerPage}`,
  );
  const byStatus = await queryRows<{ status: string; n: number }>(
    db,
    sql`select o.status, count(*)::int as n from ${orders} o join ${returns} r on r.order_id = o.id
      where ${sql.join(base, sql` and `)} group by o.status`,
  );
  const counts = Object.fromEntries(RETURN_TAB_CODES.map((t) => [t, 0])) as Record<ReturnTab, number>;
  for (const { status, n } of byStatus) {
    counts.ALL += n;
    for (const t of RETURN_TAB_CODES)
      if (t !== 'ALL' && RETURN_TAB_STATUSES[t].includes(status as ReturnStatus)) counts[t] += n;
  }
  const rows = ids.length
    ? await db
        .select({ o: orders, r: returns })
        .from(orders)
        .innerJoin(returns, eq(returns.orderId, orders.id))
        .where(
          inArray(
            orders.id,
            ids.map((x) => x.id),
          ),
        )
    : [];
  const order = new Map(ids.map((x, i) => [x.id, i]));
  rows.sort((a, b) => order.get(a.o.id)! - order.get(b.o.id)!);
  return {
    items: await toRows(db, rows),
    total: counts[f.tab],
    pageNumber: f.pageNumber,
    recordsPerPage: f.recordsPerPage,
    counts,
  };
}

// ---- settings ----

export async function saveSettings(
  db: Db,
  orgId: number,
  input: ReturnSettingsInput,
  now: Date,
): Promise<ReturnSettings> {
  if (input.defaultReturnTo) await returnToCopy(db, orgId, input.defaultReturnTo.kind, input.defaultReturnTo.id);
  const values = {
    returnWindowDays: input.returnWindowDays,
    autoApprove: input.autoApprove,
    defaultReturnToKind: input.defaultReturnTo?.kind ?? null,
    defaultReturnToId: input.defaultReturnTo?.id ?? null,
    updatedAt: now,
  };
  await db
    .insert(returnSettings)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: returnSettings.orgId, set: values });
  return readSettings(db, orgId);
}

// ---- exchange ----

/** The replacement's forward order, sent to the buyer, linked to the return as one case. */
export async function createExchange(
  deps: AppDeps,
  caller: { orgId: number; accountId: number },
  returnId: number,
  input: ExchangeInput,
): Promise<ReturnDetail> {
  const { o, r } = await ownReturn(deps.db, caller.orgId, returnId);
  if (r.exchangeOrderId) throw conflict('This return already has its replacement order');
  const [status] = [o.status as ReturnStatus];
  if (status === 'RCAN' || status === 'RLST' || status === 'RPF')
    throw conflict('A replacement is sent for a return that is on its way or ready for pickup');
  const pickupAddressId = input.pickupAddressId ?? (r.returnToKind === 'PICKUP_ADDRESS' ? r.returnToId : null);
  if (!pickupAddressId) throw badRequest('Pickup address: choose the pickup address the replacement leaves from');
  let items = input.items;
  if (!items) {
    const lines = await deps.db
      .select()
      .from(returnItems)
      .where(eq(returnItems.returnId, o.id))
      .orderBy(asc(returnItems.id));
    const original = r.forwardOrderId
      ? await deps.db.select().from(orderItems).where(eq(orderItems.orderId, r.forwardOrderId))
      : [];
    items = lines.map((l) => {
      const from = original.find((x) => x.id === l.orderItemId);
      return {
        productId: from?.productId ?? null,
        name: l.name,
        sku: l.sku,
        quantity: l.quantity,
        unitPrice: rupeesOf(l.unitPricePaise),
        taxRatePercent: from?.taxRatePercent ?? 0,
        hsnCode: from?.hsnCode ?? '',
      };
    });
  }
  const replacement = await createOrder(deps, caller, {
    orderNumber: '',
    orderDate: istDayOf(deps.now()),
    paymentModeCode: '',
    channel: o.channel as 'DAKIYA',
    paymentMethod: 'PPD',
    fulfilment: 'SELF',
    buyerName: r.customerName,
    buyerPhone: r.customerPhone,
    buyerEmail: r.customerEmail,
    shipping: { line1: o.pickup.line1, line2: o.pickup.line2, pincode: o.pickup.pincode },
    billingSameAsShipping: true,
    billing: null,
    items,
    discount: 0,
    shippingCharges: 0,
    packageTypeId: null,
    lengthCm: o.lengthCm,
    breadthCm: o.breadthCm,
    heightCm: o.heightCm,
    deadWeightKg: o.deadWeightKg,
    pickupAddressId,
  });
  const [linked] = await deps.db
    .update(returns)
    .set({ exchangeOrderId: replacement.orderId, refundDecision: 'EXCHANGE' })
    .where(and(eq(returns.orderId, o.id), sql`${returns.exchangeOrderId} is null`))
    .returning({ id: returns.orderId });
  if (!linked) throw conflict('This return already has its replacement order');
  return returnDetail(deps.db, caller.orgId, returnId, fileLinks(deps));
}

export { returnDetail };

/**
 * Sends a return back to another of the seller's places (spec: address "update by return order",
 * the twin of an order's sender address). Only while no pickup is booked (Ready For Pickup, or
 * Pickup Failed before booking again): a booked courier already carries the old address on its
 * label. The receiver's name and phone follow the place, as when the return was made.
 */
export async function updateReturnAddress(
  deps: AppDeps,
  caller: ReturnCaller,
  returnId: number,
  input: ReturnAddressInput,
): Promise<ReturnDetail> {
  await deps.db.transaction(async (tx) => {
    const { o } = await ownReturn(tx, caller.orgId, returnId, true);
    const status = o.status as ReturnStatus;
    if (!returnAllows(status, 'ship'))
      throw conflict(
        `A return that is ${RETURN_STATUSES[status]} cannot change its return-to address: cancel the pickup first`,
      );
    const to = await returnToCopy(tx, caller.orgId, input.returnToKind, input.returnToId);
    const destination = { line1: to.line1, line2: to.line2, pincode: to.pincode, city: to.city, state: to.state };
    const now = deps.now();
    await tx
      .update(orders)
      .set({
        shipping: destination,
        billing: destination,
        buyerName: to.entityName,
        buyerPhone: to.phone,
        updatedAt: now,
      })
      .where(eq(orders.id, o.id));
    await tx
      .update(returns)
      .set({ returnToKind: input.returnToKind, returnToId: input.returnToId })
      .where(eq(returns.orderId, o.id));
    await tx.insert(orderEvents).values({
      orderId: o.id,
      kind: 'EDITED',
      at: now,
      note: `Return to ${to.entityName}, ${to.city} ${to.pincode}`,
      accountId: caller.accountId,
    });
  });
  trackingCache(deps).forgetOrder(returnId);
  return returnDetail(deps.db, caller.orgId, returnId, fileLinks(deps));
}

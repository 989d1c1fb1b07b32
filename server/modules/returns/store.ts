import { qcChargeOf } from '../../../src/domain/shipping/qc-step';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { OrgCaller } from '../../http/router';
import { emitWebhookEvents } from '../open-api/webhooks/emit';
import type { Db, Tx, Executor } from '../../db/client';
import type { FileLinks } from '../files/links';
import {
  orderEvents,
  orderItems,
  orders,
  pickupAddresses,
  returnItems,
  returnQcChecks,
  returns,
  returnSettings,
  shipments,
  warehouses,
  type AddressCopy,
  type PickupCopy,
} from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { RETURN_STATUSES, type ReturnStatus } from '../../../src/domain/order-status';
import {
  DEFAULT_RETURN_SETTINGS,
  QC_CHECKS,
  REFUND_DECISIONS,
  reasonText,
  returnActions,
  returnNumber,
  subReasonText,
  type QcCheckKind,
  type RefundDecision,
  type ReturnReason,
  type ReturnSource,
  type ReturnToKind,
} from '../../../src/domain/returns';
import type { ReturnDetail, ReturnRow, ReturnSettings, ReturnTo } from '../../../src/domain/returns-contract';
import { carrierName } from '../../../src/domain/shipping/carriers';
import { toShipmentInfo } from '../shipping/service';
import { ownOrder } from '../order-lookup/own-order';
import { ORDER_TYPE } from '../../../src/domain/order-type';

// Reading and writing a return's rows: the return order (orders, type RETURN, oriented as the
// courier carries it: pickup = the buyer's door, shipping = the seller's return-to address with
// the receiver as its "buyer") and what only a return has (returns, return_items,
// return_qc_checks). Every read is scoped by the seller's organisation: another's is a 404.

export type Order = typeof orders.$inferSelect;
export type Ret = typeof returns.$inferSelect;

/** Who records a return: a login, or none when the platform acts for the seller (a buyer's request approved by rule). */
export type ReturnCaller = Omit<OrgCaller, 'accountId'> & { accountId: number | null };

export const NO_SUCH_RETURN = 'No such return';

/** The return order and its return row, optionally locked for update. */
export async function ownReturn(
  db: Executor,
  orgId: number,
  returnId: number,
  lock = false,
): Promise<{ o: Order; r: Ret }> {
  const o = await ownOrder(db, orgId, returnId, { type: ORDER_TYPE.RETURN, lock, missing: NO_SUCH_RETURN });
  const [r] = await db.select().from(returns).where(eq(returns.orderId, o.id));
  if (!r) throw notFound(NO_SUCH_RETURN);
  return { o, r };
}

type AddressRow = typeof pickupAddresses.$inferSelect;
type WarehouseRow = typeof warehouses.$inferSelect;

const fromAddress = (a: AddressRow): ReturnTo => ({
  kind: 'PICKUP_ADDRESS',
  id: a.id,
  entityName: a.entityName,
  phone: a.phone,
  line1: a.addressLine1,
  line2: a.addressLine2 ?? '',
  pincode: a.pincode,
  city: a.city,
  state: a.state,
});

const fromWarehouse = (w: WarehouseRow): ReturnTo => ({
  kind: 'WAREHOUSE',
  id: w.id,
  entityName: w.warehouseName,
  phone: w.contactPhone,
  line1: w.addressLine1,
  line2: [w.addressLine2, w.addressLine3].filter(Boolean).join(', '),
  pincode: w.pincode,
  city: w.city,
  state: w.state,
});

/** Where a return goes back to: the seller's pickup address or warehouse, as the order keeps it. */
export async function returnToCopy(db: Executor, orgId: number, kind: ReturnToKind, id: number): Promise<PickupCopy> {
  let place: ReturnTo;
  if (kind === 'PICKUP_ADDRESS') {
    const [a] = await db
      .select()
      .from(pickupAddresses)
      .where(and(eq(pickupAddresses.id, id), eq(pickupAddresses.orgId, orgId), isNull(pickupAddresses.deletedAt)));
    if (!a) throw badRequest('Return to: no such pickup address of yours');
    place = fromAddress(a);
  } else {
    const [w] = await db
      .select()
      .from(warehouses)
      .where(and(eq(warehouses.id, id), eq(warehouses.orgId, orgId)));
    if (!w) throw badRequest('Return to: no such warehouse of yours');
    place = fromWarehouse(w);
  }
  const { kind: _kind, id: addressId, ...copy } = place;
  return { addressId, ...copy };
}

/** The seller's pickup addresses and warehouses as return-to choices. */
export async function returnToOptions(db: Db, orgId: number): Promise<ReturnTo[]> {
  const addresses = await db
    .select()
    .from(pickupAddresses)
    .where(and(eq(pickupAddresses.orgId, orgId), isNull(pickupAddresses.deletedAt)))
    .orderBy(desc(pickupAddresses.isPrimary), asc(pickupAddresses.id));
  const stores = await db.select().from(warehouses).where(eq(warehouses.orgId, orgId)).orderBy(asc(warehouses.id));
  return [...addresses.map(fromAddress), ...stores.map(fromWarehouse)];
}

/** The parcel of an order, as a return of it starts. */
export const parcelOfOrder = (o: Order) => ({
  lengthCm: o.lengthCm,
  breadthCm: o.breadthCm,
  heightCm: o.heightCm,
  deadWeightKg: o.deadWeightKg,
});

/** RET-000042: the seller's next return number (counted in its return settings row). */
export async function nextReturnNumber(tx: Tx, orgId: number): Promise<string> {
  for (;;) {
    const [{ n }] = await tx
      .insert(returnSettings)
      .values({ orgId, lastReturnNumber: 1 })
      .onConflictDoUpdate({
        target: returnSettings.orgId,
        set: { lastReturnNumber: sql`${returnSettings.lastReturnNumber} + 1` },
      })
      .returning({ n: returnSettings.lastReturnNumber });
    const candidate = returnNumber(n);
    const [taken] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.orgId, orgId), sql`lower(${orders.orderNumber}) = lower(${candidate})`));
    if (!taken) return candidate;
  }
}

export async function readSettings(db: Executor, orgId: number): Promise<ReturnSettings> {
  const [row] = await db.select().from(returnSettings).where(eq(returnSettings.orgId, orgId));
  if (!row) return { ...DEFAULT_RETURN_SETTINGS, defaultReturnTo: null };
  return {
    returnWindowDays: row.returnWindowDays,
    autoApprove: row.autoApprove,
    defaultReturnTo:
      row.defaultReturnToKind && row.defaultReturnToId
        ? { kind: row.defaultReturnToKind as ReturnToKind, id: row.defaultReturnToId }
        : null,
  };
}

export interface NewReturn {
  source: ReturnSource;
  forward: Order | null;
  externalOrderNumber: string;
  channel: string;
  customer: { name: string; phone: string; email: string; address: AddressCopy };
  items: { orderItemId: number | null; name: string; sku: string; quantity: number; unitPricePaise: number }[];
  reason: ReturnReason;
  subReason: string;
  comment: string;
  photoFileIds: string[];
  returnToKind: ReturnToKind;
  returnToId: number;
  qc: { kind: QcCheckKind; expected: string }[] | null;
  refundDecision: RefundDecision;
  parcel: { lengthCm: number; breadthCm: number; heightCm: number; deadWeightKg: number };
  requestId?: number;
}

/** Writes a new return (Ready For Pickup) with its items and checks; answers its id. */
export async function insertReturn(tx: Tx, caller: ReturnCaller, input: NewReturn, now: Date): Promise<number> {
  const to = await returnToCopy(tx, caller.orgId, input.returnToKind, input.returnToId);
  const number = await nextReturnNumber(tx, caller.orgId);
  const value = input.items.reduce((s, i) => s + i.quantity * i.unitPricePaise, 0);
  const destination: AddressCopy = {
    line1: to.line1,
    line2: to.line2,
    pincode: to.pincode,
    city: to.city,
    state: to.state,
  };
  const [o] = await tx
    .insert(orders)
    .values({
      orgId: caller.orgId,
      orderNumber: number,
      orderType: ORDER_TYPE.RETURN,
      status: 'RFP',
      channel: input.channel,
      paymentMethod: 'PPD',
      orderDate: istDayOf(now),
      // the receiver stands where a forward order's buyer does (the tracking page, the label)
      buyerName: to.entityName,
      buyerPhone: to.phone,
      buyerEmail: '',
      shipping: destination,
      billing: destination,
      subtotalPaise: value,
      totalPaise: value,
      codAmountPaise: 0,
      lengthCm: input.parcel.lengthCm,
      breadthCm: input.parcel.breadthCm,
      heightCm: input.parcel.heightCm,
      deadWeightKg: input.parcel.deadWeightKg,
      pickup: {
        addressId: 0,
        entityName: input.customer.name,
        phone: input.customer.phone,
        ...input.customer.address,
      },
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(returns).values({
    orderId: o.id,
    orgId: caller.orgId,
    forwardOrderId: input.forward?.id ?? null,
    source: input.source,
    externalOrderNumber: input.externalOrderNumber,
    customerName: input.customer.name,
    customerPhone: input.customer.phone,
    customerEmail: input.customer.email,
    reason: input.reason,
    subReason: input.subReason,
    comment: input.comment,
    photoFileIds: input.photoFileIds,
    returnToKind: input.returnToKind,
    returnToId: input.returnToId,
    refundDecision: input.refundDecision,
    qc: Boolean(input.qc?.length),
    qcResult: input.qc?.length ? 'PENDING' : null,
    requestId: input.requestId ?? null,
    createdAt: now,
  });
  await tx.insert(returnItems).values(input.items.map((i) => ({ returnId: o.id, ...i })));
  await emitWebhookEvents(
    tx,
    [
      {
        orgId: caller.orgId,
        type: 'return.created',
        ref: String(o.id),
        data: { returnId: o.id, returnNumber: number, forwardOrderId: input.forward?.id ?? null, status: 'RFP' },
      },
    ],
    now,
  );
  if (input.qc?.length)
    await tx
      .insert(returnQcChecks)
      .values(input.qc.map((c) => ({ returnId: o.id, kind: c.kind, expected: c.expected })));
  const from = input.forward
    ? ` of ${input.forward.orderNumber}`
    : input.externalOrderNumber
      ? ` of ${input.externalOrderNumber}`
      : '';
  await tx.insert(orderEvents).values({
    orderId: o.id,
    kind: 'CREATED',
    toStatus: 'RFP',
    accountId: caller.accountId,
    at: now,
    note: `Return${from}: ${reasonText(input.reason)} (${subReasonText(input.reason, input.subReason)})`,
  });
  if (input.forward)
    await tx.insert(orderEvents).values({
      orderId: input.forward.id,
      kind: 'NOTE',
      accountId: caller.accountId,
      at: now,
      note: `Return ${number} created`,
    });
  return o.id;
}

/** yyyy-mm-dd in India of an instant. */
export function istDayOf(at: Date): string {
  return new Date(at.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);
}

/** Quantities of each forward line already in returns that were not cancelled. */
export async function returnedQuantities(db: Executor, forwardOrderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: returnItems.orderItemId, n: sql<number>`sum(${returnItems.quantity})::int` })
    .from(returnItems)
    .innerJoin(returns, eq(returns.orderId, returnItems.returnId))
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(and(eq(returns.forwardOrderId, forwardOrderId), ne(orders.status, 'RCAN')))
    .groupBy(returnItems.orderItemId);
  return new Map(rows.filter((r) => r.id !== null).map((r) => [r.id!, r.n]));
}

/** The forward order's lines that may still come back, with how many of each. */
export async function returnableLines(db: Executor, forward: Order) {
  const lines = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, forward.id))
    .orderBy(asc(orderItems.id));
  const back = await returnedQuantities(db, forward.id);
  return lines.map((l) => ({
    orderItemId: l.id,
    name: l.name,
    sku: l.sku,
    quantity: l.quantity,
    returnedQuantity: back.get(l.id) ?? 0,
    returnableQuantity: Math.max(0, l.quantity - (back.get(l.id) ?? 0)),
    unitPricePaise: l.unitPricePaise,
  }));
}

/** Picks the requested lines out of the forward order; a line asked for more than may come back is refused. */
export async function pickLines(
  db: Executor,
  forward: Order,
  asked: { orderItemId: number; quantity: number }[],
): Promise<NewReturn['items']> {
  const lines = await returnableLines(db, forward);
  return asked.map((a) => {
    const line = lines.find((l) => l.orderItemId === a.orderItemId);
    if (!line) throw badRequest(`Product: product ${a.orderItemId} is not in order ${forward.orderNumber}`);
    if (a.quantity > line.returnableQuantity)
      throw badRequest(
        `quantity: at most ${line.returnableQuantity} of ${line.name} can come back (${line.quantity} delivered, ${line.returnedQuantity} already in returns)`,
      );
    return {
      orderItemId: line.orderItemId,
      name: line.name,
      sku: line.sku,
      quantity: a.quantity,
      unitPricePaise: line.unitPricePaise,
    };
  });
}

/** Rows of the list (and the base of the detail), for returns read with their return rows. */
export async function toRows(db: Executor, list: { o: Order; r: Ret }[]): Promise<ReturnRow[]> {
  if (!list.length) return [];
  const ids = list.map((x) => x.o.id);
  const counts = await db
    .select({ id: returnItems.returnId, n: sql<number>`sum(${returnItems.quantity})::int` })
    .from(returnItems)
    .where(inArray(returnItems.returnId, ids))
    .groupBy(returnItems.returnId);
  const linked = [
    ...new Set(list.flatMap((x) => [x.r.forwardOrderId, x.r.exchangeOrderId]).filter((v): v is number => v !== null)),
  ];
  const numbers = linked.length
    ? await db.select({ id: orders.id, n: orders.orderNumber }).from(orders).where(inArray(orders.id, linked))
    : [];
  const numberOf = new Map(numbers.map((x) => [x.id, x.n]));
  const itemCount = new Map(counts.map((c) => [c.id, c.n]));
  return list.map(({ o, r }) => {
    const status = o.status as ReturnStatus;
    return {
      returnId: o.id,
      returnNumber: o.orderNumber,
      status,
      statusText: RETURN_STATUSES[status] ?? o.status,
      source: r.source as ReturnSource,
      forwardOrderId: r.forwardOrderId,
      forwardOrderNumber: r.forwardOrderId ? (numberOf.get(r.forwardOrderId) ?? '') : r.externalOrderNumber,
      channel: o.channel,
      customerName: r.customerName,
      customerPhone: r.customerPhone,
      city: o.pickup.city,
      state: o.pickup.state,
      pincode: o.pickup.pincode,
      reason: r.reason as ReturnReason,
      reasonText: reasonText(r.reason),
      subReason: r.subReason,
      subReasonText: subReasonText(r.reason, r.subReason),
      itemCount: itemCount.get(o.id) ?? 0,
      valuePaise: o.totalPaise,
      qc: r.qc,
      qcResult: r.qc ? ((r.qcResult ?? 'PENDING') as ReturnRow['qcResult']) : null,
      refundDecision: r.refundDecision as RefundDecision,
      refundDecisionText: REFUND_DECISIONS[r.refundDecision as RefundDecision] ?? r.refundDecision,
      awb: o.awb,
      carrierCode: o.carrierCode,
      carrierName: o.carrierCode ? carrierName(o.carrierCode) : null,
      exchangeOrderId: r.exchangeOrderId,
      exchangeOrderNumber: r.exchangeOrderId ? (numberOf.get(r.exchangeOrderId) ?? null) : null,
      createdAt: o.createdAt.toISOString(),
      pickedUpAt: r.pickedUpAt?.toISOString() ?? null,
      deliveredAt: r.deliveredAt?.toISOString() ?? null,
    };
  });
}

export async function returnDetail(db: Db, orgId: number, returnId: number, links: FileLinks): Promise<ReturnDetail> {
  const photo = (id: string) => ({ fileId: id, url: links(id) });
  const { o, r } = await ownReturn(db, orgId, returnId);
  const [row] = await toRows(db, [{ o, r }]);
  const items = await db.select().from(returnItems).where(eq(returnItems.returnId, o.id)).orderBy(asc(returnItems.id));
  const checks = await db.select().from(returnQcChecks).where(eq(returnQcChecks.returnId, o.id));
  const history = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, o.id))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  const [s] = await db.select().from(shipments).where(eq(shipments.orderId, o.id)).orderBy(desc(shipments.id)).limit(1);
  const order = Object.keys(QC_CHECKS);
  return {
    ...row,
    items: items.map((i) => ({
      orderItemId: i.orderItemId,
      name: i.name,
      sku: i.sku,
      quantity: i.quantity,
      unitPricePaise: i.unitPricePaise,
    })),
    pickup: {
      name: r.customerName,
      phone: r.customerPhone,
      email: r.customerEmail,
      line1: o.pickup.line1,
      line2: o.pickup.line2,
      pincode: o.pickup.pincode,
      city: o.pickup.city,
      state: o.pickup.state,
    },
    returnTo: {
      kind: r.returnToKind as ReturnToKind,
      id: r.returnToId,
      entityName: o.buyerName,
      phone: o.buyerPhone,
      ...o.shipping,
    },
    dimensions: { lengthCm: o.lengthCm, breadthCm: o.breadthCm, heightCm: o.heightCm },
    deadWeightKg: o.deadWeightKg,
    comment: r.comment,
    photos: r.photoFileIds.map(photo),
    qcChecks: checks
      .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind))
      .map((c) => ({
        kind: c.kind as QcCheckKind,
        kindText: QC_CHECKS[c.kind as QcCheckKind] ?? c.kind,
        expected: c.expected,
        result: c.result as 'PENDING' | 'PASSED' | 'FAILED',
        remark: c.remark,
      })),
    qcFailure:
      r.qcFailedAt && r.qcFailureReason
        ? { reason: r.qcFailureReason, photos: r.qcFailurePhotoIds.map(photo), at: r.qcFailedAt.toISOString() }
        : null,
    shipment: s ? { ...(await toShipmentInfo(db, o, s)), qcChargePaise: qcChargeOf(s.quoteSteps) } : null,
    requestId: r.requestId,
    history: history.map((h) => ({
      kind: h.kind,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      note: h.note,
      at: h.at.toISOString(),
    })),
    actions: returnActions(o.status as ReturnStatus, r.exchangeOrderId !== null),
  };
}

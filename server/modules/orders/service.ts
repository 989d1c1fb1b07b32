import { formatRupees } from '../../../src/domain/format';
import type { OrgCaller } from '../../http/router';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { emitWebhookEvents } from '../open-api/webhooks/emit';
import type { AppDeps } from '../../deps';
import type { Db, Tx, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import {
  orderEvents,
  orderItems,
  orders,
  organisations,
  packageTypes,
  pickupAddresses,
  products,
  type AddressCopy,
  type PickupCopy,
} from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import type { OrderDetail } from '../../../src/domain/orders-contract';
import { allows, refusal, type ForwardStatus, type OrderAction } from '../../../src/domain/order-status';
import { ORDER_NUMBER, orderTotalPaise, type OrderInput } from '../../../src/domain/schemas/order';
import { upsertCustomerFromOrder } from '../customers/service';
import { lookupPincode } from '../pincodes/lookup';
import { adjustInventory } from '../products/service';
import { transitionOrder } from '../order-status/status';
import { toOrderDetail } from './views';
import { seesBuyerContact } from '../auth/standing';
import { withBuyerContact } from '../../../src/domain/buyer-contact';
import { openVerifications } from '../cod-verification/open';
import { scoreNewOrders } from '../risk/score-orders';
import { sendVerificationMessages } from '../cod-verification/messages';
import { orderModeColumns, recordOrderModes } from '../payment-modes/order-mode';
import { codAmountOf } from '../../../src/domain/payment-modes';
import { shipWaitRefusal } from '../booking/ship-waits';
import { ownOrder } from '../order-lookup/own-order';
import { orderAmounts, orderRow, riskFactsOfOrder } from './order-row';
import { paiseOf, rupeesOf } from '../../../src/domain/money';
import { ORDER_TYPE } from '../../../src/domain/order-type';

// Forward orders: create, read, and every change a seller may make, each checked against the
// order's status (src/domain/order-status.ts) and recorded in its history.

type Order = typeof orders.$inferSelect;

export const numberTaken = (n: string) => `Order number ${n} already exists`;

function located(field: string, a: { line1: string; line2: string; pincode: string }): AddressCopy {
  const place = lookupPincode(a.pincode);
  if (!place) throw badRequest(`${field} pincode: Unknown pincode ${a.pincode}`);
  return { line1: a.line1, line2: a.line2, pincode: a.pincode, city: place.city, state: place.state };
}

async function pickupCopy(db: Executor, orgId: number, addressId: number): Promise<PickupCopy> {
  const [a] = await db
    .select()
    .from(pickupAddresses)
    .where(and(eq(pickupAddresses.id, addressId), eq(pickupAddresses.orgId, orgId), isNull(pickupAddresses.deletedAt)));
  if (!a) throw badRequest('pickupAddressId: no such pickup address of yours');
  if (!a.verifiedAt) throw badRequest(`pickupAddressId: verify the phone of ${a.entityName} before shipping from it`);
  return {
    addressId: a.id,
    entityName: a.entityName,
    phone: a.phone,
    line1: a.addressLine1,
    line2: a.addressLine2 ?? '',
    pincode: a.pincode,
    city: a.city,
    state: a.state,
  };
}

async function packageDimensions(
  db: Executor,
  orgId: number,
  input: Pick<OrderInput, 'packageTypeId' | 'lengthCm' | 'breadthCm' | 'heightCm'>,
) {
  if (input.packageTypeId === null)
    return { packageTypeId: null, lengthCm: input.lengthCm!, breadthCm: input.breadthCm!, heightCm: input.heightCm! };
  const [p] = await db
    .select()
    .from(packageTypes)
    .where(and(eq(packageTypes.id, input.packageTypeId), eq(packageTypes.orgId, orgId)));
  if (!p) throw badRequest('packageTypeId: no such package type of yours');
  if (p.status !== 'ACTIVE') throw badRequest(`packageTypeId: ${p.packageName} is disabled`);
  return { packageTypeId: p.id, lengthCm: p.lengthCm, breadthCm: p.breadthCm, heightCm: p.heightCm };
}

async function checkProducts(db: Executor, orgId: number, items: OrderInput['items']): Promise<void> {
  const ids = [...new Set(items.map((i) => i.productId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return;
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.orgId, orgId), inArray(products.id, ids)));
  const missing = ids.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw badRequest(`items: no such product of yours (${missing.join(', ')})`);
}

/** ORD-000042: the seller's next number, skipping any a seller typed by hand. */
export async function nextOrderNumber(tx: Tx, orgId: number): Promise<string> {
  for (;;) {
    const [{ seq }] = await tx
      .update(organisations)
      .set({ orderSeq: sql`${organisations.orderSeq} + 1` })
      .where(eq(organisations.id, orgId))
      .returning({ seq: organisations.orderSeq });
    const candidate = `ORD-${String(seq).padStart(6, '0')}`;
    const [taken] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.orgId, orgId), sql`lower(${orders.orderNumber}) = lower(${candidate})`));
    if (!taken) return candidate;
  }
}

function itemRows(orderId: number, items: OrderInput['items']) {
  return items.map((i) => ({
    orderId,
    productId: i.productId,
    name: i.name,
    sku: i.sku,
    quantity: i.quantity,
    unitPricePaise: paiseOf(i.unitPrice),
    taxRatePercent: i.taxRatePercent,
    hsnCode: i.hsnCode,
  }));
}

/** One row of an order's history, in the caller's transaction. */
export async function recordOrderEvent(
  tx: Executor,
  orderId: number,
  kind: string,
  at: Date,
  extra: { fromStatus?: string; toStatus?: string; note?: string; accountId?: number } = {},
) {
  await tx.insert(orderEvents).values({
    orderId,
    kind,
    at,
    note: extra.note ?? '',
    fromStatus: extra.fromStatus ?? null,
    toStatus: extra.toStatus ?? null,
    accountId: extra.accountId ?? null,
  });
}

export async function createOrder(
  deps: AppDeps,
  caller: OrgCaller,
  input: OrderInput,
  opts: {
    clonedFrom?: { id: number; orderNumber: string };
    uploadBatchId?: number;
    /** a sales channel's order: its store and id there (one order per channel order, by unique index) */
    channelRef?: { storeId: number; channelOrderId: string; note: string };
  } = {},
): Promise<OrderDetail> {
  const shipping = located('shipping', input.shipping);
  const billing = input.billingSameAsShipping ? shipping : located('billing', input.billing!);
  const now = deps.now();
  const { id, verifications } = await deps.db.transaction(async (tx) => {
    const pickup = await pickupCopy(tx, caller.orgId, input.pickupAddressId);
    const dims = await packageDimensions(tx, caller.orgId, input);
    await checkProducts(tx, caller.orgId, input.items);
    const orderNumber = input.orderNumber || (await nextOrderNumber(tx, caller.orgId));
    const total = orderTotalPaise(input);
    const mode = await orderModeColumns(tx, caller.orgId, input.paymentModeCode, input.paymentMethod, total);
    const [risk] = await scoreNewOrders(tx, caller.orgId, [riskFactsOfOrder({ input, shipping })]);
    let row: Order;
    try {
      [row] = await tx
        .insert(orders)
        .values(
          orderRow({
            orgId: caller.orgId,
            orderNumber,
            input,
            shipping,
            billing,
            pickup,
            ...dims,
            mode: mode?.columns ?? null,
            uploadBatchId: opts.uploadBatchId ?? null,
            clonedFromId: opts.clonedFrom?.id ?? null,
            channelStoreId: opts.channelRef?.storeId ?? null,
            channelOrderId: opts.channelRef?.channelOrderId ?? null,
            risk,
            now,
          }),
        )
        .returning();
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(numberTaken(orderNumber));
      throw e;
    }
    await tx.insert(orderItems).values(itemRows(row.id, input.items));
    if (mode)
      await recordOrderModes(tx, caller.orgId, [
        { orderId: row.id, mode: mode.mode, advancePaise: mode.columns.advancePaise },
      ]);
    await emitWebhookEvents(
      tx,
      [
        {
          orgId: caller.orgId,
          type: 'order.created',
          ref: String(row.id),
          data: {
            orderId: row.id,
            orderNumber,
            status: 'RTS',
            paymentMethod: input.paymentMethod,
            totalPaise: total,
            risk,
          },
        },
      ],
      now,
    );
    await recordOrderEvent(tx, row.id, opts.clonedFrom ? 'CLONED' : 'CREATED', now, {
      toStatus: 'RTS',
      accountId: caller.accountId,
      note: opts.clonedFrom ? `Cloned from ${opts.clonedFrom.orderNumber}` : (opts.channelRef?.note ?? ''),
    });
    await upsertCustomerFromOrder(
      tx,
      caller.orgId,
      {
        entityName: input.buyerName,
        phone: input.buyerPhone,
        email: input.buyerEmail,
        addressLine1: shipping.line1,
        addressLine2: shipping.line2,
        pincode: shipping.pincode,
        city: shipping.city,
        state: shipping.state,
        channel: input.channel,
      },
      now,
    );
    // a COD order the seller's rules pick waits for its buyer's confirmation
    const verifications = await openVerifications(tx, caller.orgId, [row.id], now);
    return { id: row.id, verifications };
  });
  if (verifications.length) await sendVerificationMessages(deps, { ids: verifications });
  // stock moves after the order exists; a shortfall never blocks an order (the alert tells the seller)
  for (const item of input.items) {
    if (item.productId !== null)
      await adjustInventory(deps, caller.orgId, item.productId, -item.quantity).catch(() => undefined);
  }
  return getOrder(deps.db, caller, id);
}

/** The order whole, for the server's own use (a clone copies the buyer as it is). */
async function wholeOrder(db: Db, orgId: number, id: number): Promise<OrderDetail> {
  const o = await ownOrder(db, orgId, id, { type: ORDER_TYPE.FORWARD });
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id));
  const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.id));
  const detail = toOrderDetail(o, items, events);
  // an order waiting for its advance or its buyer's confirmation is not offered to ship: booking refuses it
  if (detail.actions.ship && (await shipWaitRefusal(db, o))) detail.actions.ship = false;
  return detail;
}

/** The order as the caller may read it: buyer phone and email masked for a role without "see buyer contact details". */
export async function getOrder(db: Db, caller: OrgCaller, id: number): Promise<OrderDetail> {
  return withBuyerContact(await wholeOrder(db, caller.orgId, id), await seesBuyerContact(db, caller));
}

export async function orderNumberAvailable(
  db: Db,
  orgId: number,
  orderNumber: string,
): Promise<{ available: boolean; message: string }> {
  if (!ORDER_NUMBER.test(orderNumber))
    return {
      available: false,
      message: 'orderNumber may use letters, digits and - _ / # . (up to 40), starting with a letter or digit',
    };
  const [taken] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.orgId, orgId), sql`lower(${orders.orderNumber}) = lower(${orderNumber})`));
  return taken
    ? { available: false, message: numberTaken(orderNumber) }
    : { available: true, message: `${orderNumber} is available` };
}

/** Runs one change on an order the action allows now, locked against a concurrent change. */
async function change(
  deps: AppDeps,
  caller: OrgCaller,
  id: number,
  action: OrderAction | null,
  apply: (tx: Tx, o: Order, now: Date) => Promise<void>,
): Promise<OrderDetail> {
  await deps.db.transaction(async (tx) => {
    const o = await ownOrder(tx, caller.orgId, id, { lock: true });
    if (action && !allows(o.status as ForwardStatus, action))
      throw conflict(refusal(o.status as ForwardStatus, action));
    await apply(tx, o, deps.now());
  });
  return getOrder(deps.db, caller, id);
}

export const cancelOrder = (deps: AppDeps, caller: OrgCaller, id: number) =>
  change(deps, caller, id, 'cancel', (tx, o, now) =>
    transitionOrder(tx, o, 'CAN', { now, accountId: caller.accountId, note: 'Cancelled by the seller' }),
  );

export const updateDimensions = (
  deps: AppDeps,
  caller: OrgCaller,
  id: number,
  d: { lengthCm: number; breadthCm: number; heightCm: number; deadWeightKg: number },
) =>
  change(deps, caller, id, 'edit', async (tx, o, now) => {
    await tx
      .update(orders)
      .set({ ...d, packageTypeId: null, updatedAt: now })
      .where(eq(orders.id, o.id));
    await recordOrderEvent(tx, o.id, 'EDITED', now, {
      accountId: caller.accountId,
      note: `Package ${d.lengthCm}×${d.breadthCm}×${d.heightCm} cm, ${d.deadWeightKg} kg (was ${o.lengthCm}×${o.breadthCm}×${o.heightCm} cm, ${o.deadWeightKg} kg)`,
    });
  });

export const updateOrderNumber = (deps: AppDeps, caller: OrgCaller, id: number, orderNumber: string) =>
  change(deps, caller, id, 'edit', async (tx, o, now) => {
    try {
      await tx.transaction(async (sp) => {
        await sp.update(orders).set({ orderNumber, updatedAt: now }).where(eq(orders.id, o.id));
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(numberTaken(orderNumber));
      throw e;
    }
    await recordOrderEvent(tx, o.id, 'EDITED', now, {
      accountId: caller.accountId,
      note: `Order number ${o.orderNumber} → ${orderNumber}`,
    });
  });

export const updateSenderAddress = (deps: AppDeps, caller: OrgCaller, id: number, pickupAddressId: number) =>
  change(deps, caller, id, 'edit', async (tx, o, now) => {
    const pickup = await pickupCopy(tx, caller.orgId, pickupAddressId);
    await tx.update(orders).set({ pickup, updatedAt: now }).where(eq(orders.id, o.id));
    await recordOrderEvent(tx, o.id, 'EDITED', now, {
      accountId: caller.accountId,
      note: `Pickup from ${pickup.entityName}`,
    });
  });

export const updateProducts = (
  deps: AppDeps,
  caller: OrgCaller,
  id: number,
  body: Pick<OrderInput, 'items' | 'discount' | 'shippingCharges'>,
) =>
  change(deps, caller, id, 'edit', async (tx, o, now) => {
    await checkProducts(tx, caller.orgId, body.items);
    const total = orderTotalPaise(body);
    if (total < 0) throw badRequest('discount cannot be more than the items and shipping');
    // a payment mode's advance stays as agreed: the courier collects the rest, so some must remain
    if (o.advancePaise > 0 && total <= o.advancePaise)
      throw badRequest(`items: the total must stay above the advance of ${formatRupees(o.advancePaise)}`);
    await tx.delete(orderItems).where(eq(orderItems.orderId, o.id));
    await tx.insert(orderItems).values(itemRows(o.id, body.items));
    await tx
      .update(orders)
      .set({
        ...orderAmounts(body),
        totalPaise: total,
        codAmountPaise: codAmountOf(o.paymentMethod, total, o.advancePaise),
        updatedAt: now,
      })
      .where(eq(orders.id, o.id));
    await recordOrderEvent(tx, o.id, 'EDITED', now, {
      accountId: caller.accountId,
      note: `Products changed: ${body.items.length} line(s), total ${formatRupees(total)}`,
    });
  });

export const escalateOrder = (deps: AppDeps, caller: OrgCaller, id: number, reason: string) =>
  change(deps, caller, id, 'escalate', async (tx, o, now) => {
    if (o.escalatedAt) throw conflict(`Order ${o.orderNumber} is already escalated`);
    await tx
      .update(orders)
      .set({ escalatedAt: now, escalationReason: reason, updatedAt: now })
      .where(eq(orders.id, o.id));
    await recordOrderEvent(tx, o.id, 'ESCALATED', now, { accountId: caller.accountId, note: reason });
  });

/** Each order on its own: one refused order does not stop the others; the answer says which. */
export async function forEachOrder(
  ids: number[],
  run: (id: number) => Promise<unknown>,
): Promise<{ done: number[]; refused: { orderId: number; reason: string }[] }> {
  const done: number[] = [];
  const refused: { orderId: number; reason: string }[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await run(id);
      done.push(id);
    } catch (e) {
      refused.push({ orderId: id, reason: (e as Error).message });
    }
  }
  return { done, refused };
}

export const setArchived = (deps: AppDeps, caller: OrgCaller, ids: number[], archived: boolean) =>
  forEachOrder(ids, (id) =>
    // unarchiving is always allowed
    change(deps, caller, id, archived ? 'archive' : null, async (tx, o, now) => {
      if (o.archived === archived) return;
      await tx.update(orders).set({ archived, updatedAt: now }).where(eq(orders.id, o.id));
      await recordOrderEvent(tx, o.id, archived ? 'ARCHIVED' : 'UNARCHIVED', now, { accountId: caller.accountId });
    }),
  );

/** A new Ready To Ship order with the same buyer, items and package, and a fresh number. */
export async function cloneOrder(deps: AppDeps, caller: OrgCaller, id: number): Promise<OrderDetail> {
  const o = await wholeOrder(deps.db, caller.orgId, id);
  return createOrder(
    deps,
    caller,
    {
      orderNumber: '',
      orderDate: deps.now().toISOString().slice(0, 10),
      channel: o.channel as OrderInput['channel'],
      paymentMethod: o.paymentMethod,
      // the same mode, worked out afresh on the clone's total
      paymentModeCode: o.paymentModeCode ?? '',
      fulfilment: o.fulfilment,
      buyerName: o.buyerName,
      buyerPhone: o.buyerPhone,
      buyerEmail: o.buyerEmail,
      shipping: { line1: o.shipping.line1, line2: o.shipping.line2, pincode: o.shipping.pincode },
      billingSameAsShipping: false,
      billing: { line1: o.billing.line1, line2: o.billing.line2, pincode: o.billing.pincode },
      items: o.items,
      discount: rupeesOf(o.discountPaise),
      shippingCharges: rupeesOf(o.shippingChargesPaise),
      packageTypeId: null,
      lengthCm: o.dimensions.lengthCm,
      breadthCm: o.dimensions.breadthCm,
      heightCm: o.dimensions.heightCm,
      deadWeightKg: o.deadWeightKg,
      pickupAddressId: o.pickup.addressId,
    },
    { clonedFrom: { id, orderNumber: o.orderNumber } },
  );
}

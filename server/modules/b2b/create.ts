import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { b2bBoxes, b2bInvoices, b2bOrders, files, orders, type AddressCopy } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { istDay } from '../../../src/domain/format';
import { ORDER_TYPE } from '../../../src/domain/order-type';
import { fieldLabel } from '../../../src/domain/schemas/labels';
import type { B2bOrderInput } from '../../../src/domain/schemas/b2b';
import { nextOrderNumber, recordOrderEvent } from '../orders/service';
import type { B2bOrderDetail } from '../../../src/domain/b2b-contract';
import { getB2bOrder } from './detail';
import { ownWarehouse, placedParty } from './warehouses';

// A new B2B order, in the caller's transaction (the form's one order, or one record of a CSV
// upload in its savepoint): the order's row of type B2B, Ready To Ship, numbered by the seller's
// order numbering, with its history's first row; beside it the consignee, the origin warehouse,
// the boxes and the invoices. Everything it refers to must be the seller's own: another seller's
// warehouse or file is refused as a field the seller got wrong (400), never told apart from none.

/** The largest dead weight orders.dead_weight_kg holds (numeric 7,2); the boxes keep the exact weights. */
const ORDER_WEIGHT_MAX_KG = 99_999.99;

export interface B2bOrderCreated {
  orderId: number;
  orderNumber: string;
}

/** The consignee as the order keeps it: a consignee warehouse's copy, or the one typed (placed by its pincode). */
async function consigneeOf(tx: Tx, orgId: number, input: B2bOrderInput) {
  if (input.consigneeWarehouseId !== null) {
    // a consignee warehouse's copy keeps its id (warehouseId)
    const w = await ownWarehouse(tx, orgId, input.consigneeWarehouseId, 'CONSIGNEE');
    if (!w) throw badRequest(`${fieldLabel('consigneeWarehouseId')}: no such consignee warehouse of yours`);
    return w;
  }
  const c = input.consignee!;
  return { warehouseId: null, ...c, ...placedParty(c) };
}

/** Each invoice file must be a private file of the seller's. */
async function checkInvoiceFiles(tx: Tx, orgId: number, input: B2bOrderInput) {
  const ids = input.invoices.map((i) => i.invoiceFileId).filter((id): id is string => id !== null);
  if (!ids.length) return;
  const found = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.orgId, orgId), eq(files.public, false)));
  const at = input.invoices.findIndex((i) => i.invoiceFileId !== null && !found.some((f) => f.id === i.invoiceFileId));
  if (at >= 0) throw badRequest(`${fieldLabel('invoiceFileId')} of invoice ${at + 1}: no such file of yours`);
}

export async function insertB2bOrder(
  tx: Tx,
  caller: { orgId: number; accountId: number },
  input: B2bOrderInput,
  now: Date,
  note = '',
): Promise<B2bOrderCreated> {
  const origin = await ownWarehouse(tx, caller.orgId, input.originWarehouseId, 'OWN');
  if (!origin) throw badRequest(`${fieldLabel('originWarehouseId')}: no such warehouse of yours`);
  const consignee = await consigneeOf(tx, caller.orgId, input);
  await checkInvoiceFiles(tx, caller.orgId, input);
  const orderNumber = input.orderNumber || (await nextOrderNumber(tx, caller.orgId));
  const invoiceTotal = input.invoices.reduce((sum, i) => sum + i.invoiceValuePaise, 0);
  const weight = input.boxes.reduce((sum, b) => sum + b.weightKg * b.count, 0);
  const address: AddressCopy = {
    line1: consignee.addressLine1,
    line2: consignee.addressLine2,
    pincode: consignee.pincode,
    city: consignee.city,
    state: consignee.state,
  };
  const [first] = input.boxes;
  let orderId: number;
  try {
    [{ id: orderId }] = await tx
      .insert(orders)
      .values({
        orgId: caller.orgId,
        orderNumber,
        orderType: ORDER_TYPE.B2B,
        status: 'RTS',
        channel: input.channel,
        // freight is settled by the booking (or by the consignee, to-pay): there is nothing to collect
        paymentMethod: 'PPD',
        orderDate: istDay(now),
        buyerName: consignee.businessName,
        buyerPhone: consignee.contactPhone,
        buyerEmail: consignee.contactEmail,
        shipping: address,
        billing: address,
        subtotalPaise: invoiceTotal,
        totalPaise: invoiceTotal,
        lengthCm: first.lengthCm,
        breadthCm: first.breadthCm,
        heightCm: first.heightCm,
        deadWeightKg: Math.min(Math.round(weight * 100) / 100, ORDER_WEIGHT_MAX_KG),
        pickup: {
          addressId: origin.warehouseId,
          entityName: origin.warehouseName,
          phone: origin.contactPhone,
          line1: origin.addressLine1,
          line2: origin.addressLine2,
          pincode: origin.pincode,
          city: origin.city,
          state: origin.state,
        },
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`An order numbered ${orderNumber} already exists`);
    throw e;
  }
  await tx.insert(b2bOrders).values({
    orderId,
    orgId: caller.orgId,
    consigneeWarehouseId: consignee.warehouseId,
    consigneeName: consignee.businessName,
    consigneeGstin: consignee.gstin || null,
    consigneeContact: consignee.contactName,
    consigneePhone: consignee.contactPhone,
    consigneeEmail: consignee.contactEmail,
    consigneeAddress: address,
    originWarehouseId: origin.warehouseId,
    goodsDescription: input.goodsDescription,
    freightPayer: input.freightPayer,
    risk: input.risk,
    handover: input.handover,
    appointmentDate: input.appointment?.appointmentDate ?? null,
    appointmentStart: input.appointment?.slotStart ?? null,
    appointmentEnd: input.appointment?.slotEnd ?? null,
    poNumbers: input.appointment?.poNumbers ?? [],
    createdAt: now,
  });
  await tx.insert(b2bBoxes).values(input.boxes.map((b, position) => ({ orderId, position, ...b })));
  await tx.insert(b2bInvoices).values(
    input.invoices.map((i, position) => ({
      orderId,
      position,
      invoiceNumber: i.invoiceNumber,
      invoiceDate: i.invoiceDate,
      valuePaise: i.invoiceValuePaise,
      fileId: i.invoiceFileId,
      goods: i.goods,
      // a number the seller already has: active as far as we know, its validity the portal's
      ...(i.ewayBillNumber
        ? { ewayBillNumber: i.ewayBillNumber, ewayBillSource: 'ENTERED' as const, ewayBillStatus: 'ACT' as const }
        : {}),
    })),
  );
  await recordOrderEvent(tx, orderId, 'CREATED', now, { toStatus: 'RTS', accountId: caller.accountId, note });
  return { orderId, orderNumber };
}

/** The form's new B2B order, answered whole. */
export async function createB2bOrder(
  deps: { db: Db; now: () => Date },
  caller: { orgId: number; accountId: number },
  input: B2bOrderInput,
): Promise<B2bOrderDetail> {
  const now = deps.now();
  const { orderId } = await deps.db.transaction((tx) => insertB2bOrder(tx, caller, input, now));
  return getB2bOrder(deps.db, caller.orgId, orderId, now);
}

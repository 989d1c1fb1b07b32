import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { b2bBoxes, b2bBoxNumbers, b2bInvoices, b2bOrders, orderEvents, orders } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ORDER_TYPE } from '../../../src/domain/order-type';
import { statusText, type ForwardStatus } from '../../../src/domain/order-status';
import { countOf } from '../../../src/domain/format';
import { ewayBillRequirement } from '../../../src/domain/b2b/eway-bill-requirement';
import { B2B_MSG } from '../../../src/domain/b2b/messages';
import { b2bActions } from '../../../src/domain/b2b/order-actions';
import { goodsTotals, isInterState, lineTaxPaise, TAX_KINDS } from '../../../src/domain/b2b/goods-lines';
import { bookedGstPaise } from '../../../src/domain/b2b/booked-gst';
import {
  B2B_BOOKING_STATES,
  EWAY_BILL_SOURCES,
  FREIGHT_CARRIERS,
  FREIGHT_PAYERS,
  HANDOVERS,
  PART_B_STATES,
  RISK_BEARERS,
  type B2bOrderSource,
} from '../../../src/domain/b2b/order-facts';
import { EWAY_BILL_STATUS_LABELS } from '../../../src/domain/b2b/eway-bill-lifecycle';
import type { B2bInvoiceRow, B2bOrderDetail, B2bTracking } from '../../../src/domain/b2b-contract';
import { ownOrder } from '../order-lookup/own-order';
import { ownWarehouse } from './warehouses';
import { lastPickup, pickupRow, pickupStatus } from './pickup-row';
import { pickupRefusal } from '../../../src/domain/b2b/freight-pickup';

// One B2B order as the seller reads it: the order's row and its B2B facts, its boxes, invoices
// with their e-way bills, the booking, the box numbers, the tracking summary and the history.

export const NO_SUCH_B2B_ORDER = 'No such B2B order';

type Invoice = typeof b2bInvoices.$inferSelect;
type Order = typeof orders.$inferSelect;
type Facts = typeof b2bOrders.$inferSelect;

const carrierName = (code: string | null) =>
  code === null ? null : (FREIGHT_CARRIERS[code as keyof typeof FREIGHT_CARRIERS] ?? code);

/** The invoice's goods with their GST, split by whether the goods cross a state line. */
function goodsOf(i: Invoice, interState: boolean): Pick<B2bInvoiceRow, 'goods' | 'goodsTax'> {
  const goods = i.goods.map((l) => ({ ...l, taxPaise: lineTaxPaise(l) }));
  if (goods.length === 0) return { goods, goodsTax: null };
  const taxKind = interState ? 'IGST' : 'CGST_SGST';
  return { goods, goodsTax: { taxKind, taxKindText: TAX_KINDS[taxKind], ...goodsTotals(i.goods, interState) } };
}

/** An invoice with its goods and its e-way bill as the seller reads it; `interState` from the two parties' states. */
export function toInvoiceRow(i: Invoice, now: Date, interState: boolean): B2bInvoiceRow {
  const expires = i.ewayBillExpiresAt?.getTime() ?? null;
  return {
    invoiceId: i.id,
    invoiceNumber: i.invoiceNumber,
    invoiceDate: i.invoiceDate,
    invoiceValuePaise: i.valuePaise,
    invoiceFileId: i.fileId,
    ...goodsOf(i, interState),
    ewayBill:
      i.ewayBillNumber && i.ewayBillSource && i.ewayBillStatus
        ? {
            ewayBillNumber: i.ewayBillNumber,
            source: i.ewayBillSource,
            sourceText: EWAY_BILL_SOURCES[i.ewayBillSource],
            status: i.ewayBillStatus,
            statusText: EWAY_BILL_STATUS_LABELS[i.ewayBillStatus],
            generatedAt: i.ewayBillGeneratedAt?.toISOString() ?? null,
            expiresAt: i.ewayBillExpiresAt?.toISOString() ?? null,
            validityText:
              expires === null
                ? 'Valid as the e-way bill portal shows it'
                : now.getTime() >= expires
                  ? B2B_MSG.ewayBillExpired(expires)
                  : B2B_MSG.ewayBillValidUntil(expires),
            distanceKm: i.ewayBillDistanceKm,
            vehicleNumber: i.vehicleNumber,
            partB: i.partBState,
            partBText: PART_B_STATES[i.partBState],
          }
        : null,
  };
}

/** The LR's progress from the order's own history: its status moves since booking, oldest first. */
function trackingOf(facts: Facts, boxCount: number, history: (typeof orderEvents.$inferSelect)[]): B2bTracking {
  const scans = facts.bookedAt
    ? history
        .filter((h) => h.kind === 'STATUS' && h.toStatus && h.at >= facts.bookedAt!)
        .map((h) => ({
          at: h.at.toISOString(),
          carrierStatus: h.toStatus!,
          status: h.toStatus,
          statusText: statusText(h.toStatus!),
          location: '',
          remark: h.note,
        }))
    : [];
  return {
    lrNumber: facts.lrNumber,
    boxCount,
    boxesDelivered: facts.boxesDelivered,
    summary: facts.lrNumber ? `${facts.boxesDelivered} of ${countOf(boxCount, 'boxes')} delivered` : 'Not booked yet',
    scans,
  };
}

export async function b2bOrderDetail(db: Executor, o: Order, now: Date): Promise<B2bOrderDetail> {
  const [facts] = await db.select().from(b2bOrders).where(eq(b2bOrders.orderId, o.id));
  if (!facts) throw notFound(NO_SUCH_B2B_ORDER);
  const [origin, boxes, invoices, numbers, history, pickup] = await Promise.all([
    ownWarehouse(db, o.orgId, facts.originWarehouseId),
    db.select().from(b2bBoxes).where(eq(b2bBoxes.orderId, o.id)).orderBy(asc(b2bBoxes.position)),
    db.select().from(b2bInvoices).where(eq(b2bInvoices.orderId, o.id)).orderBy(asc(b2bInvoices.position)),
    db.select().from(b2bBoxNumbers).where(eq(b2bBoxNumbers.orderId, o.id)).orderBy(asc(b2bBoxNumbers.position)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id)).orderBy(asc(orderEvents.id)),
    lastPickup(db, o.id),
  ]);
  const status = o.status as ForwardStatus;
  const canAskPickup =
    pickupRefusal({
      status,
      bookingState: facts.bookingState,
      handover: facts.handover,
      openPickupDay: pickup && pickupStatus(pickup, status, now) === 'REQUESTED' ? pickup.pickupDate : null,
    }) === null;
  const boxCount = boxes.reduce((sum, b) => sum + b.count, 0);
  const invoiceValuePaise = invoices.reduce((sum, i) => sum + i.valuePaise, 0);
  const requirement = ewayBillRequirement({ invoiceValuePaise });
  return {
    orderId: o.id,
    orderNumber: o.orderNumber,
    status,
    statusText: statusText(status),
    channel: o.channel as B2bOrderSource,
    consigneeName: facts.consigneeName,
    consigneeCity: facts.consigneeAddress.city,
    consigneeState: facts.consigneeAddress.state,
    consigneePincode: facts.consigneeAddress.pincode,
    originWarehouseId: facts.originWarehouseId,
    originWarehouseName: origin!.warehouseName,
    boxCount,
    invoiceCount: invoices.length,
    invoiceValuePaise,
    freightPayer: facts.freightPayer,
    bookingState: facts.bookingState,
    carrierCode: facts.carrierCode,
    lrNumber: facts.lrNumber,
    createdAt: o.createdAt.toISOString(),
    consignee: {
      warehouseId: facts.consigneeWarehouseId,
      businessName: facts.consigneeName,
      gstin: facts.consigneeGstin,
      contactName: facts.consigneeContact,
      contactPhone: facts.consigneePhone,
      contactEmail: facts.consigneeEmail,
      addressLine1: facts.consigneeAddress.line1,
      addressLine2: facts.consigneeAddress.line2,
      pincode: facts.consigneeAddress.pincode,
      city: facts.consigneeAddress.city,
      state: facts.consigneeAddress.state,
    },
    origin: origin!,
    goodsDescription: facts.goodsDescription,
    freightPayerText: FREIGHT_PAYERS[facts.freightPayer],
    risk: facts.risk,
    riskText: RISK_BEARERS[facts.risk],
    handover: facts.handover,
    handoverText: HANDOVERS[facts.handover],
    appointment:
      facts.appointmentDate && facts.appointmentStart && facts.appointmentEnd
        ? {
            appointmentDate: facts.appointmentDate,
            slotStart: facts.appointmentStart,
            slotEnd: facts.appointmentEnd,
            poNumbers: facts.poNumbers,
          }
        : null,
    boxes: boxes.map((b) => ({
      lengthCm: b.lengthCm,
      breadthCm: b.breadthCm,
      heightCm: b.heightCm,
      weightKg: b.weightKg,
      count: b.count,
    })),
    invoices: invoices.map((i) => toInvoiceRow(i, now, isInterState(origin!.state, facts.consigneeAddress.state))),
    ewayBillRequired: requirement.required,
    ewayBillMessage: requirement.message,
    booking: {
      state: facts.bookingState,
      stateText: B2B_BOOKING_STATES[facts.bookingState],
      carrierCode: facts.carrierCode,
      carrierName: carrierName(facts.carrierCode),
      lrNumber: facts.lrNumber,
      jobId: facts.bookingJobId,
      failure: facts.bookingFailure,
      bookedAt: facts.bookedAt?.toISOString() ?? null,
      lines: facts.quoteLines ?? [],
      gstPaise: bookedGstPaise(facts.quoteLines ?? [], facts.quoteTotalPaise),
      totalPaise: facts.quoteTotalPaise,
    },
    boxNumbers: numbers.map((n) => ({ position: n.position, boxAwb: n.boxAwb })),
    tracking: trackingOf(facts, boxCount, history),
    receiverName: facts.receiverName,
    history: history.map((h) => ({
      kind: h.kind,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      note: h.note,
      at: h.at.toISOString(),
    })),
    pickup: pickup && pickupRow(pickup, status, now),
    actions: { ...b2bActions(status, facts.bookingState), requestPickup: canAskPickup },
  };
}

/** The seller's own B2B order (404 for another seller's, or an order of another type). */
export function ownB2bOrder(db: Executor, orgId: number, orderId: number, lock = false): Promise<Order> {
  return ownOrder(db, orgId, orderId, { type: ORDER_TYPE.B2B, lock, missing: NO_SUCH_B2B_ORDER });
}

export async function getB2bOrder(db: Executor, orgId: number, orderId: number, now: Date): Promise<B2bOrderDetail> {
  return b2bOrderDetail(db, await ownB2bOrder(db, orgId, orderId), now);
}

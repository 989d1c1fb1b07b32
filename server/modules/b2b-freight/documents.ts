import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { b2bBoxNumbers, files } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { lorryReceiptPdf } from '../../documents/lorry-receipt';
import { freightBoxLabelsPdf } from '../../documents/freight-box-labels';
import { freightInvoiceSetPdf } from '../../documents/freight-invoice-set';
import { eachBox } from '../../carriers/freight';
import { b2bOrderDetail, ownB2bOrder } from '../b2b/detail';
import { carrierNameOf, consigneeParty, loadConsignment, warehouseParty, type Consignment } from './consignment';

// A B2B order's documents, drawn from what the order keeps: the lorry receipt copy and the box
// labels once the carrier has booked it, the invoice set at any time, and the proof of delivery
// kept when the carrier reported boxes delivered (404 before).

async function consignment(deps: AppDeps, orgId: number, orderId: number): Promise<Consignment> {
  return loadConsignment(deps.db, await ownB2bOrder(deps.db, orgId, orderId));
}

function booked(c: Consignment): { lrNumber: string; carrierName: string } {
  const { lrNumber, carrierCode, bookingState } = c.facts;
  if (bookingState !== 'BOOKED' || !lrNumber || !carrierCode)
    throw conflict('This order is not booked yet: its lorry receipt and box labels come with the booking');
  return { lrNumber, carrierName: carrierNameOf(carrierCode) };
}

export async function lrCopy(deps: AppDeps, orgId: number, orderId: number): Promise<Buffer> {
  const c = await consignment(deps, orgId, orderId);
  const { lrNumber, carrierName } = booked(c);
  const f = c.facts;
  return lorryReceiptPdf({
    lrNumber,
    carrierName,
    orderNumber: c.order.orderNumber,
    bookedAt: f.bookedAt ?? deps.now(),
    consignor: warehouseParty(c.origin),
    consignee: consigneeParty(f),
    goodsDescription: f.goodsDescription,
    boxes: c.boxes,
    invoices: c.invoices.map((i) => ({
      number: i.invoiceNumber,
      date: i.invoiceDate,
      valuePaise: i.valuePaise,
      ewayBillNumber: i.ewayBillStatus === 'ACT' ? i.ewayBillNumber : null,
      ewayBillExpiresAt: i.ewayBillStatus === 'ACT' ? i.ewayBillExpiresAt : null,
    })),
    freightPayment: f.freightPayer,
    risk: f.risk,
    handover: f.handover,
    appointment:
      f.appointmentDate && f.appointmentStart && f.appointmentEnd
        ? { date: f.appointmentDate, startTime: f.appointmentStart, endTime: f.appointmentEnd, poNumbers: f.poNumbers }
        : null,
    chargedPaise: f.quoteTotalPaise,
  });
}

export async function boxLabels(deps: AppDeps, orgId: number, orderId: number): Promise<Buffer> {
  const c = await consignment(deps, orgId, orderId);
  const { lrNumber, carrierName } = booked(c);
  const numbers = await deps.db.select().from(b2bBoxNumbers).where(eq(b2bBoxNumbers.orderId, orderId));
  numbers.sort((a, b) => a.position - b.position);
  return freightBoxLabelsPdf({
    lrNumber,
    carrierName,
    orderNumber: c.order.orderNumber,
    consignor: warehouseParty(c.origin),
    consignee: consigneeParty(c.facts),
    boxNumbers: numbers.map((n) => n.boxAwb),
    boxes: eachBox(c.boxes),
  });
}

export async function invoiceSet(deps: AppDeps, orgId: number, orderId: number): Promise<Buffer> {
  const order = await ownB2bOrder(deps.db, orgId, orderId);
  const [c, detail] = await Promise.all([loadConsignment(deps.db, order), b2bOrderDetail(deps.db, order, deps.now())]);
  return freightInvoiceSetPdf({
    orderNumber: order.orderNumber,
    lrNumber: c.facts.lrNumber,
    carrierName: c.facts.carrierCode ? carrierNameOf(c.facts.carrierCode) : null,
    consignor: warehouseParty(c.origin),
    consignee: consigneeParty(c.facts),
    invoices: detail.invoices.map((i) => ({
      number: i.invoiceNumber,
      date: i.invoiceDate,
      valuePaise: i.invoiceValuePaise,
      goods: i.goods,
      goodsTax: i.goodsTax,
      ewayBill: i.ewayBill && {
        number: i.ewayBill.ewayBillNumber,
        statusText: i.ewayBill.statusText,
        validityText: i.ewayBill.validityText,
        vehicleNumber: i.ewayBill.vehicleNumber,
      },
    })),
  });
}

export async function proofOfDelivery(deps: AppDeps, orgId: number, orderId: number): Promise<Buffer> {
  const c = await consignment(deps, orgId, orderId);
  if (!c.facts.podFileId)
    throw notFound('This consignment has no proof of delivery yet: it comes once boxes are delivered');
  const [file] = await deps.db
    .select({ content: files.content })
    .from(files)
    .where(and(eq(files.id, c.facts.podFileId), eq(files.orgId, orgId)));
  if (!file) throw notFound('This consignment has no proof of delivery yet');
  return Buffer.from(file.content, 'base64');
}

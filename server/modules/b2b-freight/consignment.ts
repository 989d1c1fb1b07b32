import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { b2bBoxes, b2bInvoices, b2bOrders, b2bWarehouseRegistrations, b2bWarehouses, orders } from '../../db/schema';
import { notFound, ApiError } from '../../http/errors';
import type { ConsignmentRequest, FreightCarrier, FreightInvoice, FreightParty } from '../../carriers/freight';
import { FREIGHT_CARRIERS } from '../../../src/domain/b2b/order-facts';

// A B2B order read as the consignment it is: its facts, boxes (in order), invoices with their
// e-way bills and the origin warehouse, and the same order as a freight carrier's booking asks
// for it. Every B2B freight action (e-way bills, booking, cancel, tracking, documents) starts here.

export type Order = typeof orders.$inferSelect;
export type Facts = typeof b2bOrders.$inferSelect;
export type Invoice = typeof b2bInvoices.$inferSelect;
export type Box = typeof b2bBoxes.$inferSelect;
export type Warehouse = typeof b2bWarehouses.$inferSelect;

export interface Consignment {
  order: Order;
  facts: Facts;
  boxes: Box[];
  invoices: Invoice[];
  origin: Warehouse;
}

export const NO_SUCH_INVOICE = 'No such invoice in this order';

export async function loadConsignment(db: Executor, order: Order): Promise<Consignment> {
  const [[facts], boxes, invoices] = await Promise.all([
    db.select().from(b2bOrders).where(eq(b2bOrders.orderId, order.id)),
    db.select().from(b2bBoxes).where(eq(b2bBoxes.orderId, order.id)).orderBy(asc(b2bBoxes.position)),
    db.select().from(b2bInvoices).where(eq(b2bInvoices.orderId, order.id)).orderBy(asc(b2bInvoices.position)),
  ]);
  const [origin] = await db.select().from(b2bWarehouses).where(eq(b2bWarehouses.id, facts.originWarehouseId));
  return { order, facts, boxes, invoices, origin };
}

/** The invoice of this consignment, or a 404. */
export function invoiceOf(c: Consignment, invoiceId: number): Invoice {
  const invoice = c.invoices.find((i) => i.id === invoiceId);
  if (!invoice) throw notFound(NO_SUCH_INVOICE);
  return invoice;
}

export const boxCountOf = (boxes: readonly Pick<Box, 'count'>[]) => boxes.reduce((n, b) => n + b.count, 0);

export const carrierNameOf = (code: string) => FREIGHT_CARRIERS[code as keyof typeof FREIGHT_CARRIERS] ?? code;

/** The freight carrier of a code (its real adapter when configured, else the sandbox's), or a 422. */
export function freightCarrier(deps: AppDeps, code: string): FreightCarrier {
  const factory = deps.carriers.freight(code);
  if (!factory) throw new ApiError(422, `${code} carries no B2B freight`);
  return factory(deps);
}

/** +91 and ten digits, as carriers take phones. */
const phone91 = (phone: string) => `+91${phone.replace(/\D/g, '').slice(-10)}`;

export function warehouseParty(w: Warehouse): FreightParty {
  return {
    businessName: w.businessName,
    gstin: w.gstin,
    address: [w.addressLine1, w.addressLine2].filter(Boolean).join(', '),
    city: w.city,
    state: w.state,
    pincode: w.pincode,
    phone: phone91(w.phone),
    ...(w.email ? { email: w.email } : {}),
  };
}

export function consigneeParty(f: Facts): FreightParty {
  const a = f.consigneeAddress;
  return {
    businessName: f.consigneeName,
    gstin: f.consigneeGstin,
    address: [a.line1, a.line2].filter(Boolean).join(', '),
    city: a.city,
    state: a.state,
    pincode: a.pincode,
    phone: phone91(f.consigneePhone),
    ...(f.consigneeEmail ? { email: f.consigneeEmail } : {}),
  };
}

/** An invoice as a carrier takes it: an e-way bill only while it is active. */
export function freightInvoice(i: Invoice): FreightInvoice {
  const active = i.ewayBillStatus === 'ACT' ? i.ewayBillNumber : null;
  return {
    number: i.invoiceNumber,
    date: i.invoiceDate,
    valuePaise: i.valuePaise,
    ewayBillNumber: active,
    ...(active && i.ewayBillExpiresAt ? { ewayBillValidUntil: i.ewayBillExpiresAt } : {}),
  };
}

/** The name the carrier registered the origin warehouse under, or null when it has none. */
export async function registeredName(db: Executor, warehouseId: number, carrierCode: string): Promise<string | null> {
  const [r] = await db
    .select({ name: b2bWarehouseRegistrations.registeredName })
    .from(b2bWarehouseRegistrations)
    .where(
      and(
        eq(b2bWarehouseRegistrations.warehouseId, warehouseId),
        eq(b2bWarehouseRegistrations.carrierCode, carrierCode),
      ),
    );
  return r?.name ?? null;
}

/** The booking a carrier is asked for: the order number is the shipper's reference, so a repeat finds the same LR. */
export function consignmentRequest(c: Consignment, warehouseName: string, bookedAt: Date): ConsignmentRequest {
  const f = c.facts;
  return {
    reference: c.order.orderNumber,
    consignor: { ...warehouseParty(c.origin), warehouseName },
    consignee: consigneeParty(f),
    boxes: c.boxes.map((b) => ({
      lengthCm: b.lengthCm,
      breadthCm: b.breadthCm,
      heightCm: b.heightCm,
      weightKg: b.weightKg,
      count: b.count,
    })),
    invoices: c.invoices.map(freightInvoice),
    goodsDescription: f.goodsDescription,
    freightPayment: f.freightPayer,
    risk: f.risk,
    handover: f.handover,
    ...(f.appointmentDate && f.appointmentStart && f.appointmentEnd
      ? {
          appointment: {
            date: f.appointmentDate,
            startTime: f.appointmentStart,
            endTime: f.appointmentEnd,
            poNumbers: f.poNumbers,
          },
        }
      : {}),
    bookedAt,
  };
}

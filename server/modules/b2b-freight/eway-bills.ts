import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { b2bInvoices } from '../../db/schema';
import { ApiError, conflict } from '../../http/errors';
import { CourierError } from '../../carriers/courier-error';
import type { GenerateRequest, Party, PartB, Refused } from '../../eway-bills/provider';
import { gstStateCode } from '../../../src/domain/gstin';
import { expiresAt, istDayStart } from '../../../src/domain/b2b/eway-bill-validity';
import { goodsTotals, isInterState } from '../../../src/domain/b2b/goods-lines';
import { B2B_MSG } from '../../../src/domain/b2b/messages';
import { EXTEND_REASONS, extendRefusal, PART_B_REASONS } from '../../../src/domain/b2b/eway-bill-lifecycle';
import { fieldLabel } from '../../../src/domain/schemas/labels';
import type { B2bInvoiceRow } from '../../../src/domain/b2b-contract';
import type {
  EwayBillEnterInput,
  EwayBillExtendInput,
  EwayBillGenerateInput,
  EwayBillPartBInput,
} from '../../../src/domain/schemas/b2b';
import type { SellerCaller } from '../../http/router';
import { ownB2bOrder, toInvoiceRow } from '../b2b/detail';
import {
  carrierNameOf,
  freightCarrier,
  freightInvoice,
  invoiceOf,
  loadConsignment,
  type Consignment,
  type Invoice,
} from './consignment';

// An invoice's e-way bill: generated through the provider (NIC, or the sandbox) with Part A from
// the order's parties and invoice and Part B when the vehicle is given; or a 12-digit number the
// seller already has; extended in its window; its vehicle changed. The portal's refusals reach the
// seller in the portal's own words. A booked consignment's carrier is told the new or changed bill.

const MS_PER_DAY = 24 * 3600_000;

function portalRefusal(r: Refused): ApiError {
  return r.reason === 'UNAVAILABLE'
    ? new ApiError(503, `The e-way bill portal did not answer; try again in a few minutes (${r.detail})`)
    : new ApiError(422, `The e-way bill portal refused it: ${r.detail}`);
}

/** NIC's codes for a reason or remarks it will not take (307 reason, 308 remarks, 386 extension's both). */
const REASON_CODES = new Set(['307', '308', '386']);

/**
 * The portal's refusal, in words; one of the reason or its remarks names the field by its label
 * and the reason by name (the seller chose a name, never a code).
 */
function changeRefusal(r: Refused, field: 'vehicleReason' | 'extendReason', reasonName: string): ApiError {
  if (r.reason === 'REFUSED' && r.codes.some((c) => REASON_CODES.has(c)))
    return new ApiError(
      422,
      `${fieldLabel(field)}: the e-way bill portal would not take “${reasonName}” with these remarks; say in the remarks what happened, or choose another reason`,
    );
  return portalRefusal(r);
}

function stateCode(state: string): number {
  return Number(gstStateCode(state) ?? 0);
}

function partiesOf(c: Consignment): { from: Party; to: Party } {
  const o = c.origin;
  const a = c.facts.consigneeAddress;
  return {
    from: {
      gstin: o.gstin ?? 'URP',
      tradeName: o.businessName,
      address1: o.addressLine1,
      ...(o.addressLine2 ? { address2: o.addressLine2 } : {}),
      place: o.city,
      pincode: o.pincode,
      stateCode: stateCode(o.state),
    },
    to: {
      gstin: c.facts.consigneeGstin ?? 'URP',
      tradeName: c.facts.consigneeName,
      address1: a.line1,
      ...(a.line2 ? { address2: a.line2 } : {}),
      place: a.city,
      pincode: a.pincode,
      stateCode: stateCode(a.state),
    },
  };
}

function partBOf(c: Consignment, vehicleNo: string, overDimensional = false): PartB {
  return {
    mode: 'ROAD',
    vehicleNo,
    overDimensional,
    ...(c.facts.lrNumber && c.facts.bookedAt
      ? { transportDocNo: c.facts.lrNumber, transportDocDate: c.facts.bookedAt.toISOString().slice(0, 10) }
      : {}),
  };
}

const interStateOf = (c: Consignment) => isInterState(c.origin.state, c.facts.consigneeAddress.state);

/**
 * Part A from the order: the parties, and the invoice's goods line by line with their HSN codes,
 * taxable values and GST (IGST across states, CGST and SGST within one), the totals theirs.
 */
function generateRequest(c: Consignment, invoice: Invoice, input: EwayBillGenerateInput): GenerateRequest {
  const interState = interStateOf(c);
  const totals = goodsTotals(invoice.goods, interState);
  return {
    supplyType: 'OUTWARD',
    subSupplyType: 1,
    docType: 'INV',
    docNo: invoice.invoiceNumber,
    docDate: invoice.invoiceDate,
    ...partiesOf(c),
    transactionType: 1,
    items: invoice.goods.map((l) => ({
      productName: l.goodsName,
      hsnCode: l.hsnCode,
      quantity: l.quantity,
      unit: l.quantityUnit,
      taxableValuePaise: l.taxableValuePaise,
      cgstRate: interState ? 0 : l.gstRate / 2,
      sgstRate: interState ? 0 : l.gstRate / 2,
      igstRate: interState ? l.gstRate : 0,
    })),
    cgstPaise: totals.cgstPaise,
    sgstPaise: totals.sgstPaise,
    igstPaise: totals.igstPaise,
    cessPaise: 0,
    // the invoice's value as the seller gave it: its lines' sum within the rupee of rounding
    totalInvoicePaise: invoice.valuePaise,
    distanceKm: input.transDistance,
    transporterId: '',
    transporterName: c.facts.carrierCode ? carrierNameOf(c.facts.carrierCode) : '',
    partB: input.vehicleNumber ? partBOf(c, input.vehicleNumber, input.overDimensional) : null,
  };
}

/** The order's consignment and the invoice asked for; a cancelled or delivered order's bills stay as they are. */
async function invoiceToBill(deps: AppDeps, caller: SellerCaller, orderId: number, invoiceId: number) {
  const order = await ownB2bOrder(deps.db, caller.orgId, orderId);
  const c = await loadConsignment(deps.db, order);
  const invoice = invoiceOf(c, invoiceId);
  if (['CAN', 'DLV'].includes(order.status))
    throw conflict(
      `This order is ${order.status === 'CAN' ? 'cancelled' : 'delivered'}; its e-way bills no longer change`,
    );
  return { c, invoice };
}

function assertHasBill(invoice: Invoice): asserts invoice is Invoice & { ewayBillNumber: string } {
  if (!invoice.ewayBillNumber || invoice.ewayBillStatus === 'CNL')
    throw conflict(`Invoice ${invoice.invoiceNumber} has no e-way bill yet: generate or enter one first`);
}

/** Saves the invoice's bill and tells a booked consignment's carrier; answers the invoice. */
async function saveBill(
  deps: AppDeps,
  c: Consignment,
  invoiceId: number,
  set: Partial<typeof b2bInvoices.$inferInsert>,
): Promise<B2bInvoiceRow> {
  const [saved] = await deps.db.update(b2bInvoices).set(set).where(eq(b2bInvoices.id, invoiceId)).returning();
  if (c.facts.lrNumber && c.facts.carrierCode && c.facts.bookingState === 'BOOKED')
    await tellCarrier(deps, c.facts.carrierCode, c.facts.lrNumber, saved);
  return toInvoiceRow(saved, deps.now(), interStateOf(c));
}

/** The carrier hears the bill; a carrier that cannot take it (Gati's desk does it by hand) does not undo it. */
async function tellCarrier(deps: AppDeps, carrierCode: string, lrNumber: string, invoice: Invoice): Promise<void> {
  try {
    await freightCarrier(deps, carrierCode).updateEwaybill(lrNumber, freightInvoice(invoice));
  } catch (e) {
    if (!(e instanceof CourierError)) throw e;
    console.warn(`[b2b] ${carrierCode} did not take the e-way bill of LR ${lrNumber}: ${e.remark}`);
  }
}

export async function generateEwayBill(
  deps: AppDeps,
  caller: SellerCaller,
  orderId: number,
  invoiceId: number,
  input: EwayBillGenerateInput,
): Promise<B2bInvoiceRow> {
  const { c, invoice } = await invoiceToBill(deps, caller, orderId, invoiceId);
  if (invoice.ewayBillNumber && invoice.ewayBillStatus === 'ACT')
    throw conflict(`Invoice ${invoice.invoiceNumber} already has e-way bill ${invoice.ewayBillNumber}`);
  if (invoice.goods.length === 0) throw conflict(B2B_MSG.noGoodsLines(invoice.invoiceNumber));
  const issued = await deps.ewayBills.generate(generateRequest(c, invoice, input));
  if (!issued.ok) throw portalRefusal(issued);
  return saveBill(deps, c, invoiceId, {
    ewayBillNumber: issued.ewayBillNumber,
    ewayBillSource: 'GENERATED',
    ewayBillGeneratedAt: new Date(issued.generatedAt),
    ewayBillExpiresAt: issued.expiresAt === null ? null : new Date(issued.expiresAt),
    ewayBillStatus: 'ACT',
    ewayBillDistanceKm: input.transDistance,
    vehicleNumber: input.vehicleNumber,
    partBState: input.vehicleNumber ? 'ADDED' : 'NONE',
  });
}

/** A number the seller already has: the portal's record when it has one (it must be this invoice's), else its validity from the day and distance. */
export async function enterEwayBill(
  deps: AppDeps,
  caller: SellerCaller,
  orderId: number,
  invoiceId: number,
  input: EwayBillEnterInput,
): Promise<B2bInvoiceRow> {
  const { c, invoice } = await invoiceToBill(deps, caller, orderId, invoiceId);
  const record = await deps.ewayBills.get(input.ewayBillNumber);
  if (!record.ok && (record.reason === 'UNAVAILABLE' || !deps.ewayBills.sandbox)) throw portalRefusal(record);
  if (record.ok && record.docNo.toLowerCase() !== invoice.invoiceNumber.toLowerCase())
    throw conflict(
      `E-way bill ${input.ewayBillNumber} is for document ${record.docNo}, not invoice ${invoice.invoiceNumber}`,
    );
  if (record.ok && record.status !== 'ACT') throw conflict(`E-way bill ${input.ewayBillNumber} is not active`);
  // the portal's own validity when it answered; else a bill made on that IST day for that distance
  const generatedAt = record.ok ? record.generatedAt : istDayStart(Date.parse(`${input.ewayBillDate}T00:00:00+05:30`));
  const expires = record.ok ? record.expiresAt : expiresAt(generatedAt, { distanceKm: input.transDistance });
  if (expires !== null && expires <= deps.now().getTime())
    throw conflict(
      `E-way bill ${input.ewayBillNumber} has expired: made on ${input.ewayBillDate} for ${input.transDistance} km, it was valid for ${Math.round((expires - generatedAt) / MS_PER_DAY) - 1} day(s)`,
    );
  return saveBill(deps, c, invoiceId, {
    ewayBillNumber: input.ewayBillNumber,
    ewayBillSource: 'ENTERED',
    ewayBillGeneratedAt: new Date(generatedAt),
    ewayBillExpiresAt: expires === null ? null : new Date(expires),
    ewayBillStatus: 'ACT',
    ewayBillDistanceKm: input.transDistance,
    vehicleNumber: record.ok ? record.vehicleNo : null,
    partBState: record.ok && record.vehicleNo ? 'ADDED' : expires === null ? 'NONE' : 'ADDED',
  });
}

export async function extendEwayBill(
  deps: AppDeps,
  caller: SellerCaller,
  orderId: number,
  invoiceId: number,
  input: EwayBillExtendInput,
): Promise<B2bInvoiceRow> {
  const { c, invoice } = await invoiceToBill(deps, caller, orderId, invoiceId);
  assertHasBill(invoice);
  // the product's own rule first, in its words: the window and Part B
  const refusal = extendRefusal(
    {
      status: invoice.ewayBillStatus ?? 'ACT',
      generatedAt: invoice.ewayBillGeneratedAt?.getTime() ?? 0,
      expiresAt: invoice.ewayBillExpiresAt?.getTime() ?? Infinity,
      hasPartB: invoice.partBState === 'ADDED',
    },
    deps.now().getTime(),
  );
  if (refusal) throw conflict(refusal);
  // from where the goods are now, as the seller says
  const updated = await deps.ewayBills.extend({
    ewayBillNumber: invoice.ewayBillNumber,
    partB: partBOf(c, input.vehicleNumber),
    fromPlace: input.currentPlace,
    fromStateCode: stateCode(input.currentState),
    fromPincode: input.currentPincode,
    remainingKm: input.remainingDistance,
    reason: input.extendReason,
    remarks: input.extendRemarks,
  });
  if (!updated.ok) throw changeRefusal(updated, 'extendReason', EXTEND_REASONS[input.extendReason]);
  return saveBill(deps, c, invoiceId, {
    ewayBillExpiresAt: updated.expiresAt === null ? null : new Date(updated.expiresAt),
    ewayBillStatus: 'ACT',
    vehicleNumber: input.vehicleNumber,
    partBState: 'ADDED',
  });
}

export async function updatePartB(
  deps: AppDeps,
  caller: SellerCaller,
  orderId: number,
  invoiceId: number,
  input: EwayBillPartBInput,
): Promise<B2bInvoiceRow> {
  const { c, invoice } = await invoiceToBill(deps, caller, orderId, invoiceId);
  assertHasBill(invoice);
  if (invoice.ewayBillStatus !== 'ACT') throw conflict(`E-way bill ${invoice.ewayBillNumber} is not active`);
  // by road the vehicle; by rail, air or ship the transport document the seller gives
  const partB: PartB =
    input.transMode === 'ROAD'
      ? partBOf(c, input.vehicleNumber)
      : {
          mode: input.transMode,
          transportDocNo: input.transportDocNumber,
          transportDocDate: input.transportDocDate,
        };
  const updated = await deps.ewayBills.updatePartB({
    ewayBillNumber: invoice.ewayBillNumber,
    partB,
    fromPlace: input.fromPlace,
    fromStateCode: stateCode(input.fromState),
    reason: input.vehicleReason,
    // NIC takes remarks with every reason: the reason's name when the seller wrote none
    remarks: input.vehicleRemarks || PART_B_REASONS[input.vehicleReason],
  });
  if (!updated.ok) throw changeRefusal(updated, 'vehicleReason', PART_B_REASONS[input.vehicleReason]);
  return saveBill(deps, c, invoiceId, {
    ewayBillExpiresAt: updated.expiresAt === null ? invoice.ewayBillExpiresAt : new Date(updated.expiresAt),
    vehicleNumber: input.transMode === 'ROAD' ? input.vehicleNumber : input.transportDocNumber,
    partBState: 'ADDED',
  });
}

import type { B2bWarehouseRow } from '../b2b-contract';
import { paiseOf } from '../money';
import { B2bOrderBody, type B2bOrderInput, type B2bQuoteInput } from '../schemas/b2b';
import { checkForm, numberOrUndefined, type FormCheck } from '../schemas/form-check';
import { lineTaxPaise, type GstRate, type QuantityUnit } from './goods-lines';
import type { HandoverCode } from './order-facts';
import type { FreightPayer, RiskBearer } from './quote';

const num = numberOrUndefined;

// The new B2B order form's draft: what the seller types (text, as typed), and how it becomes the
// API's body and the rate calculator's question. The consignee is typed, or one of the seller's
// consignee warehouses; the boxes are rows of one size and weight; the invoices one or more.

export interface B2bOrderDraft {
  /** '' for the next number */
  orderNumber: string;
  /** a consignee warehouse chosen instead of typing the consignee; '' when typed */
  consigneeWarehouseId: string;
  businessName: string;
  gstin: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  addressLine1: string;
  addressLine2: string;
  pincode: string;
  originWarehouseId: string;
  goodsDescription: string;
  freightPayer: FreightPayer;
  risk: RiskBearer;
  handover: HandoverCode;
  appointment: boolean;
  appointmentDate: string;
  slotStart: string;
  slotEnd: string;
}

export type B2bDraftField = keyof B2bOrderDraft;

export interface BoxDraft {
  lengthCm: string;
  breadthCm: string;
  heightCm: string;
  weightKg: string;
  count: string;
}

/** A goods line of an invoice, as typed. */
export interface GoodsLineDraft {
  goodsName: string;
  hsnCode: string;
  quantity: string;
  quantityUnit: QuantityUnit;
  /** rupees, as typed */
  taxableValue: string;
  gstRate: string;
}

export interface InvoiceDraft {
  number: string;
  date: string;
  /** rupees, as typed */
  value: string;
  ewayBillNumber: string;
  /** the stored invoice file (a private file), once uploaded */
  fileId: string | null;
  fileName: string | null;
  /** its goods line by line; a line left wholly blank is not sent */
  goods: GoodsLineDraft[];
}

export const blankB2bDraft = (): B2bOrderDraft => ({
  orderNumber: '',
  consigneeWarehouseId: '',
  businessName: '',
  gstin: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  addressLine1: '',
  addressLine2: '',
  pincode: '',
  originWarehouseId: '',
  goodsDescription: '',
  freightPayer: 'PAID',
  risk: 'OWNER',
  handover: 'PICKUP',
  appointment: false,
  appointmentDate: '',
  slotStart: '',
  slotEnd: '',
});

export const blankBox = (): BoxDraft => ({ lengthCm: '', breadthCm: '', heightCm: '', weightKg: '', count: '1' });

export const blankGoodsLine = (): GoodsLineDraft => ({
  goodsName: '',
  hsnCode: '',
  quantity: '',
  quantityUnit: 'NOS',
  taxableValue: '',
  gstRate: '18',
});

export const blankInvoice = (date = ''): InvoiceDraft => ({
  number: '',
  date,
  value: '',
  ewayBillNumber: '',
  fileId: null,
  fileName: null,
  goods: [blankGoodsLine()],
});

const TYPED_LINE_FIELDS = ['goodsName', 'hsnCode', 'quantity', 'taxableValue'] as const;
/** Whether the seller typed anything on a goods line (its unit and rate start chosen). */
const typedLine = (l: GoodsLineDraft) => TYPED_LINE_FIELDS.some((f) => l[f].trim() !== '');

/** An invoice's goods lines as the API reads them, lines left blank left out. */
export const goodsOf = (lines: GoodsLineDraft[]) =>
  lines.filter(typedLine).map((l) => ({
    goodsName: l.goodsName,
    hsnCode: l.hsnCode,
    quantity: num(l.quantity),
    quantityUnit: l.quantityUnit,
    taxableValuePaise: l.taxableValue.trim() === '' ? undefined : paiseOf(Number(l.taxableValue)),
    gstRate: num(l.gstRate),
  }));

/** What an invoice's typed lines come to with their GST, paise (a value not yet a number counts as none). */
export function goodsDraftTotalPaise(lines: GoodsLineDraft[]): number {
  return lines.reduce((sum, l) => {
    const taxable = Number(l.taxableValue);
    if (l.taxableValue.trim() === '' || !Number.isFinite(taxable) || taxable <= 0) return sum;
    const taxablePaise = paiseOf(taxable);
    return (
      sum + taxablePaise + lineTaxPaise({ taxableValuePaise: taxablePaise, gstRate: Number(l.gstRate) as GstRate })
    );
  }, 0);
}

/** The boxes as the API reads them. */
export const boxesOf = (boxes: BoxDraft[]) =>
  boxes.map((b) => ({
    lengthCm: num(b.lengthCm),
    breadthCm: num(b.breadthCm),
    heightCm: num(b.heightCm),
    weightKg: num(b.weightKg),
    count: num(b.count),
  }));

/** Every invoice's value together, in paise (a value not yet a number counts as none). */
export function invoicesTotalPaise(invoices: InvoiceDraft[]): number {
  return invoices.reduce((sum, i) => {
    const n = Number(i.value);
    return i.value.trim() !== '' && Number.isFinite(n) && n > 0 ? sum + paiseOf(n) : sum;
  }, 0);
}

/** How many boxes the rows make (a count not yet a whole number counts as none). */
export const boxCountOf = (boxes: BoxDraft[]) =>
  boxes.reduce((sum, b) => sum + (Number.isInteger(Number(b.count)) ? Number(b.count) : 0), 0);

/** A warehouse as the form needs it: the seller's own (origin) or a consignee's. */
export type DraftWarehouse = Pick<B2bWarehouseRow, 'warehouseId' | 'warehouseKind' | 'warehouseName' | 'pincode'>;

/** What the rate calculator is asked for this draft. */
export type B2bQuestion = B2bQuoteInput;

const positive = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n) && n > 0;

/**
 * The rate calculator's question for a draft, or null while it cannot be priced yet: both ends'
 * pincodes known, every box row complete, some invoice value.
 */
export function b2bQuestionOf(
  draft: B2bOrderDraft,
  boxes: BoxDraft[],
  invoices: InvoiceDraft[],
  warehouses: DraftWarehouse[],
): B2bQuestion | null {
  const byId = (id: string) => warehouses.find((w) => String(w.warehouseId) === id);
  const originPincode = byId(draft.originWarehouseId)?.pincode ?? '';
  const destinationPincode = draft.consigneeWarehouseId
    ? (byId(draft.consigneeWarehouseId)?.pincode ?? '')
    : draft.pincode.trim();
  const rows = boxesOf(boxes);
  const complete = rows.every(
    (b) =>
      positive(b.lengthCm) &&
      positive(b.breadthCm) &&
      positive(b.heightCm) &&
      positive(b.weightKg) &&
      positive(b.count),
  );
  const invoiceValuePaise = invoicesTotalPaise(invoices);
  if (!/^\d{6}$/.test(originPincode) || !/^\d{6}$/.test(destinationPincode) || !complete || invoiceValuePaise <= 0)
    return null;
  return {
    originPincode,
    destinationPincode,
    boxes: rows as B2bQuestion['boxes'],
    oda: false,
    greenTax: false,
    invoiceValuePaise,
    freightPayer: draft.freightPayer,
    risk: draft.risk,
    appointment: draft.appointment,
  };
}

/** The parts of a draft that make the API's body. */
export interface B2bDraftParts {
  draft: B2bOrderDraft;
  boxes: BoxDraft[];
  invoices: InvoiceDraft[];
  poNumbers: string[];
}

/** The draft checked as the API will check it: the body, or every error under its field. */
/** The API's body for a draft: the consignee typed, or the consignee warehouse chosen. */
export function b2bOrderBody({ draft: d, boxes, invoices, poNumbers }: B2bDraftParts) {
  const chosen = d.consigneeWarehouseId !== '';
  return {
    orderNumber: d.orderNumber,
    originWarehouseId: num(d.originWarehouseId),
    consigneeWarehouseId: chosen ? num(d.consigneeWarehouseId) : null,
    consignee: chosen
      ? null
      : {
          businessName: d.businessName,
          gstin: d.gstin,
          contactName: d.contactName,
          contactPhone: d.contactPhone,
          contactEmail: d.contactEmail,
          addressLine1: d.addressLine1,
          addressLine2: d.addressLine2,
          pincode: d.pincode,
        },
    goodsDescription: d.goodsDescription,
    boxes: boxesOf(boxes),
    invoices: invoices.map((i) => ({
      invoiceNumber: i.number,
      invoiceDate: i.date,
      invoiceValuePaise: i.value.trim() === '' ? undefined : paiseOf(Number(i.value)),
      ewayBillNumber: i.ewayBillNumber.trim() === '' ? null : i.ewayBillNumber,
      invoiceFileId: i.fileId,
      goods: goodsOf(i.goods),
    })),
    freightPayer: d.freightPayer,
    risk: d.risk,
    handover: d.handover,
    appointment: d.appointment
      ? { appointmentDate: d.appointmentDate, slotStart: d.slotStart, slotEnd: d.slotEnd, poNumbers }
      : null,
  };
}

export function checkB2bOrder(parts: B2bDraftParts): FormCheck<B2bOrderInput> {
  return checkForm(B2bOrderBody, b2bOrderBody(parts));
}

import { istDay } from './format';
import { orderTotalPaise } from './schemas/order';
import { numberOrUndefined } from './schemas/form-check';
import type { PackageTypeRow, ProductRow } from './setup-contract';
import { chargedWeightKg, volumetricWeightKg } from './weights';

// The add-order form's draft: what the seller types (text, as typed), how it becomes the API's
// body (src/domain/schemas/order.ts checks it), what a chosen product fills in, and the totals
// and weights shown as the draft changes.

export interface OrderDraft {
  orderNumber: string;
  orderDate: string;
  channel: string;
  paymentMethod: string;
  /** one of the seller's own payment modes by code (Premium); '' for none */
  paymentModeCode: string;
  fulfilment: string;
  buyerName: string;
  buyerPhone: string;
  buyerEmail: string;
  line1: string;
  line2: string;
  pincode: string;
  billingSame: boolean;
  billLine1: string;
  billLine2: string;
  billPincode: string;
  discount: string;
  shippingCharges: string;
  packageTypeId: string;
  lengthCm: string;
  breadthCm: string;
  heightCm: string;
  deadWeightKg: string;
  pickupAddressId: string;
}

export type DraftField = keyof OrderDraft;

export interface ItemDraft {
  productId: number | null;
  name: string;
  sku: string;
  quantity: string;
  unitPrice: string;
  taxRatePercent: string;
  hsnCode: string;
}

export const blankItem = (): ItemDraft => ({
  productId: null,
  name: '',
  sku: '',
  quantity: '1',
  unitPrice: '',
  taxRatePercent: '18',
  hsnCode: '',
});

export const blankOrderDraft = (today: string = istDay()): OrderDraft => ({
  orderNumber: '',
  orderDate: today,
  channel: 'DAKIYA',
  paymentMethod: 'PPD',
  paymentModeCode: '',
  fulfilment: 'SELF',
  buyerName: '',
  buyerPhone: '',
  buyerEmail: '',
  line1: '',
  line2: '',
  pincode: '',
  billingSame: true,
  billLine1: '',
  billLine2: '',
  billPincode: '',
  discount: '',
  shippingCharges: '',
  packageTypeId: '',
  lengthCm: '',
  breadthCm: '',
  heightCm: '',
  deadWeightKg: '',
  pickupAddressId: '',
});

/** The schema's field an input feeds (its error shows there, and a change clears it). */
export const ERROR_FIELD_OF: Partial<Record<DraftField, string>> = {
  line1: 'shipping',
  line2: 'shipping',
  pincode: 'shipping',
  billLine1: 'billing',
  billLine2: 'billing',
  billPincode: 'billing',
  billingSame: 'form',
  discount: 'form',
  shippingCharges: 'form',
};

/** Inputs whose change also clears the whole form's message (the package's size rule). */
export const PACKAGE_FIELDS: readonly DraftField[] = ['packageTypeId', 'lengthCm', 'breadthCm', 'heightCm'];

/** Fields a server refusal may name; its message lands under that field. */
export const SERVER_ERROR_FIELDS = [
  'pickupAddressId',
  'packageTypeId',
  'items',
  'billing',
  'shipping',
  'orderNumber',
  'paymentModeCode',
];

const isNamed = (it: ItemDraft) => !!(it.name || it.sku);

/** The draft as the API's body (before the schema checks it). */
export function orderDraftBody(d: OrderDraft, items: readonly ItemDraft[]): Record<string, unknown> {
  return {
    orderNumber: d.orderNumber,
    orderDate: d.orderDate,
    channel: d.channel,
    paymentMethod: d.paymentMethod,
    paymentModeCode: d.paymentModeCode,
    fulfilment: d.fulfilment,
    buyerName: d.buyerName,
    buyerPhone: d.buyerPhone,
    buyerEmail: d.buyerEmail,
    shipping: { line1: d.line1, line2: d.line2, pincode: d.pincode },
    billingSameAsShipping: d.billingSame,
    billing: d.billingSame ? null : { line1: d.billLine1, line2: d.billLine2, pincode: d.billPincode },
    items: items.filter(isNamed).map((it) => ({
      productId: it.productId,
      name: it.name,
      sku: it.sku,
      quantity: numberOrUndefined(it.quantity),
      unitPrice: numberOrUndefined(it.unitPrice),
      taxRatePercent: numberOrUndefined(it.taxRatePercent),
      hsnCode: it.hsnCode,
    })),
    discount: numberOrUndefined(d.discount) ?? 0,
    shippingCharges: numberOrUndefined(d.shippingCharges) ?? 0,
    packageTypeId: d.packageTypeId ? Number(d.packageTypeId) : null,
    lengthCm: d.packageTypeId ? null : (numberOrUndefined(d.lengthCm) ?? null),
    breadthCm: d.packageTypeId ? null : (numberOrUndefined(d.breadthCm) ?? null),
    heightCm: d.packageTypeId ? null : (numberOrUndefined(d.heightCm) ?? null),
    deadWeightKg: numberOrUndefined(d.deadWeightKg),
    pickupAddressId: numberOrUndefined(d.pickupAddressId),
  };
}

/** A chosen product: its line replaces the empty ones, and its weight and size fill what is still empty. */
export function withProduct(
  d: OrderDraft,
  items: readonly ItemDraft[],
  p: ProductRow,
): { draft: OrderDraft; items: ItemDraft[] } {
  const line: ItemDraft = {
    productId: p.productId,
    name: p.productName,
    sku: p.sku,
    quantity: '1',
    unitPrice: String(p.price),
    taxRatePercent: String(p.taxRatePercent),
    hsnCode: p.hsnCode,
  };
  const draft = d.deadWeightKg
    ? d
    : {
        ...d,
        deadWeightKg: String(p.weightKg),
        lengthCm: d.lengthCm || String(p.lengthCm),
        breadthCm: d.breadthCm || String(p.breadthCm),
        heightCm: d.heightCm || String(p.heightCm),
      };
  return { draft, items: [...items.filter(isNamed), line] };
}

/** Errors a chosen product's prefill makes moot. */
export const PRODUCT_CLEARS = ['items', 'deadWeightKg', 'lengthCm', 'breadthCm', 'heightCm', 'form'];

/** The total to show (paise, never below zero) from the draft as typed. */
export function orderDraftTotalPaise(d: OrderDraft, items: readonly ItemDraft[]): number {
  const total = orderTotalPaise({
    items: items.map((it) => ({ quantity: Number(it.quantity) || 0, unitPrice: Number(it.unitPrice) || 0 })),
    discount: Number(d.discount) || 0,
    shippingCharges: Number(d.shippingCharges) || 0,
  });
  return Math.max(0, total);
}

/** Volumetric and charged weight of the draft's package (null until known). */
export function orderDraftWeights(
  d: OrderDraft,
  packages: readonly PackageTypeRow[],
): { volumetricKg: number | null; chargedKg: number | null } {
  const pkg = packages.find((p) => String(p.packageTypeId) === d.packageTypeId);
  const dims = pkg
    ? { lengthCm: pkg.packageLength, breadthCm: pkg.packageBreadth, heightCm: pkg.packageHeight }
    : { lengthCm: Number(d.lengthCm), breadthCm: Number(d.breadthCm), heightCm: Number(d.heightCm) };
  const known = dims.lengthCm > 0 && dims.breadthCm > 0 && dims.heightCm > 0;
  const dead = Number(d.deadWeightKg);
  return {
    volumetricKg: known ? volumetricWeightKg(dims) : null,
    chargedKg: known && dead > 0 ? chargedWeightKg(dead, dims) : null,
  };
}

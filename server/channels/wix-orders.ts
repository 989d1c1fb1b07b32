import type { ChannelOrder } from './adapter';
import { istDay, rupees } from './http';

// Wix's eCommerce order (https://dev.wix.com/docs/rest/business-solutions/e-commerce/orders)
// read as a channel order, and the order found inside a webhook event's body.

interface WixAddress {
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  subdivision?: string;
  country?: string;
  postalCode?: string;
}
interface WixContact {
  firstName?: string;
  lastName?: string;
  phone?: string;
}
interface WixAmount {
  amount?: string;
}
export interface WixLineItem {
  id: string;
  productName?: { original?: string };
  catalogReference?: { catalogItemId?: string };
  quantity: number;
  price?: WixAmount;
  physicalProperties?: { sku?: string; weight?: number };
}
export interface WixOrder {
  id: string;
  number: string;
  createdDate?: string;
  /** INITIALIZED, APPROVED, CANCELED, PENDING, REJECTED */
  status: string;
  /** PAID, NOT_PAID, PARTIALLY_PAID, PENDING, … */
  paymentStatus?: string;
  buyerInfo?: { email?: string };
  lineItems: WixLineItem[];
  shippingInfo?: { logistics?: { shippingDestination?: { address?: WixAddress; contactDetails?: WixContact } } };
  billingInfo?: { address?: WixAddress; contactDetails?: WixContact };
  priceSummary?: { shipping?: WixAmount; discount?: WixAmount };
  /** KG or LB: the unit of line items' weight */
  weightUnit?: string;
}

const LB_GRAMS = 453.592;

export function wixOrder(o: WixOrder): ChannelOrder {
  const ship = o.shippingInfo?.logistics?.shippingDestination;
  const address = ship?.address ?? o.billingInfo?.address ?? {};
  const contact = ship?.contactDetails ?? o.billingInfo?.contactDetails ?? {};
  const gramsPer = o.weightUnit === 'LB' ? LB_GRAMS : 1000;
  return {
    channelOrderId: o.id,
    orderNumber: String(o.number ?? o.id),
    orderDate: istDay(o.createdDate ?? ''),
    // an order not paid online (cash on delivery is one of Wix's manual payments) is collected at the door
    paymentMethod: o.paymentStatus === 'PAID' ? 'PPD' : 'COD',
    buyerName: [contact.firstName, contact.lastName].filter(Boolean).join(' ').trim(),
    buyerPhone: contact.phone || o.billingInfo?.contactDetails?.phone || '',
    buyerEmail: o.buyerInfo?.email ?? '',
    shipping: {
      line1: address.addressLine1 ?? '',
      line2: [address.addressLine2, address.city].filter(Boolean).join(', '),
      pincode: (address.postalCode ?? '').replace(/\s/g, ''),
    },
    items: o.lineItems.map((l) => ({
      channelProductId: l.catalogReference?.catalogItemId ?? l.id,
      name: l.productName?.original ?? 'Item',
      sku: l.physicalProperties?.sku || `WIX-${(l.catalogReference?.catalogItemId ?? l.id).slice(0, 12)}`,
      quantity: l.quantity,
      unitPrice: rupees(l.price?.amount),
      grams: Math.round((l.physicalProperties?.weight ?? 0) * gramsPer),
    })),
    discount: rupees(o.priceSummary?.discount?.amount),
    shippingCharges: rupees(o.priceSummary?.shipping?.amount),
    cancelled: o.status === 'CANCELED',
  };
}

const record = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** The order an event carries: a created entity, an updated current entity, or an action's order. */
export function orderInEvent(body: unknown): WixOrder | null {
  const b = record(body);
  const candidate =
    record(record(b?.createdEvent)?.entity) ??
    record(record(b?.updatedEvent)?.currentEntity) ??
    record(record(record(b?.actionEvent)?.body)?.order);
  return candidate && typeof candidate.id === 'string' && Array.isArray(candidate.lineItems)
    ? (candidate as unknown as WixOrder)
    : null;
}

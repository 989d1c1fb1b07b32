import type { ChannelOrder, ChannelProduct } from './adapter';
import { istDay, rupees } from './http';

// Shopify's orders and products in Dakiya's words. Two shapes come in: the GraphQL Admin API's
// (a sync reads it) and the webhook payload, which Shopify still serialises in its REST
// resource shape. Both are keyed by the numeric id (legacyResourceId), as stores connected
// before the GraphQL move already keep their orders and product mappings.

interface RestAddress {
  name?: string;
  first_name?: string;
  last_name?: string;
  address1?: string;
  address2?: string | null;
  zip?: string;
  phone?: string | null;
}
/** An order as a webhook carries it. */
export interface ShopifyWebhookOrder {
  id: number;
  name: string;
  order_number?: number;
  created_at: string;
  cancelled_at?: string | null;
  email?: string;
  phone?: string | null;
  financial_status?: string;
  payment_gateway_names?: string[];
  customer?: { email?: string; phone?: string | null; first_name?: string; last_name?: string } | null;
  shipping_address?: RestAddress | null;
  billing_address?: RestAddress | null;
  line_items: {
    product_id: number | null;
    variant_id: number | null;
    title: string;
    sku: string | null;
    quantity: number;
    price: string;
    grams?: number;
  }[];
  total_discounts?: string;
  shipping_lines?: { price: string }[];
}

interface GraphqlAddress {
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  address1?: string | null;
  address2?: string | null;
  zip?: string | null;
  phone?: string | null;
}
interface Money {
  shopMoney: { amount: string };
}
interface Weight {
  unit: 'GRAMS' | 'KILOGRAMS' | 'OUNCES' | 'POUNDS';
  value: number;
}
type Measured = { inventoryItem?: { measurement?: { weight?: Weight | null } | null } | null } | null;

/** An order as the RecentOrders query reads it. */
export interface ShopifyGraphqlOrder {
  legacyResourceId: string;
  name: string;
  createdAt: string;
  cancelledAt: string | null;
  email: string | null;
  phone: string | null;
  displayFinancialStatus: string | null;
  paymentGatewayNames: string[];
  customer: { firstName: string | null; lastName: string | null } | null;
  shippingAddress: GraphqlAddress | null;
  billingAddress: GraphqlAddress | null;
  totalDiscountsSet: Money | null;
  totalShippingPriceSet: Money | null;
  lineItems: {
    nodes: {
      title: string;
      sku: string | null;
      quantity: number;
      originalUnitPriceSet: Money;
      product: { legacyResourceId: string } | null;
      variant: ({ legacyResourceId: string } & Measured) | null;
    }[];
  };
}

/** A product as the ProductVariants query reads it. */
export interface ShopifyGraphqlProduct {
  legacyResourceId: string;
  title: string;
  variants: { nodes: ({ legacyResourceId: string; title: string; sku: string | null; price: string } & Measured)[] };
}

const GRAMS_PER: Record<Weight['unit'], number> = {
  GRAMS: 1,
  KILOGRAMS: 1000,
  OUNCES: 28.349523125,
  POUNDS: 453.59237,
};
const gramsOf = (m: Measured) => {
  const w = m?.inventoryItem?.measurement?.weight;
  return w ? Math.round(w.value * GRAMS_PER[w.unit]) : 0;
};

const COD_GATEWAY = /cash on delivery|cod/i;
/** COD when a gateway says so, or when nothing was paid through any gateway. */
const isCod = (gateways: string[], financialStatus: string | null | undefined) =>
  gateways.some((g) => COD_GATEWAY.test(g)) || (financialStatus?.toLowerCase() === 'pending' && gateways.length === 0);

const fullName = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ');

export function webhookOrder(o: ShopifyWebhookOrder): ChannelOrder {
  const a = o.shipping_address ?? o.billing_address ?? {};
  const name = a.name || fullName(a.first_name, a.last_name) || fullName(o.customer?.first_name, o.customer?.last_name);
  return {
    channelOrderId: String(o.id),
    orderNumber: String(o.order_number ?? o.name.replace(/^#/, '')),
    orderDate: istDay(o.created_at),
    paymentMethod: isCod(o.payment_gateway_names ?? [], o.financial_status) ? 'COD' : 'PPD',
    buyerName: name.trim(),
    buyerPhone: a.phone || o.phone || o.customer?.phone || '',
    buyerEmail: o.email || o.customer?.email || '',
    shipping: { line1: a.address1 ?? '', line2: a.address2 ?? '', pincode: (a.zip ?? '').replace(/\s/g, '') },
    items: o.line_items.map((l) => ({
      channelProductId: String(l.variant_id ?? l.product_id ?? ''),
      name: l.title,
      sku: l.sku || `SHOPIFY-${l.variant_id ?? l.product_id}`,
      quantity: l.quantity,
      unitPrice: rupees(l.price),
      grams: l.grams ?? 0,
    })),
    discount: rupees(o.total_discounts),
    shippingCharges: (o.shipping_lines ?? []).reduce((s, l) => s + rupees(l.price), 0),
    cancelled: !!o.cancelled_at,
  };
}

export function graphqlOrder(o: ShopifyGraphqlOrder): ChannelOrder {
  const a = o.shippingAddress ?? o.billingAddress ?? {};
  const name = a.name || fullName(a.firstName, a.lastName) || fullName(o.customer?.firstName, o.customer?.lastName);
  return {
    channelOrderId: o.legacyResourceId,
    orderNumber: o.name.replace(/^#/, ''),
    orderDate: istDay(o.createdAt),
    paymentMethod: isCod(o.paymentGatewayNames, o.displayFinancialStatus) ? 'COD' : 'PPD',
    buyerName: name.trim(),
    buyerPhone: a.phone || o.phone || '',
    buyerEmail: o.email || '',
    shipping: { line1: a.address1 ?? '', line2: a.address2 ?? '', pincode: (a.zip ?? '').replace(/\s/g, '') },
    items: o.lineItems.nodes.map((l) => {
      const id = l.variant?.legacyResourceId ?? l.product?.legacyResourceId ?? '';
      return {
        channelProductId: id,
        name: l.title,
        sku: l.sku || `SHOPIFY-${id}`,
        quantity: l.quantity,
        unitPrice: rupees(l.originalUnitPriceSet.shopMoney.amount),
        grams: gramsOf(l.variant),
      };
    }),
    discount: rupees(o.totalDiscountsSet?.shopMoney.amount),
    shippingCharges: rupees(o.totalShippingPriceSet?.shopMoney.amount),
    cancelled: !!o.cancelledAt,
  };
}

/** One product per variant, named with the variant when the product has several. */
export function graphqlProducts(p: ShopifyGraphqlProduct): ChannelProduct[] {
  const variants = p.variants.nodes;
  return variants.map((v) => ({
    channelProductId: v.legacyResourceId,
    name: variants.length > 1 ? `${p.title} - ${v.title}` : p.title,
    sku: v.sku || `SHOPIFY-${v.legacyResourceId}`,
    price: rupees(v.price),
    weightKg: Math.max(0.01, Math.round((gramsOf(v) / 1000) * 100) / 100),
  }));
}

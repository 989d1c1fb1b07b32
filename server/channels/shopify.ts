import type { ChannelAdapter, ChannelOrder, ChannelProduct, ShipmentNews } from './adapter';
import { callStore, istDay, rupees } from './http';
import { SHOPIFY_API_VERSION, SHOPIFY_SCOPES, type ShopifyApp } from './settings';
import { shopifyEventFor } from '../../src/domain/channels';

// Shopify through its REST Admin API (https://shopify.dev/docs/api/admin-rest): OAuth
// authorization-code grant for an offline token, webhooks, products, orders, and fulfilment of
// an order's fulfillment orders with tracking and then fulfilment events.

/** The page the seller approves the app on (https://{shop}/admin/oauth/authorize). */
export function authorizeUrl(app: ShopifyApp, shop: string, state: string, redirectUri: string): string {
  const q = new URLSearchParams({ client_id: app.apiKey, scope: SHOPIFY_SCOPES, redirect_uri: redirectUri, state });
  // no grant_options[]=per-user: an offline token, which outlives the seller's session
  return `${app.shopBase(shop)}/admin/oauth/authorize?${q}`;
}

/** The authorization code for the shop's offline access token. */
export async function exchangeCode(
  app: ShopifyApp,
  fetcher: typeof fetch,
  shop: string,
  code: string,
): Promise<string> {
  const answer = await callStore<{ access_token?: string }>(fetcher, `${app.shopBase(shop)}/admin/oauth/access_token`, {
    method: 'POST',
    json: { client_id: app.apiKey, client_secret: app.apiSecret, code },
  });
  if (!answer.access_token) throw new Error('Shopify answered without an access token');
  return answer.access_token;
}

interface ShopifyAddress {
  name?: string;
  first_name?: string;
  last_name?: string;
  address1?: string;
  address2?: string | null;
  zip?: string;
  phone?: string | null;
}
interface ShopifyOrder {
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
  shipping_address?: ShopifyAddress | null;
  billing_address?: ShopifyAddress | null;
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
interface ShopifyProduct {
  id: number;
  title: string;
  variants: { id: number; title: string; sku: string | null; price: string; grams?: number }[];
}

const isCod = (o: ShopifyOrder) =>
  (o.payment_gateway_names ?? []).some((g) => /cash on delivery|cod/i.test(g)) ||
  (o.financial_status === 'pending' && (o.payment_gateway_names ?? []).length === 0);

export function shopifyOrder(o: ShopifyOrder): ChannelOrder {
  const a = o.shipping_address ?? o.billing_address ?? {};
  const name =
    a.name ||
    [a.first_name, a.last_name].filter(Boolean).join(' ') ||
    [o.customer?.first_name, o.customer?.last_name].filter(Boolean).join(' ');
  return {
    channelOrderId: String(o.id),
    orderNumber: String(o.order_number ?? o.name.replace(/^#/, '')),
    orderDate: istDay(o.created_at),
    paymentMethod: isCod(o) ? 'COD' : 'PPD',
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

export function shopifyAdapter(app: ShopifyApp, fetcher: typeof fetch, shop: string, token: string): ChannelAdapter {
  const api = (path: string) => `${app.shopBase(shop)}/admin/api/${SHOPIFY_API_VERSION}/${path}`;
  const call = <T>(path: string, init: { method?: string; json?: unknown } = {}) =>
    callStore<T>(fetcher, api(path), { ...init, headers: { 'X-Shopify-Access-Token': token } });

  return {
    platform: 'SHOPIFY',
    async storeName() {
      const { shop: s } = await call<{ shop: { name: string } }>('shop.json');
      return s.name;
    },
    async subscribe(address) {
      const { webhooks } = await call<{ webhooks: { topic: string; address: string }[] }>('webhooks.json');
      for (const topic of ['orders/create', 'orders/updated', 'app/uninstalled']) {
        if (webhooks.some((w) => w.topic === topic && w.address === address)) continue;
        await call('webhooks.json', { method: 'POST', json: { webhook: { topic, address, format: 'json' } } });
      }
    },
    async fetchOrders() {
      const { orders } = await call<{ orders: ShopifyOrder[] }>('orders.json?status=any&limit=50');
      return orders.map(shopifyOrder);
    },
    async fetchProducts() {
      const { products } = await call<{ products: ShopifyProduct[] }>('products.json?limit=250');
      return products.flatMap((p): ChannelProduct[] =>
        p.variants.map((variant) => ({
          channelProductId: String(variant.id),
          name: p.variants.length > 1 ? `${p.title} - ${variant.title}` : p.title,
          sku: variant.sku || `SHOPIFY-${variant.id}`,
          price: rupees(variant.price),
          weightKg: Math.max(0.01, Math.round(((variant.grams ?? 0) / 1000) * 100) / 100),
        })),
      );
    },
    orderOf(payload) {
      const o = payload as ShopifyOrder;
      return o && typeof o === 'object' && 'id' in o && Array.isArray(o.line_items) ? shopifyOrder(o) : null;
    },
    async writeBack(news: ShipmentNews) {
      const orderId = news.channelOrderId;
      const { fulfillments } = await call<{ fulfillments: { id: number; tracking_number: string | null }[] }>(
        `orders/${orderId}/fulfillments.json`,
      );
      let fulfilment = fulfillments.find((f) => f.tracking_number === news.awb);
      if (!fulfilment) {
        // fulfil every open fulfillment order of the order, with the AWB as its tracking
        const { fulfillment_orders } = await call<{ fulfillment_orders: { id: number; status: string }[] }>(
          `orders/${orderId}/fulfillment_orders.json`,
        );
        const open = fulfillment_orders.filter((f) => f.status === 'open' || f.status === 'in_progress');
        if (!open.length) return 'no open fulfillment order';
        const made = await call<{ fulfillment: { id: number; tracking_number: string | null } }>('fulfillments.json', {
          method: 'POST',
          json: {
            fulfillment: {
              line_items_by_fulfillment_order: open.map((f) => ({ fulfillment_order_id: f.id })),
              tracking_info: { company: news.carrierName, number: news.awb, url: news.trackingUrl },
              notify_customer: true,
            },
          },
        });
        fulfilment = made.fulfillment;
      }
      const event = shopifyEventFor(news.status);
      if (!event) return `fulfilled with tracking ${news.awb}`;
      await call(`orders/${orderId}/fulfillments/${fulfilment.id}/events.json`, {
        method: 'POST',
        json: { event: { status: event } },
      });
      return `fulfilment event ${event}`;
    },
  };
}

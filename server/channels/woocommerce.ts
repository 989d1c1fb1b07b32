import type { ChannelAdapter, ChannelOrder, ShipmentNews } from './adapter';
import { callStore, istDay, rupees } from './http';
import { wooStatusFor } from '../../src/domain/channels';
import { FORWARD_STATUSES, type ForwardStatus } from '../../src/domain/order-status';

// WooCommerce through its REST API v3 (https://woocommerce.github.io/woocommerce-rest-api-docs/):
// the seller's consumer key and secret (HTTP Basic, over HTTPS), webhooks signed with the secret
// we give each one, orders, products, and order notes and status written back.

export interface WooCredentials {
  consumerKey: string;
  consumerSecret: string;
  /** the secret our webhooks are signed with (X-WC-Webhook-Signature) */
  webhookSecret: string;
}

interface WooAddress {
  first_name?: string;
  last_name?: string;
  address_1?: string;
  address_2?: string;
  postcode?: string;
  email?: string;
  phone?: string;
}
interface WooOrder {
  id: number;
  number?: string;
  status: string;
  date_created_gmt?: string;
  date_created?: string;
  payment_method?: string;
  billing?: WooAddress;
  shipping?: WooAddress;
  line_items: {
    product_id: number;
    variation_id?: number;
    name: string;
    sku?: string;
    quantity: number;
    price: number | string;
  }[];
  discount_total?: string;
  shipping_total?: string;
}

export function wooOrder(o: WooOrder): ChannelOrder {
  const ship = o.shipping?.address_1 ? o.shipping : (o.billing ?? {});
  return {
    channelOrderId: String(o.id),
    orderNumber: String(o.number ?? o.id),
    orderDate: istDay(o.date_created_gmt ? `${o.date_created_gmt}Z` : (o.date_created ?? '')),
    paymentMethod: o.payment_method === 'cod' ? 'COD' : 'PPD',
    buyerName: [ship.first_name, ship.last_name].filter(Boolean).join(' ').trim(),
    buyerPhone: ship.phone || o.billing?.phone || '',
    buyerEmail: o.billing?.email ?? '',
    shipping: {
      line1: ship.address_1 ?? '',
      line2: ship.address_2 ?? '',
      pincode: (ship.postcode ?? '').replace(/\s/g, ''),
    },
    items: o.line_items.map((l) => ({
      channelProductId: String(l.variation_id || l.product_id),
      name: l.name,
      sku: l.sku || `WC-${l.variation_id || l.product_id}`,
      quantity: l.quantity,
      unitPrice: rupees(l.price),
      grams: 0,
    })),
    discount: rupees(o.discount_total),
    shippingCharges: rupees(o.shipping_total),
    cancelled: o.status === 'cancelled',
  };
}

/** The note the buyer sees on the order as its shipment moves. */
function noteFor(news: ShipmentNews): string {
  const words = FORWARD_STATUSES[news.status as ForwardStatus] ?? news.status;
  if (news.status === 'PKP_SCH')
    return `Shipped with ${news.carrierName}. Tracking number ${news.awb}. Track it at ${news.trackingUrl}`;
  return `Shipment ${news.awb ?? ''}: ${words}`.trim();
}

export function wooAdapter(fetcher: typeof fetch, siteUrl: string, creds: WooCredentials): ChannelAdapter {
  const auth = `Basic ${Buffer.from(`${creds.consumerKey}:${creds.consumerSecret}`).toString('base64')}`;
  const call = <T>(path: string, init: { method?: string; json?: unknown } = {}) =>
    callStore<T>(fetcher, `${siteUrl}/wp-json/wc/v3/${path}`, { ...init, headers: { authorization: auth } });

  return {
    platform: 'WOOCOMMERCE',
    async storeName() {
      const site = await callStore<{ name?: string }>(fetcher, `${siteUrl}/wp-json/`);
      // the keys are checked here too: the site's index answers anyone, the orders only the keys
      await call('orders?per_page=1');
      return site.name ?? new URL(siteUrl).host;
    },
    async subscribe(address) {
      const hooks = await call<{ topic: string; delivery_url: string }[]>('webhooks?per_page=100');
      for (const topic of ['order.created', 'order.updated']) {
        if (hooks.some((h) => h.topic === topic && h.delivery_url === address)) continue;
        await call('webhooks', {
          method: 'POST',
          json: {
            name: `Dakiya ${topic}`,
            topic,
            delivery_url: address,
            secret: creds.webhookSecret,
            status: 'active',
          },
        });
      }
    },
    async fetchOrders() {
      return (await call<WooOrder[]>('orders?per_page=50')).map(wooOrder);
    },
    async fetchProducts() {
      const list =
        await call<{ id: number; name: string; sku: string; price: string; weight: string }[]>('products?per_page=100');
      return list.map((p) => ({
        channelProductId: String(p.id),
        name: p.name,
        sku: p.sku || `WC-${p.id}`,
        price: rupees(p.price),
        weightKg: Math.max(0.01, rupees(p.weight)),
      }));
    },
    orderOf(payload) {
      const o = payload as WooOrder;
      return o && typeof o === 'object' && 'id' in o && Array.isArray(o.line_items) ? wooOrder(o) : null;
    },
    async writeBack(news) {
      await call(`orders/${news.channelOrderId}/notes`, {
        method: 'POST',
        json: { note: noteFor(news), customer_note: true },
      });
      const status = wooStatusFor(news.status);
      if (status) await call(`orders/${news.channelOrderId}`, { method: 'PUT', json: { status } });
      return status ? `note added, status ${status}` : 'note added';
    },
  };
}

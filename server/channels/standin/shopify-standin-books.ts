import { createHmac } from 'node:crypto';
import type { AppDeps } from '../../deps';

// The stand-in Shopify's books: its shops (two products each), the orders placed on them, their
// fulfillment orders and fulfilments, webhook subscriptions and each shop's cost bucket. Kept in
// memory per server; tokens are derived from the app secret, so they survive a restart.

/** The bucket of a shop on Shopify's standard plan: 1,000 points, 100 points back a second. */
export const BUCKET_SIZE = 1000;
export const RESTORE_RATE = 100;

export interface Variant {
  id: number;
  product_id: number;
  title: string;
  sku: string;
  price: string;
  grams: number;
}
export interface Product {
  id: number;
  title: string;
  variants: Variant[];
}
export interface LineItem {
  id: number;
  product_id: number;
  variant_id: number;
  title: string;
  sku: string;
  quantity: number;
  price: string;
  grams: number;
}
export interface FulfillmentOrder {
  id: number;
  order_id: number;
  status: 'open' | 'closed';
  line_items: { id: number; line_item_id: number; quantity: number }[];
}
export interface Fulfillment {
  id: number;
  order_id: number;
  status: string;
  tracking_company: string;
  tracking_number: string;
  tracking_url: string;
  shipment_status: string | null;
  events: { status: string; created_at: string }[];
}
export interface Order {
  id: number;
  name: string;
  order_number: number;
  created_at: string;
  cancelled_at: string | null;
  email: string;
  phone: string;
  financial_status: string;
  fulfillment_status: string | null;
  payment_gateway_names: string[];
  shipping_address: {
    name: string;
    first_name: string;
    last_name: string;
    address1: string;
    address2: string;
    city: string;
    province: string;
    zip: string;
    country_code: string;
    phone: string;
  };
  line_items: LineItem[];
  total_discounts: string;
  shipping_lines: { title: string; price: string }[];
  total_price: string;
}
/** The shop's GraphQL cost bucket: points on hand, refilled each second by the restore rate. */
export interface CostBucket {
  available: number;
  maximum: number;
  restoreRate: number;
  /** performance.now() of the last refill: real time, as Shopify's bucket leaks whatever a test's clock says */
  at: number;
}
export interface Shop {
  domain: string;
  name: string;
  products: Product[];
  orders: Order[];
  fulfillmentOrders: FulfillmentOrder[];
  fulfillments: Fulfillment[];
  webhooks: { id: number; topic: string; address: string; format: string }[];
  deliveries: { topic: string; status: number; at: string }[];
  bucket: CostBucket;
  /** queries refused as THROTTLED */
  throttled: number;
}

let nextId = 9_000_000_000;
export const id = () => ++nextId;
const books = new WeakMap<AppDeps, { shops: Map<string, Shop>; codes: Map<string, string> }>();

export function booksOf(deps: AppDeps) {
  let b = books.get(deps);
  if (!b) books.set(deps, (b = { shops: new Map(), codes: new Map() }));
  return b;
}

export function shopOf(deps: AppDeps, domain: string): Shop {
  const { shops } = booksOf(deps);
  let s = shops.get(domain);
  if (!s) {
    const product = (title: string, sku: string, price: string, grams: number): Product => {
      const pid = id();
      return { id: pid, title, variants: [{ id: id(), product_id: pid, title: 'Default Title', sku, price, grams }] };
    };
    s = {
      domain,
      name: domain
        .replace('.myshopify.com', '')
        .replace(/-/g, ' ')
        .replace(/\b\w/g, (c) => c.toUpperCase()),
      products: [
        product('Blue pottery vase', 'SHOP-VASE-01', '1499.00', 1200),
        product('Block-print cushion cover', 'SHOP-CUSH-02', '599.00', 300),
      ],
      orders: [],
      fulfillmentOrders: [],
      fulfillments: [],
      webhooks: [],
      deliveries: [],
      bucket: { available: BUCKET_SIZE, maximum: BUCKET_SIZE, restoreRate: RESTORE_RATE, at: performance.now() },
      throttled: 0,
    };
    shops.set(domain, s);
  }
  return s;
}

/** The offline token of a shop: derived from the app secret, so a restart keeps it valid. */
export const tokenFor = (secret: string, shop: string) =>
  `shpat_${createHmac('sha256', secret).update(`token:${shop}`).digest('hex').slice(0, 32)}`;

/** The stand-in's books of a shop, for tests that look at what the store was told. */
export const standinShop = (deps: AppDeps, domain: string) => shopOf(deps, domain);

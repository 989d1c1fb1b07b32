import { createHmac, randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { BODY_LIMIT, limitBody } from '../../http/body-limit';
import { allowStyles } from '../../http/security-headers';
import { bodySignature } from '../signatures';
import { keptSecret, STANDIN_WOOCOMMERCE } from '../settings';
import { escapeHtml, STANDIN_STYLE, standinPage } from './page';
import { isOwnAddress } from './own-address';

// A stand-in WooCommerce site at /dev/standin/woocommerce: the REST API v3 calls Dakiya uses
// (orders, products, webhooks, order notes, order status) behind the site's consumer key and
// secret (HTTP Basic), and webhooks signed with X-WC-Webhook-Signature (base64 HMAC-SHA256 of
// the body with the webhook's secret). Books in memory; its keys are derived from a server
// secret and shown on its admin page.

interface WooLine {
  id: number;
  product_id: number;
  variation_id: number;
  name: string;
  sku: string;
  quantity: number;
  price: number;
  total: string;
}
interface WooOrder {
  id: number;
  number: string;
  status: string;
  date_created_gmt: string;
  payment_method: string;
  payment_method_title: string;
  billing: Record<string, string>;
  shipping: Record<string, string>;
  line_items: WooLine[];
  discount_total: string;
  shipping_total: string;
  total: string;
  notes: { id: number; note: string; customer_note: boolean; date_created_gmt: string }[];
}
interface Site {
  products: {
    id: number;
    name: string;
    sku: string;
    price: string;
    regular_price: string;
    weight: string;
    type: string;
  }[];
  orders: WooOrder[];
  webhooks: { id: number; name: string; topic: string; delivery_url: string; secret: string; status: string }[];
}

let nextId = 500;
const sites = new WeakMap<AppDeps, Site>();
function siteOf(deps: AppDeps): Site {
  let s = sites.get(deps);
  if (!s) {
    s = {
      products: [
        {
          id: ++nextId,
          name: 'Handloom cotton saree',
          sku: 'WC-SAREE-01',
          price: '2499',
          regular_price: '2499',
          weight: '0.6',
          type: 'simple',
        },
        {
          id: ++nextId,
          name: 'Brass diya set',
          sku: 'WC-DIYA-02',
          price: '799',
          regular_price: '799',
          weight: '0.9',
          type: 'simple',
        },
      ],
      orders: [],
      webhooks: [],
    };
    sites.set(deps, s);
  }
  return s;
}

/** The site's REST keys, as WooCommerce › Settings › Advanced › REST API would show them once. */
export async function wooStandinKeys(deps: AppDeps): Promise<{ consumerKey: string; consumerSecret: string }> {
  const secret = await keptSecret(deps, 'woocommerce-standin');
  const derive = (what: string) => createHmac('sha256', secret).update(what).digest('hex').slice(0, 40);
  return { consumerKey: `ck_${derive('ck')}`, consumerSecret: `cs_${derive('cs')}` };
}

export function registerWooCommerceStandin(app: Hono, deps: AppDeps) {
  const api = `${STANDIN_WOOCOMMERCE}/wp-json/wc/v3`;
  const authed = async (c: Context) => {
    const keys = await wooStandinKeys(deps);
    const expected = `Basic ${Buffer.from(`${keys.consumerKey}:${keys.consumerSecret}`).toString('base64')}`;
    return c.req.header('authorization') === expected;
  };
  const route = (
    method: 'get' | 'post' | 'put',
    path: string,
    handle: (c: Context, s: Site) => Promise<Response> | Response,
  ) =>
    app.on(method.toUpperCase(), `${api}/${path}`, async (c) => {
      await limitBody(c, BODY_LIMIT);
      if (!(await authed(c)))
        return c.json(
          { code: 'woocommerce_rest_cannot_view', message: 'Sorry, you cannot list resources.', data: { status: 401 } },
          401,
        );
      return handle(c, siteOf(deps));
    });
  const orderOr404 = (c: Context, s: Site) => s.orders.find((o) => o.id === Number(c.req.param('id')));
  const missing = (c: Context) =>
    c.json({ code: 'woocommerce_rest_shop_order_invalid_id', message: 'Invalid ID.', data: { status: 404 } }, 404);

  app.get(`${STANDIN_WOOCOMMERCE}/wp-json/`, (c) =>
    c.json({
      name: 'Stand-in WooCommerce store',
      description: 'Handloom and home',
      url: `${deps.config.publicUrl}${STANDIN_WOOCOMMERCE}`,
    }),
  );
  route('get', 'orders', (c, s) => c.json(s.orders.map(({ notes: _notes, ...o }) => o)));
  route('put', 'orders/:id', async (c, s) => {
    const o = orderOr404(c, s);
    if (!o) return missing(c);
    const body = (await c.req.json()) as { status?: string };
    if (body.status) o.status = body.status;
    const { notes: _notes, ...rest } = o;
    return c.json(rest);
  });
  route('get', 'orders/:id/notes', (c, s) => {
    const o = orderOr404(c, s);
    return o ? c.json(o.notes) : missing(c);
  });
  route('post', 'orders/:id/notes', async (c, s) => {
    const o = orderOr404(c, s);
    if (!o) return missing(c);
    const body = (await c.req.json()) as { note?: string; customer_note?: boolean };
    if (!body.note)
      return c.json(
        { code: 'rest_missing_callback_param', message: 'Missing parameter(s): note', data: { status: 400 } },
        400,
      );
    const note = {
      id: ++nextId,
      note: body.note,
      customer_note: !!body.customer_note,
      date_created_gmt: deps.now().toISOString().slice(0, 19),
    };
    o.notes.push(note);
    return c.json(note, 201);
  });
  route('get', 'products', (c, s) => c.json(s.products));
  route('get', 'webhooks', (c, s) => c.json(s.webhooks.map(({ secret: _secret, ...w }) => w)));
  route('post', 'webhooks', async (c, s) => {
    const body = (await c.req.json()) as {
      name?: string;
      topic: string;
      delivery_url: string;
      secret?: string;
      status?: string;
    };
    if (!isOwnAddress(deps, body.delivery_url))
      return c.json(
        { code: 'rest_invalid_param', message: 'delivery_url must be an address of this Dakiya server' },
        400,
      );
    const w = {
      id: ++nextId,
      name: body.name ?? '',
      topic: body.topic,
      delivery_url: body.delivery_url,
      secret: body.secret ?? '',
      status: body.status ?? 'active',
    };
    s.webhooks.push(w);
    const { secret: _secret, ...shown } = w;
    return c.json(shown, 201);
  });

  // the site's admin: its keys, a test order, and the notes Dakiya wrote
  app.get(`${STANDIN_WOOCOMMERCE}/admin`, async (c) => {
    const s = siteOf(deps);
    const keys = await wooStandinKeys(deps);
    allowStyles(c, STANDIN_STYLE);
    const rows = s.orders
      .map(
        (o) =>
          `<tr><td>#${o.number}</td><td>${escapeHtml(o.shipping.first_name)} ${escapeHtml(o.shipping.last_name)}</td><td>${escapeHtml(o.status)}</td><td>${o.notes.map((n) => escapeHtml(n.note)).join('<br>') || '—'}</td></tr>`,
      )
      .join('');
    return c.html(
      standinPage(
        'Stand-in WooCommerce',
        `<h1>Stand-in WooCommerce store</h1>
<div class="card"><p>Store URL <code>${escapeHtml(`${deps.config.publicUrl}${STANDIN_WOOCOMMERCE}`)}</code></p>
<p>Consumer key <code>${keys.consumerKey}</code></p><p>Consumer secret <code>${keys.consumerSecret}</code></p></div>
<div class="card"><form method="post" action="${STANDIN_WOOCOMMERCE}/admin/orders"><label for="product">Product</label><select id="product" name="product">${s.products.map((p) => `<option value="${p.id}">${escapeHtml(p.name)} (₹${p.price})</option>`).join('')}</select>
<button type="submit">Place order</button></form></div>
<h2>Orders</h2><div class="card"><table aria-label="Orders"><thead><tr><th>Order</th><th>Customer</th><th>Status</th><th>Notes</th></tr></thead><tbody>${rows || '<tr><td colspan="4">No orders yet</td></tr>'}</tbody></table></div>`,
      ),
    );
  });
  app.post(`${STANDIN_WOOCOMMERCE}/admin/orders`, async (c) => {
    await limitBody(c, BODY_LIMIT);
    const s = siteOf(deps);
    const json = (c.req.header('content-type') ?? '').includes('json');
    const f = (json ? await c.req.json() : await c.req.parseBody()) as Record<string, string>;
    const p = s.products.find((x) => String(x.id) === String(f.product)) ?? s.products[0];
    const quantity = Math.max(1, Number(f.quantity) || 1);
    const address = {
      first_name: 'Rohan',
      last_name: 'Kulkarni',
      address_1: '22, Koregaon Park Lane 5',
      address_2: '',
      city: 'Pune',
      state: 'MH',
      postcode: f.postcode || '560038',
      country: 'IN',
      phone: '9822012345',
    };
    const order: WooOrder = {
      id: ++nextId,
      number: String(nextId),
      status: 'processing',
      date_created_gmt: deps.now().toISOString().slice(0, 19),
      payment_method: f.payment === 'cod' ? 'cod' : 'razorpay',
      payment_method_title: f.payment === 'cod' ? 'Cash on delivery' : 'Razorpay',
      billing: { ...address, email: 'rohan.k@example.in' },
      shipping: address,
      line_items: [
        {
          id: ++nextId,
          product_id: p.id,
          variation_id: 0,
          name: p.name,
          sku: p.sku,
          quantity,
          price: Number(p.price),
          total: (Number(p.price) * quantity).toFixed(2),
        },
      ],
      discount_total: '0.00',
      shipping_total: '0.00',
      total: (Number(p.price) * quantity).toFixed(2),
      notes: [],
    };
    s.orders.push(order);
    await deliverWoo(deps, s, 'order.created', order);
    return json ? c.json(order, 201) : c.redirect(`${STANDIN_WOOCOMMERCE}/admin`);
  });
}

/** Sends a topic's webhook as WooCommerce does: X-WC-Webhook-* headers, the body signed with the webhook's secret. */
async function deliverWoo(deps: AppDeps, s: Site, topic: string, order: WooOrder) {
  const { notes: _notes, ...payload } = order;
  const body = JSON.stringify(payload);
  for (const w of s.webhooks.filter((x) => x.topic === topic && x.status === 'active')) {
    await deps
      .fetch(w.delivery_url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-wc-webhook-source': `${deps.config.publicUrl}${STANDIN_WOOCOMMERCE}/`,
          'x-wc-webhook-topic': topic,
          'x-wc-webhook-resource': 'order',
          'x-wc-webhook-event': topic.split('.')[1],
          'x-wc-webhook-signature': bodySignature(w.secret, body),
          'x-wc-webhook-id': String(w.id),
          'x-wc-webhook-delivery-id': randomUUID(),
        },
        body,
      })
      .catch(() => null);
  }
}

export const standinWooOrders = (deps: AppDeps) => siteOf(deps).orders;

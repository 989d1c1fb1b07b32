import { randomBytes, randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { BODY_LIMIT, limitBody } from '../../http/body-limit';
import { allowStyles } from '../../http/security-headers';
import { bodySignature, queryHmac, SHOP_DOMAIN } from '../signatures';
import { channelSettings, STANDIN_SHOPIFY } from '../settings';
import { escapeHtml, STANDIN_STYLE, standinPage } from './page';
import { booksOf, id, shopOf, tokenFor, type LineItem, type Order, type Shop } from './shopify-standin-books';
import { answerGraphql } from './shopify-standin-graphql';

export { standinShop } from './shopify-standin-books';

// A stand-in Shopify for machines without the internet: every shop *.myshopify.com answers under
// /dev/standin/shopify/{shop}, with the documented OAuth (authorize page, hmac-signed redirect,
// /admin/oauth/access_token), the GraphQL Admin API at the configured version
// (shopify-standin-graphql.ts; every REST Admin path is a 404) and webhooks signed with
// X-Shopify-Hmac-Sha256. Its books are kept in memory (shopify-standin-books.ts); its tokens
// are derived from the app secret, so they survive a restart. Its admin page places orders and
// shows fulfilments.

export function registerShopifyStandin(app: Hono, deps: AppDeps) {
  const base = `${STANDIN_SHOPIFY}/:shop`;
  const appOf = async () => {
    const { shopify } = await channelSettings(deps);
    return shopify && shopify.standin ? shopify : null;
  };
  const shopParam = (c: Context) => {
    const shop = c.req.param('shop') ?? '';
    return SHOP_DOMAIN.test(shop) ? shop : null;
  };
  const html = (c: Context, title: string, body: string) => {
    allowStyles(c, STANDIN_STYLE);
    return c.html(standinPage(title, body));
  };

  // OAuth: the approval page, and its answer back to the app with a signed redirect
  app.get(`${base}/admin/oauth/authorize`, async (c) => {
    const shop = shopParam(c);
    const a = await appOf();
    const q = c.req.query();
    if (!shop || !a || q.client_id !== a.apiKey) return c.text('Unknown app or shop', 400);
    const hidden = ['client_id', 'scope', 'redirect_uri', 'state']
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q[k])}">`)
      .join('');
    return html(
      c,
      'Install app',
      `<h1>Install Dakiya on ${escapeHtml(shopOf(deps, shop).name)}</h1>
<div class="card"><p>Dakiya asks to:</p><ul>${(q.scope ?? '')
        .split(',')
        .map((s) => `<li>${escapeHtml(s)}</li>`)
        .join('')}</ul>
<form method="post">${hidden}<button type="submit" name="decision" value="approve">Install app</button>
<button type="submit" name="decision" value="cancel" class="secondary">Cancel</button></form></div>`,
    );
  });
  app.post(`${base}/admin/oauth/authorize`, async (c) => {
    await limitBody(c, BODY_LIMIT);
    const shop = shopParam(c);
    const a = await appOf();
    const f = (await c.req.parseBody()) as Record<string, string>;
    if (!shop || !a || f.client_id !== a.apiKey) return c.text('Unknown app or shop', 400);
    const redirect = new URL(f.redirect_uri);
    if (f.decision !== 'approve') {
      redirect.search = new URLSearchParams({ error: 'access_denied', shop, state: f.state }).toString();
      return c.redirect(redirect.toString());
    }
    const code = randomBytes(16).toString('hex');
    booksOf(deps).codes.set(code, shop);
    const params: Record<string, string> = {
      code,
      host: Buffer.from(`${shop}/admin`).toString('base64url'),
      shop,
      state: f.state,
      timestamp: String(Math.floor(deps.now().getTime() / 1000)),
    };
    params.hmac = queryHmac(a.apiSecret, params);
    redirect.search = new URLSearchParams(params).toString();
    return c.redirect(redirect.toString());
  });
  app.post(`${base}/admin/oauth/access_token`, async (c) => {
    await limitBody(c, BODY_LIMIT);
    const shop = shopParam(c);
    const a = await appOf();
    const body = (await c.req.json().catch(() => ({}))) as {
      client_id?: string;
      client_secret?: string;
      code?: string;
    };
    const { codes } = booksOf(deps);
    if (!shop || !a || body.client_id !== a.apiKey || body.client_secret !== a.apiSecret)
      return c.json({ error: 'invalid_client', error_description: 'client_id or client_secret is wrong' }, 400);
    if (!body.code || codes.get(body.code) !== shop)
      return c.json(
        { error: 'invalid_request', error_description: 'The authorization code was not found or was already used' },
        400,
      );
    codes.delete(body.code);
    return c.json({
      access_token: tokenFor(a.apiSecret, shop),
      scope: 'read_orders,read_products,write_merchant_managed_fulfillment_orders,write_fulfillments',
    });
  });

  // the GraphQL Admin API at the app's version: every call needs the shop's token
  app.post(`${base}/admin/api/:version/graphql.json`, async (c) => {
    await limitBody(c, BODY_LIMIT);
    const shop = shopParam(c);
    const a = await appOf();
    if (!shop || !a || c.req.param('version') !== a.apiVersion) return c.json({ errors: 'Not Found' }, 404);
    if (c.req.header('x-shopify-access-token') !== tokenFor(a.apiSecret, shop))
      return c.json({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' }, 401);
    const body: unknown = await c.req.json().catch(() => null);
    if (!body) return c.json({ errors: 'The request body is not JSON' }, 400);
    return c.json(answerGraphql(deps, shopOf(deps, shop), body));
  });
  // the REST Admin API is gone from this store: any of its paths is not found
  app.all(`${base}/admin/api/*`, (c) => c.json({ errors: 'Not Found' }, 404));

  // the store's admin: place an order (as a buyer would at checkout) and see fulfilments
  app.get(`${base}/admin`, (c) => {
    const shop = shopParam(c);
    if (!shop) return c.text('Unknown shop', 404);
    const s = shopOf(deps, shop);
    const rows = s.orders
      .map((o) => {
        const f = s.fulfillments.filter((x) => x.order_id === o.id);
        return `<tr><td>${escapeHtml(o.name)}</td><td>${escapeHtml(o.shipping_address.name)}</td><td>₹${escapeHtml(o.total_price)}</td>
<td>${escapeHtml(o.fulfillment_status ?? 'Unfulfilled')}</td><td>${f.map((x) => `${escapeHtml(x.tracking_company)} <span class="tracking">${escapeHtml(x.tracking_number)}</span>${x.shipment_status ? ` · ${escapeHtml(x.shipment_status)}` : ''}`).join('<br>') || '—'}</td></tr>`;
      })
      .join('');
    const options = s.products
      .flatMap((p) =>
        p.variants.map((v) => `<option value="${v.id}">${escapeHtml(p.title)} (₹${escapeHtml(v.price)})</option>`),
      )
      .join('');
    return html(
      c,
      `${s.name} admin`,
      `<h1>${escapeHtml(s.name)}</h1><p class="muted">${escapeHtml(shop)} · apps installed: ${s.webhooks.length ? 'Dakiya' : 'none'}</p>
<div class="card"><h2>Place a test order</h2><form method="post" action="${STANDIN_SHOPIFY}/${shop}/admin/orders">
<label for="variant">Product</label><select id="variant" name="variant">${options}</select>
<label for="quantity">Quantity</label><input id="quantity" name="quantity" type="number" min="1" max="10" value="1">
<label for="name">Buyer name</label><input id="name" name="name" value="Kavya Iyer">
<label for="phone">Buyer phone</label><input id="phone" name="phone" value="+91 98450 12345">
<label for="address1">Address</label><input id="address1" name="address1" value="14, 5th Cross, Indiranagar">
<label for="zip">PIN code</label><input id="zip" name="zip" value="560038">
<label for="payment">Payment</label><select id="payment" name="payment"><option value="prepaid">Paid online</option><option value="cod">Cash on Delivery (COD)</option></select>
<button type="submit">Place order</button></form></div>
<h2>Orders</h2><div class="card"><table aria-label="Orders"><thead><tr><th>Order</th><th>Customer</th><th>Total</th><th>Fulfilment</th><th>Tracking</th></tr></thead><tbody>${rows || '<tr><td colspan="5">No orders yet</td></tr>'}</tbody></table></div>`,
    );
  });
  app.post(`${base}/admin/orders`, async (c) => {
    await limitBody(c, BODY_LIMIT);
    const shop = shopParam(c);
    if (!shop) return c.text('Unknown shop', 404);
    const s = shopOf(deps, shop);
    const json = (c.req.header('content-type') ?? '').includes('json');
    const f = (json ? await c.req.json() : await c.req.parseBody()) as Record<string, string>;
    const order = placeOrder(deps, s, f);
    await deliver(deps, s, 'orders/create', order);
    return json ? c.json({ order }, 201) : c.redirect(`${STANDIN_SHOPIFY}/${shop}/admin`);
  });
}

function placeOrder(deps: AppDeps, s: Shop, f: Record<string, string>): Order {
  const variant =
    s.products.flatMap((p) => p.variants).find((v) => String(v.id) === String(f.variant)) ?? s.products[0].variants[0];
  const product = s.products.find((p) => p.id === variant.product_id)!;
  const quantity = Math.max(1, Math.min(10, Number(f.quantity) || 1));
  const [first, ...rest] = (f.name || 'Kavya Iyer').trim().split(/\s+/);
  const number = 1001 + s.orders.length;
  const oid = id();
  const line: LineItem = {
    id: id(),
    product_id: product.id,
    variant_id: variant.id,
    title: product.title,
    sku: variant.sku,
    quantity,
    price: variant.price,
    grams: variant.grams,
  };
  const cod = f.payment === 'cod';
  const order: Order = {
    id: oid,
    name: `#${number}`,
    order_number: number,
    created_at: deps.now().toISOString(),
    cancelled_at: null,
    email: 'kavya.iyer@example.in',
    phone: f.phone || '+919845012345',
    financial_status: cod ? 'pending' : 'paid',
    fulfillment_status: null,
    payment_gateway_names: cod ? ['Cash on Delivery (COD)'] : ['razorpay'],
    shipping_address: {
      name: [first, ...rest].join(' '),
      first_name: first,
      last_name: rest.join(' '),
      address1: f.address1 || '14, 5th Cross, Indiranagar',
      address2: '',
      city: 'Bengaluru',
      province: 'Karnataka',
      zip: f.zip || '560038',
      country_code: 'IN',
      phone: f.phone || '+919845012345',
    },
    line_items: [line],
    total_discounts: '0.00',
    shipping_lines: [{ title: 'Standard', price: '0.00' }],
    total_price: (Number(variant.price) * quantity).toFixed(2),
  };
  s.orders.push(order);
  s.fulfillmentOrders.push({
    id: id(),
    order_id: oid,
    status: 'open',
    line_items: [{ id: id(), line_item_id: line.id, quantity }],
  });
  return order;
}

/** Sends a topic's webhook to every subscription, signed as Shopify signs; a failure is retried three times. */
export async function deliver(deps: AppDeps, s: Shop, topic: string, payload: unknown, webhookId = randomUUID()) {
  const { shopify } = await channelSettings(deps);
  if (!shopify) return;
  const body = JSON.stringify(payload);
  for (const w of s.webhooks.filter((x) => x.topic === topic)) {
    const send = async (attempt: number): Promise<void> => {
      const res = await deps
        .fetch(w.address, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-shopify-topic': topic,
            'x-shopify-hmac-sha256': bodySignature(shopify.apiSecret, body),
            'x-shopify-shop-domain': s.domain,
            'x-shopify-api-version': shopify.apiVersion,
            'x-shopify-webhook-id': webhookId,
            'x-shopify-triggered-at': deps.now().toISOString(),
          },
          body,
        })
        .catch(() => null);
      s.deliveries.push({ topic, status: res?.status ?? 0, at: deps.now().toISOString() });
      if ((!res || !res.ok) && attempt < 3) setTimeout(() => void send(attempt + 1), 1000 * attempt).unref();
    };
    await send(1);
  }
}

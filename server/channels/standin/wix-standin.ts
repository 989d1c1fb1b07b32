import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { BODY_LIMIT, limitBody } from '../../http/body-limit';
import { allowStyles } from '../../http/security-headers';
import { channelSettings, keptKeyPair, STANDIN_WIX } from '../settings';
import { signRs256 } from '../wix-jwt';
import type { WixOrder } from '../wix-orders';
import { API_CHANNELS, WIX_CALLBACK_PATH } from '../../../src/domain/channels-contract';
import { escapeHtml, STANDIN_STYLE, standinPage } from './page';
import {
  ACCESS_SECONDS,
  addSite,
  opaque,
  SITE_RATE,
  wixBooks,
  type WixSite,
  type WixStandinFulfillment,
} from './wix-standin-books';
export { standinWixSite, standinWixSites } from './wix-standin-books';

// A stand-in Wix at /dev/standin/wix: the external install flow (the installer asks for the
// site and the app's permissions, adds the app, and returns to the post-installation address
// with appId, tenantId and instanceId), Create Access Token (client credentials with the app
// id, secret and an instance the app is on; four-hour tokens), the app instance, the eCommerce
// orders search and get, the order fulfilments list and create, the Stores products query, and
// order webhooks as RS256 JWTs to the app's webhook address. Errors carry Wix's shape; each
// site has a request window. Its admin page adds sites, places and cancels orders, and shows
// fulfilments.

type Json = Record<string, unknown>;

/** Wix's error body: a message and the application error's code. */
const wixError = (c: Context, status: 400 | 401 | 403 | 404 | 428 | 429, code: string, message: string) =>
  c.json({ message, details: { applicationError: { code, description: message, data: {} } } }, status);
/** A bad field, as Wix's validation errors name it. */
const fieldError = (c: Context, field: string, description: string) =>
  c.json(
    {
      message: `INVALID_ARGUMENT: ${field} ${description}`,
      details: { validationError: { fieldViolations: [{ field, description, violatedRule: 'REQUIRED_FIELD' }] } },
    },
    400,
  );

const record = (v: unknown): Json | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null);

export function registerWixStandin(app: Hono, deps: AppDeps) {
  const b = wixBooks(deps);
  const now = () => deps.now().getTime();
  const appOf = async () => {
    const { wix } = await channelSettings(deps);
    return wix && wix.standin ? wix : null;
  };
  const html = (c: Context, title: string, body: string) => {
    allowStyles(c, STANDIN_STYLE);
    return c.html(standinPage(title, body));
  };
  const publicUrl = deps.config.publicUrl.replace(/\/$/, '');

  /** A post-installation address we may return to: this server's Wix callback (the state is ours to carry). */
  const returnOf = (raw: string | undefined) => {
    try {
      const back = new URL(raw ?? '');
      return `${back.origin}${back.pathname}` === `${publicUrl}${WIX_CALLBACK_PATH}` ? back : null;
    } catch {
      return null;
    }
  };
  const hidden = (fields: Record<string, string>) =>
    Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
      .join('');

  // the installer (Wix's external install flow): pick the site, grant the app's permissions,
  // then back to the post-installation address with appId, tenantId and instanceId added
  app.get(`${STANDIN_WIX}/installer/install`, async (c) => {
    const a = await appOf();
    const q = c.req.query();
    if (!a || q.appId !== a.appId) return c.text('Unknown app', 400);
    if (q.postInstallationUrl !== undefined && !returnOf(q.postInstallationUrl))
      return c.text('postInstallationUrl is not a URL of the app', 400);
    return html(
      c,
      'Add app',
      `<h1>Add Dakiya to a Wix site</h1>
<div class="card"><form method="post" action="${STANDIN_WIX}/installer/site">${hidden({ appId: q.appId, postInstallationUrl: q.postInstallationUrl ?? '' })}
<label for="site">Site name</label><input id="site" name="site" required value="Kala Ghar">
<button type="submit">Add to site</button></form></div>`,
    );
  });
  app.post(`${STANDIN_WIX}/installer/site`, async (c) => {
    await limitBody(c, BODY_LIMIT);
    const a = await appOf();
    const f = (await c.req.parseBody()) as Record<string, string>;
    if (!a || f.appId !== a.appId) return c.text('Unknown app', 400);
    const site = String(f.site || 'My Wix site').slice(0, 60);
    return html(
      c,
      'Approve app',
      `<h1>Allow Dakiya on ${escapeHtml(site)}</h1>
<div class="card"><p>Dakiya asks to:</p><ul><li>Read orders</li><li>Manage orders (fulfilments and tracking)</li><li>Read products</li></ul>
<form method="post" action="${STANDIN_WIX}/installer/approve">${hidden({ appId: f.appId, postInstallationUrl: f.postInstallationUrl ?? '', site })}
<button type="submit" name="decision" value="approve">Agree &amp; add</button>
<button type="submit" name="decision" value="cancel" class="secondary">Cancel</button></form></div>`,
    );
  });
  app.post(`${STANDIN_WIX}/installer/approve`, async (c) => {
    await limitBody(c, BODY_LIMIT);
    const a = await appOf();
    const f = (await c.req.parseBody()) as Record<string, string>;
    if (!a || f.appId !== a.appId) return c.text('Unknown app', 400);
    if (f.decision !== 'approve')
      return html(
        c,
        'Not added',
        `<h1>Dakiya was not added</h1><p>Nothing was installed on ${escapeHtml(f.site)}.</p>`,
      );
    const site = addSite(deps, String(f.site || 'My Wix site').slice(0, 60));
    const back = returnOf(f.postInstallationUrl);
    // without a post-installation address Wix ends in the site's dashboard
    if (!back) return html(c, 'Added', `<h1>Dakiya was added to ${escapeHtml(site.name)}</h1>`);
    back.searchParams.set('appId', a.appId);
    back.searchParams.set('tenantId', site.tenantId);
    back.searchParams.set('instanceId', site.instanceId);
    return c.redirect(back.toString());
  });

  // Create Access Token (OAuth, client credentials): the app id and secret and one of its instances
  app.post(`${STANDIN_WIX}/oauth2/token`, async (c) => {
    await limitBody(c, BODY_LIMIT);
    const a = await appOf();
    const body = record(await c.req.json().catch(() => null));
    if (!body) return fieldError(c, 'grant_type', 'must not be empty');
    for (const field of ['grant_type', 'client_id', 'client_secret', 'instance_id'])
      if (typeof body[field] !== 'string' || !body[field]) return fieldError(c, field, 'must not be empty');
    if (body.grant_type !== 'client_credentials') return fieldError(c, 'grant_type', 'must be client_credentials');
    if (!a || body.client_id !== a.appId || body.client_secret !== a.appSecret)
      return wixError(c, 401, 'INVALID_CLIENT', 'The app id or secret is wrong');
    const site = b.sites.get(String(body.instance_id));
    if (!site) return wixError(c, 404, 'APP_INSTANCE_NOT_FOUND', 'The app is not installed on this instance');
    const accessToken = opaque('OauthNG.JWS');
    b.accessTokens.set(accessToken, { instanceId: site.instanceId, expiresAt: now() + ACCESS_SECONDS * 1000 });
    return c.json({ access_token: accessToken, token_type: 'Bearer', expires_in: ACCESS_SECONDS });
  });

  /** A site's API route: a live access token in Authorization, within the site's request window. */
  const api = (
    method: 'GET' | 'POST',
    path: string,
    handle: (c: Context, site: WixSite) => Promise<Response> | Response,
  ) =>
    app.on(method, `${STANDIN_WIX}${path}`, async (c) => {
      await limitBody(c, BODY_LIMIT);
      const grant = b.accessTokens.get(c.req.header('authorization') ?? '');
      if (!grant) return wixError(c, 401, 'UNAUTHENTICATED', 'Unauthorized: no valid access token');
      if (grant.expiresAt < now()) return wixError(c, 401, 'TOKEN_EXPIRED', 'Unauthorized: the access token expired');
      const site = b.sites.get(grant.instanceId);
      if (!site) return wixError(c, 401, 'UNAUTHENTICATED', 'The app is not installed on this site');
      const t = now();
      if (t - site.window.from >= SITE_RATE.windowMs) site.window = { from: t, count: 0 };
      if (++site.window.count > SITE_RATE.requests) {
        site.throttled++;
        return wixError(c, 429, 'TOO_MANY_REQUESTS', 'Rate limit exceeded');
      }
      return handle(c, site);
    });
  const orderOf = (site: WixSite, id: string) => site.orders.find((o) => o.id === id);
  const noOrder = (c: Context) => wixError(c, 404, 'ORDER_NOT_FOUND', 'Order not found');

  api('GET', '/apps/v1/instance', (c, site) =>
    c.json({
      instance: { instanceId: site.instanceId, appName: 'Dakiya', isFree: true },
      site: {
        siteDisplayName: site.name,
        locale: 'en-in',
        paymentCurrency: 'INR',
        url: `https://${site.instanceId.slice(0, 8)}.wixsite.com/shop`,
      },
    }),
  );
  api('POST', '/ecom/v1/orders/search', async (c, site) => {
    const body = record(await c.req.json().catch(() => null));
    const search = record(body?.search) ?? {};
    const paging = record(search.cursorPaging) ?? {};
    const limit = paging.limit === undefined ? 50 : Number(paging.limit);
    if (!Number.isInteger(limit) || limit < 0 || limit > 100)
      return fieldError(c, 'search.cursorPaging.limit', 'must be between 0 and 100');
    const newest = [...site.orders].sort((x, y) => String(y.createdDate).localeCompare(String(x.createdDate)));
    const orders = newest.slice(0, limit);
    return c.json({ orders, metadata: { count: orders.length, cursors: {}, hasNext: newest.length > limit } });
  });
  api('GET', '/ecom/v1/orders/:id', (c, site) => {
    const o = orderOf(site, c.req.param('id') ?? '');
    return o ? c.json({ order: o }) : noOrder(c);
  });
  api('GET', '/ecom/v1/fulfillments/orders/:orderId', (c, site) => {
    const o = orderOf(site, c.req.param('orderId') ?? '');
    if (!o) return noOrder(c);
    return c.json({ orderWithFulfillments: { orderId: o.id, fulfillments: site.fulfillments.get(o.id) ?? [] } });
  });
  api('POST', '/ecom/v1/fulfillments/orders/:orderId/create-fulfillment', async (c, site) => {
    const o = orderOf(site, c.req.param('orderId') ?? '');
    if (!o) return noOrder(c);
    const fulfillment = record(record(await c.req.json().catch(() => null))?.fulfillment);
    if (!fulfillment) return fieldError(c, 'fulfillment', 'must not be empty');
    const lines = Array.isArray(fulfillment.lineItems) ? fulfillment.lineItems.map(record) : [];
    if (!lines.length) return fieldError(c, 'fulfillment.lineItems', 'must not be empty');
    const had = site.fulfillments.get(o.id) ?? [];
    const done = (id: string) =>
      had.flatMap((f) => f.lineItems).reduce((n, l) => n + (l.id === id ? l.quantity : 0), 0);
    for (const l of lines) {
      const item = o.lineItems.find((x) => x.id === l?.id);
      const quantity = Number(l?.quantity);
      if (!item) return wixError(c, 400, 'LINE_ITEM_NOT_FOUND', `Line item ${String(l?.id)} is not in the order`);
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > item.quantity - done(item.id))
        return wixError(
          c,
          400,
          'QUANTITY_EXCEEDED',
          `Line item ${item.id} has no ${String(l?.quantity)} left to fulfil`,
        );
    }
    if (o.status === 'CANCELED') return wixError(c, 428, 'ORDER_CANCELED', 'The order is canceled');
    const tracking = record(fulfillment.trackingInfo);
    if (tracking && (typeof tracking.trackingNumber !== 'string' || !tracking.trackingNumber))
      return fieldError(c, 'fulfillment.trackingInfo.trackingNumber', 'must not be empty');
    if (tracking && (typeof tracking.shippingProvider !== 'string' || !tracking.shippingProvider))
      return fieldError(c, 'fulfillment.trackingInfo.shippingProvider', 'must not be empty');
    const made: WixStandinFulfillment = {
      id: randomUUID(),
      createdDate: deps.now().toISOString(),
      lineItems: lines.map((l) => ({ id: String(l!.id), quantity: Number(l!.quantity) })),
      ...(tracking
        ? {
            trackingInfo: {
              trackingNumber: String(tracking.trackingNumber),
              shippingProvider: String(tracking.shippingProvider),
              trackingLink: String(tracking.trackingLink ?? ''),
            },
          }
        : {}),
    };
    site.fulfillments.set(o.id, [...had, made]);
    const left = o.lineItems.some(
      (l) => l.quantity > done(l.id) + (made.lineItems.find((m) => m.id === l.id)?.quantity ?? 0),
    );
    o.fulfillmentStatus = left ? 'PARTIALLY_FULFILLED' : 'FULFILLED';
    return c.json({ orderWithFulfillments: { orderId: o.id, fulfillments: site.fulfillments.get(o.id) } });
  });
  api('POST', '/stores/v1/products/query', (c, site) =>
    c.json({
      products: site.products.map((p) => ({
        id: p.id,
        name: p.name,
        sku: p.sku,
        priceData: { currency: 'INR', price: p.price },
        weight: p.weight,
      })),
      totalResults: site.products.length,
    }),
  );

  // the admin page: sites, a test order on each, cancellations, and the fulfilments Dakiya wrote
  app.get(`${STANDIN_WIX}/admin`, (c) => {
    const sites = [...b.sites.values()];
    const siteCard = (s: WixSite) => {
      const rows = s.orders
        .map((o) => {
          const tracking = (s.fulfillments.get(o.id) ?? [])
            .map((f) => f.trackingInfo)
            .filter(Boolean)
            .map(
              (t) =>
                `<span class="tracking">${escapeHtml(t!.shippingProvider)} ${escapeHtml(t!.trackingNumber)}</span>`,
            )
            .join('<br>');
          const contact = o.shippingInfo?.logistics?.shippingDestination?.contactDetails;
          const cancel =
            o.status === 'CANCELED'
              ? ''
              : `<form method="post" action="${STANDIN_WIX}/admin/${s.instanceId}/orders/${o.id}/cancel"><button type="submit" class="secondary">Cancel order ${escapeHtml(o.number)}</button></form>`;
          return `<tr><td>#${escapeHtml(o.number)}</td><td>${escapeHtml(contact?.firstName)} ${escapeHtml(contact?.lastName)}</td><td>${escapeHtml(o.status)} · ${escapeHtml(o.fulfillmentStatus)}</td><td>${tracking || '—'}</td><td>${cancel}</td></tr>`;
        })
        .join('');
      return `<h2>${escapeHtml(s.name)}</h2><div class="card"><p class="muted">Instance <code>${s.instanceId}</code></p>
<form method="post" action="${STANDIN_WIX}/admin/${s.instanceId}/orders"><label for="buyer-${s.instanceId}">Buyer name</label><input id="buyer-${s.instanceId}" name="buyer" value="Ananya Sen">
<label for="product-${s.instanceId}">Product</label><select id="product-${s.instanceId}" name="product">${s.products.map((p) => `<option value="${p.id}">${escapeHtml(p.name)} (₹${p.price})</option>`).join('')}</select>
<label for="payment-${s.instanceId}">Payment</label><select id="payment-${s.instanceId}" name="payment"><option value="prepaid">Paid online</option><option value="cod">Cash on delivery</option></select>
<button type="submit">Place order</button></form>
<table aria-label="Orders of ${escapeHtml(s.name)}"><thead><tr><th>Order</th><th>Buyer</th><th>Status</th><th>Tracking</th><th></th></tr></thead><tbody>${rows || '<tr><td colspan="5">No orders yet</td></tr>'}</tbody></table></div>`;
    };
    return html(
      c,
      'Stand-in Wix',
      `<h1>Stand-in Wix</h1>${sites.map(siteCard).join('') || '<p>No site has the app yet.</p>'}`,
    );
  });
  app.post(`${STANDIN_WIX}/admin/:instanceId/orders`, async (c) => {
    await limitBody(c, BODY_LIMIT);
    const site = b.sites.get(c.req.param('instanceId') ?? '');
    if (!site) return c.text('No such site', 404);
    const json = (c.req.header('content-type') ?? '').includes('json');
    const f = (json ? await c.req.json() : await c.req.parseBody()) as Record<string, string>;
    const order = placeOrder(deps, site, f);
    await deliverWix(deps, site, 'wix.ecom.v1.order_created', 'created', order);
    return json ? c.json({ order }, 201) : c.redirect(`${STANDIN_WIX}/admin`);
  });
  app.post(`${STANDIN_WIX}/admin/:instanceId/orders/:id/cancel`, async (c) => {
    const site = b.sites.get(c.req.param('instanceId') ?? '');
    const order = site?.orders.find((o) => o.id === c.req.param('id'));
    if (!site || !order) return c.text('No such order', 404);
    order.status = 'CANCELED';
    await deliverWix(deps, site, 'wix.ecom.v1.order_canceled', 'canceled', order);
    return (c.req.header('accept') ?? '').includes('json') ? c.json({ order }) : c.redirect(`${STANDIN_WIX}/admin`);
  });
}

/** An order as a buyer's checkout on the site makes it. */
function placeOrder(deps: AppDeps, site: WixSite, f: Record<string, string>) {
  const p = site.products.find((x) => x.id === f.product) ?? site.products[0];
  const quantity = Math.max(1, Number(f.quantity) || 1);
  const [firstName, ...rest] = String(f.buyer || 'Ananya Sen')
    .trim()
    .split(/\s+/);
  const contact = { firstName, lastName: rest.join(' '), phone: '+91 98300 12345' };
  const address = {
    addressLine1: '14, Hindustan Park',
    addressLine2: 'Gariahat',
    city: 'Kolkata',
    subdivision: 'IN-WB',
    country: 'IN',
    postalCode: f.postcode || '700029',
  };
  const total = (p.price * quantity).toFixed(2);
  const order: WixOrder & { fulfillmentStatus: string } = {
    id: randomUUID(),
    number: String(wixBooks(deps).nextNumber++),
    createdDate: deps.now().toISOString(),
    status: 'APPROVED',
    paymentStatus: f.payment === 'cod' ? 'NOT_PAID' : 'PAID',
    fulfillmentStatus: 'NOT_FULFILLED',
    buyerInfo: { email: 'ananya.sen@example.in' },
    lineItems: [
      {
        id: randomUUID(),
        productName: { original: p.name },
        catalogReference: { catalogItemId: p.id },
        quantity,
        price: { amount: p.price.toFixed(2) },
        physicalProperties: { sku: p.sku, weight: p.weight },
      },
    ],
    shippingInfo: { logistics: { shippingDestination: { address, contactDetails: contact } } },
    billingInfo: { address, contactDetails: contact },
    priceSummary: { shipping: { amount: '0.00' }, discount: { amount: '0.00' } },
    weightUnit: 'KG',
  };
  Object.assign(order, { priceSummary: { ...order.priceSummary, total: { amount: total } } });
  site.orders.push(order);
  return order;
}

/** An event's JWT as Wix posts it: RS256 over { data: "{eventType, instanceId, data: "{…}"}" }. */
export async function wixEventToken(
  deps: AppDeps,
  instanceId: string,
  eventType: string,
  slug: 'created' | 'updated' | 'canceled' | 'approved',
  order: WixOrder,
  eventId: string = randomUUID(),
): Promise<string> {
  const { privateKey } = await keptKeyPair(deps, 'wix-standin-webhook-key');
  const event = {
    id: eventId,
    entityFqdn: 'wix.ecom.v1.order',
    slug,
    entityId: order.id,
    eventTime: deps.now().toISOString(),
    ...(slug === 'created'
      ? { createdEvent: { entity: order } }
      : slug === 'updated'
        ? { updatedEvent: { currentEntity: order } }
        : { actionEvent: { body: { order } } }),
  };
  const iat = Math.floor(deps.now().getTime() / 1000);
  return signRs256(privateKey, {
    data: JSON.stringify({ eventType, instanceId, data: JSON.stringify(event) }),
    iat,
    exp: iat + 3600,
  });
}

/** Posts an order event to the app's webhook address (this server's own, as the app registered it). */
async function deliverWix(
  deps: AppDeps,
  site: WixSite,
  eventType: string,
  slug: 'created' | 'canceled',
  order: WixOrder,
) {
  const token = await wixEventToken(deps, site.instanceId, eventType, slug, order);
  const res = await deps
    .fetch(`${deps.config.publicUrl.replace(/\/$/, '')}${API_CHANNELS.wixWebhook.path}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: token,
    })
    .catch(() => null);
  site.deliveries.push({ eventType, status: res?.status ?? 0 });
}

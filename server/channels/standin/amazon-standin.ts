import type { Context, Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { BODY_LIMIT, limitBody } from '../../http/body-limit';
import { allowStyles } from '../../http/security-headers';
import { channelSettings, STANDIN_AMAZON } from '../settings';
import { AMAZON_IN_MARKETPLACE } from '../../../src/domain/channels';
import { escapeHtml, STANDIN_STYLE, standinPage } from './page';
import {
  accessToken,
  cancelStandinOrder,
  ordersOf,
  placeStandinOrder,
  readToken,
  restrictedToken,
  sellerOfRefresh,
  standinRefreshToken,
  TOKEN_SECONDS,
  type StandinKind,
  type StandinOrder,
} from './amazon-standin-books';

// A stand-in Amazon at /dev/standin/amazon, as strict as the Selling Partner API's documents on
// what Dakiya calls: LWA's token endpoint (a form body, grant_type=refresh_token, the app's
// client id and secret, hour-long tokens), x-amz-access-token on every call, the Orders API v0
// (getOrders by MarketplaceIds and LastUpdatedAfter with NextToken pages, getOrder, getOrderItems,
// confirmShipment), the Tokens API's Restricted Data Token (the only way to an order's name,
// street and phone), the Sellers API's marketplace participations, error bodies
// {errors:[{code,message,details}]}, and each operation's usage plan (a token bucket: 429 with
// x-amzn-RateLimit-Limit when it is empty).

const LWA = `${STANDIN_AMAZON}/lwa/auth/o2/token`;
const SP = `${STANDIN_AMAZON}/sp`;
/** The usage plans (requests a second, burst) of the operations the stand-in serves. */
const PLANS = {
  getOrders: [0.0167, 20],
  getOrder: [0.5, 30],
  getOrderItems: [0.5, 30],
  confirmShipment: [2, 10],
  createRestrictedDataToken: [1, 10],
  getMarketplaceParticipations: [0.016, 15],
} as const;
type Operation = keyof typeof PLANS;
const PAGE = 100;

const buckets = new WeakMap<AppDeps, Map<string, { tokens: number; at: number }>>();

/** Takes one request from the seller's bucket for the operation; false when it is empty. */
function admit(deps: AppDeps, sellerId: string, op: Operation): boolean {
  let all = buckets.get(deps);
  if (!all) buckets.set(deps, (all = new Map()));
  const [rate, burst] = PLANS[op];
  const now = deps.now().getTime();
  const key = `${sellerId}|${op}`;
  const b = all.get(key) ?? { tokens: burst, at: now };
  b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 1000) * rate);
  b.at = now;
  all.set(key, b);
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

/** Empties a seller's bucket for an operation, as a burst of other calls would (tests of the back-off). */
export function exhaustStandinPlan(deps: AppDeps, sellerId: string, op: Operation) {
  while (admit(deps, sellerId, op));
}

const errors = (c: Context, status: 400 | 403 | 404 | 429, code: string, message: string, details = '') =>
  c.json({ errors: [{ code, message, details }] }, status);

const shownOrder = ({ items: _i, restricted: _r, shipments: _s, ...o }: StandinOrder) => o;

/** The confirmShipment body's first fault, in the API's words (null: it is whole). */
function shipmentFault(body: Record<string, unknown>, o: StandinOrder): string | null {
  if (body.marketplaceId !== AMAZON_IN_MARKETPLACE)
    return 'marketplaceId is required and must be the order’s marketplace';
  const p = body.packageDetail as Record<string, unknown> | undefined;
  if (!p || typeof p !== 'object') return 'packageDetail is required';
  if (!/^[1-9]\d*$/.test(String(p.packageReferenceId ?? ''))) return 'packageReferenceId must be a positive number';
  for (const f of ['carrierCode', 'trackingNumber', 'shipDate'] as const)
    if (typeof p[f] !== 'string' || !p[f]) return `${f} is required`;
  if (p.carrierCode === 'Other' && !p.carrierName) return 'carrierName is required when carrierCode is Other';
  if (Number.isNaN(Date.parse(String(p.shipDate)))) return 'shipDate must be an ISO 8601 date-time';
  const items = p.orderItems as { orderItemId?: string; quantity?: number }[] | undefined;
  if (!Array.isArray(items) || !items.length) return 'orderItems is required';
  for (const i of items) {
    const line = o.items.find((x) => x.OrderItemId === i.orderItemId);
    if (!line) return `orderItemId ${String(i.orderItemId)} is not in this order`;
    if (!Number.isInteger(i.quantity) || i.quantity! < 1 || i.quantity! > line.QuantityOrdered)
      return `quantity of ${line.OrderItemId} must be 1 to ${line.QuantityOrdered}`;
  }
  return null;
}

export function registerAmazonStandin(app: Hono, deps: AppDeps) {
  // Login with Amazon: a refresh token for an access token
  app.post(LWA, async (c) => {
    await limitBody(c, BODY_LIMIT);
    const bad = (error: string, description: string, status: 400 | 401 = 400) =>
      c.json({ error, error_description: description }, status);
    if (!(c.req.header('content-type') ?? '').startsWith('application/x-www-form-urlencoded'))
      return bad('invalid_request', 'The request body must be application/x-www-form-urlencoded');
    const f = new URLSearchParams(await c.req.text());
    if (f.get('grant_type') !== 'refresh_token')
      return bad('unsupported_grant_type', 'The authorization grant type is not supported');
    const app_ = await channelSettings(deps);
    if (
      !app_.amazon ||
      f.get('client_id') !== app_.amazon.clientId ||
      f.get('client_secret') !== app_.amazon.clientSecret
    )
      return bad('invalid_client', 'Client authentication failed', 401);
    const seller = await sellerOfRefresh(deps, f.get('refresh_token') ?? '');
    if (!seller) return bad('invalid_grant', 'The request has an invalid grant parameter : refresh_token');
    return c.json({
      access_token: await accessToken(deps, seller),
      refresh_token: f.get('refresh_token'),
      token_type: 'bearer',
      expires_in: TOKEN_SECONDS,
    });
  });

  /** An SP-API operation: the token read, the plan admitted, then the handler. */
  const route = (
    method: 'get' | 'post',
    path: string,
    op: Operation,
    handle: (c: Context, who: { sellerId: string; orderId: string | null }) => Promise<Response> | Response,
  ) =>
    app.on(method.toUpperCase(), `${SP}${path}`, async (c) => {
      await limitBody(c, BODY_LIMIT);
      const who = await readToken(deps, c.req.header('x-amz-access-token') ?? '');
      if (who === 'invalid' || who === 'expired')
        return errors(
          c,
          403,
          'Unauthorized',
          'Access to requested resource is denied.',
          who === 'expired'
            ? 'The access token you provided has expired.'
            : 'The access token you provided is revoked, malformed or invalid.',
        );
      if (!admit(deps, who.sellerId, op)) {
        c.header('x-amzn-RateLimit-Limit', String(PLANS[op][0]));
        return errors(c, 429, 'QuotaExceeded', 'You exceeded your quota for the requested resource.');
      }
      // a restricted data token opens its one order's getOrder, nothing else
      if (who.orderId && op !== 'getOrder')
        return errors(c, 403, 'Unauthorized', 'Access to requested resource is denied.');
      return handle(c, who);
    });
  const orderOf = (c: Context, sellerId: string) =>
    ordersOf(deps, sellerId).find((o) => o.AmazonOrderId === c.req.param('orderId'));

  route('get', '/sellers/v1/marketplaceParticipations', 'getMarketplaceParticipations', (c, who) =>
    c.json({
      payload: [
        {
          marketplace: {
            id: AMAZON_IN_MARKETPLACE,
            name: 'Amazon.in',
            countryCode: 'IN',
            defaultCurrencyCode: 'INR',
            defaultLanguageCode: 'en_IN',
            domainName: 'www.amazon.in',
          },
          participation: { isParticipating: true, hasSuspendedListings: false },
          storeName: `Stand-in Amazon seller ${who.sellerId}`,
        },
      ],
    }),
  );

  route('get', '/orders/v0/orders', 'getOrders', (c, who) => {
    const q = new URL(c.req.url).searchParams;
    if (!(q.get('MarketplaceIds') ?? '').split(',').includes(AMAZON_IN_MARKETPLACE))
      return errors(c, 400, 'InvalidInput', 'Missing required MarketplaceIds', 'MarketplaceIds');
    let since: number;
    let offset = 0;
    const next = q.get('NextToken');
    if (next) {
      const [s, o] = Buffer.from(next, 'base64url').toString().split('|').map(Number);
      if (!Number.isFinite(s) || !Number.isFinite(o)) return errors(c, 400, 'InvalidInput', 'Invalid NextToken');
      since = s;
      offset = o;
    } else {
      const after = q.get('LastUpdatedAfter') ?? q.get('CreatedAfter');
      if (!after)
        return errors(
          c,
          400,
          'InvalidInput',
          'Either CreatedAfter or LastUpdatedAfter must be specified',
          'LastUpdatedAfter',
        );
      since = Date.parse(after);
      if (Number.isNaN(since)) return errors(c, 400, 'InvalidInput', 'LastUpdatedAfter must be an ISO 8601 date-time');
    }
    const all = ordersOf(deps, who.sellerId).filter((o) => Date.parse(o.LastUpdateDate) >= since);
    const page = all.slice(offset, offset + PAGE);
    const more = offset + PAGE < all.length;
    return c.json({
      payload: {
        Orders: page.map(shownOrder),
        ...(more ? { NextToken: Buffer.from(`${since}|${offset + PAGE}`).toString('base64url') } : {}),
        LastUpdatedBefore: deps.now().toISOString(),
      },
    });
  });

  route('get', '/orders/v0/orders/:orderId', 'getOrder', (c, who) => {
    const o = orderOf(c, who.sellerId);
    if (!o) return errors(c, 404, 'NotFound', 'Order not found');
    if (who.orderId && who.orderId !== o.AmazonOrderId)
      return errors(c, 403, 'Unauthorized', 'Access to requested resource is denied.');
    const shown = shownOrder(o);
    return c.json({
      payload: who.orderId
        ? {
            ...shown,
            ShippingAddress: o.restricted.ShippingAddress,
            BuyerInfo: { BuyerEmail: o.restricted.BuyerEmail },
          }
        : shown,
    });
  });

  route('get', '/orders/v0/orders/:orderId/orderItems', 'getOrderItems', (c, who) => {
    const o = orderOf(c, who.sellerId);
    if (!o) return errors(c, 404, 'NotFound', 'Order not found');
    return c.json({ payload: { AmazonOrderId: o.AmazonOrderId, OrderItems: o.items } });
  });

  route('post', '/tokens/2021-03-01/restrictedDataToken', 'createRestrictedDataToken', async (c, who) => {
    const body = (await c.req.json().catch(() => null)) as {
      restrictedResources?: { method?: string; path?: string; dataElements?: string[] }[];
    } | null;
    const r = body?.restrictedResources;
    if (!Array.isArray(r) || r.length !== 1)
      return errors(
        c,
        400,
        'InvalidInput',
        'restrictedResources must name one resource (this stand-in serves one order at a time)',
      );
    const m = /^\/orders\/v0\/orders\/([^/]+)$/.exec(r[0].path ?? '');
    if (r[0].method !== 'GET' || !m)
      return errors(c, 400, 'InvalidInput', 'Invalid restricted resource path or method');
    const elements = r[0].dataElements ?? [];
    if (!elements.length || elements.some((e) => !['buyerInfo', 'shippingAddress', 'buyerTaxInformation'].includes(e)))
      return errors(c, 400, 'InvalidInput', 'dataElements must be buyerInfo, shippingAddress or buyerTaxInformation');
    if (!ordersOf(deps, who.sellerId).some((o) => o.AmazonOrderId === decodeURIComponent(m[1])))
      return errors(c, 400, 'InvalidInput', 'The order in the restricted resource path does not exist');
    return c.json({
      restrictedDataToken: await restrictedToken(deps, who.sellerId, decodeURIComponent(m[1])),
      expiresIn: TOKEN_SECONDS,
    });
  });

  route('post', '/orders/v0/orders/:orderId/shipmentConfirmation', 'confirmShipment', async (c, who) => {
    const o = orderOf(c, who.sellerId);
    if (!o) return errors(c, 404, 'NotFound', 'Order not found');
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const fault = body ? shipmentFault(body, o) : 'The request body must be JSON';
    if (fault) return errors(c, 400, 'InvalidInput', fault);
    if (o.FulfillmentChannel === 'AFN' || o.EasyShipShipmentStatus)
      return errors(c, 400, 'InvalidInput', 'Shipment confirmation is only for seller-fulfilled orders');
    if (o.OrderStatus === 'Canceled') return errors(c, 400, 'InvalidInput', 'The order is cancelled');
    const p = body!.packageDetail as Record<string, string>;
    const shipment = {
      packageReferenceId: p.packageReferenceId,
      carrierCode: p.carrierCode,
      carrierName: p.carrierName ?? '',
      trackingNumber: p.trackingNumber,
    };
    // the same package reference edits its shipment
    const at = o.shipments.findIndex((s) => s.packageReferenceId === shipment.packageReferenceId);
    if (at >= 0) o.shipments[at] = shipment;
    else o.shipments.push(shipment);
    o.OrderStatus = 'Shipped';
    o.LastUpdateDate = deps
      .now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
    return c.body(null, 204);
  });

  // Seller Central, in brief: authorise the app (a refresh token), place and cancel a test order
  app.get(STANDIN_AMAZON, async (c) => {
    const seller = (c.req.query('seller') ?? 'A2STANDINSELLER').toUpperCase().replace(/[^A-Z0-9]/g, '');
    allowStyles(c, STANDIN_STYLE);
    const rows = ordersOf(deps, seller)
      .map(
        (o) =>
          `<tr><td>${o.AmazonOrderId}</td><td>${o.FulfillmentChannel === 'AFN' ? 'FBA' : o.EasyShipShipmentStatus ? 'Easy Ship' : 'Self-ship'}</td><td>${escapeHtml(o.OrderStatus)}</td><td>${o.shipments.map((s) => `${escapeHtml(s.carrierName || s.carrierCode)} ${escapeHtml(s.trackingNumber)}`).join('<br>') || '—'}</td><td>${o.OrderStatus === 'Unshipped' ? `<form method="post" action="${STANDIN_AMAZON}/orders/${o.AmazonOrderId}/cancel?seller=${seller}"><button class="secondary" type="submit">Cancel ${o.AmazonOrderId}</button></form>` : ''}</td></tr>`,
      )
      .join('');
    return c.html(
      standinPage(
        'Stand-in Amazon Seller Central',
        `<h1>Stand-in Amazon.in Seller Central</h1>
<div class="card"><p>Seller ID (merchant token) <code>${seller}</code></p>
<p>Refresh token <code id="refresh-token">${escapeHtml(await standinRefreshToken(deps, seller))}</code></p></div>
<div class="card"><form method="post" action="${STANDIN_AMAZON}/orders?seller=${seller}"><label for="kind">Fulfilment</label><select id="kind" name="kind"><option value="MFN">Self-ship (merchant fulfilled)</option><option value="EASY">Easy Ship</option><option value="AFN">Fulfilled by Amazon</option></select>
<label for="payment">Payment</label><select id="payment" name="payment"><option value="prepaid">Prepaid</option><option value="cod">Cash on delivery</option></select>
<button type="submit">Place order</button></form></div>
<h2>Orders</h2><div class="card"><table aria-label="Orders"><thead><tr><th>Order</th><th>Fulfilment</th><th>Status</th><th>Shipment confirmed</th><th></th></tr></thead><tbody>${rows || '<tr><td colspan="5">No orders yet</td></tr>'}</tbody></table></div>`,
      ),
    );
  });
  app.post(`${STANDIN_AMAZON}/orders`, async (c) => {
    await limitBody(c, BODY_LIMIT);
    const seller = (c.req.query('seller') ?? 'A2STANDINSELLER').toUpperCase().replace(/[^A-Z0-9]/g, '');
    const f = (await c.req.parseBody()) as Record<string, string>;
    const kind = (['MFN', 'EASY', 'AFN'].includes(f.kind) ? f.kind : 'MFN') as StandinKind;
    placeStandinOrder(deps, seller, { kind, cod: f.payment === 'cod' });
    return c.redirect(`${STANDIN_AMAZON}?seller=${seller}`);
  });
  app.post(`${STANDIN_AMAZON}/orders/:orderId/cancel`, async (c) => {
    const seller = (c.req.query('seller') ?? 'A2STANDINSELLER').toUpperCase().replace(/[^A-Z0-9]/g, '');
    cancelStandinOrder(deps, seller, c.req.param('orderId'));
    return c.redirect(`${STANDIN_AMAZON}?seller=${seller}`);
  });
}

import { createHmac } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { BODY_LIMIT, limitBody } from '../../http/body-limit';
import { allowStyles } from '../../http/security-headers';
import { keptSecret, STANDIN_MAGENTO } from '../settings';
import { magentoTime } from '../magento-orders';
import { escapeHtml, STANDIN_STYLE, standinPage } from './page';
import {
  badCondition,
  magentoBooks,
  parseCriteria,
  placeStandinOrder,
  searchRows,
  type MagentoBooks,
  type StandinOrder,
} from './magento-standin-books';

// A stand-in Magento 2 store at /dev/standin/magento: the REST calls Dakiya makes (store groups
// and configs, orders and products by search criteria, an order's ship with tracks, its
// comments, shipments by order) behind an integration's access token sent as a bearer token —
// refused, as Magento 2.4.4+ refuses it, until the admin page's OAuth setting allows it. Errors
// come as Magento's {message, parameters}. Its admin page shows the token, places and cancels
// orders and shows the shipments and comments Dakiya wrote.

const ADMIN = `${STANDIN_MAGENTO}/admin`;
const MAX_PAGE_SIZE = 300;

type Err = { message: string; parameters?: Record<string, unknown> | unknown[] };
const fail = (c: Context, status: 400 | 401 | 404, body: Err) => c.json(body, status);
const required = (c: Context, fieldName: string) =>
  fail(c, 400, { message: '"%fieldName" is required. Enter and try again.', parameters: { fieldName } });
const noEntity = (c: Context) =>
  fail(c, 404, { message: "The entity that was requested doesn't exist. Verify the entity and try again." });
const shipmentInvalid = (c: Context, why: string) =>
  fail(c, 400, { message: `Shipment Document Validation Error(s):\n${why}` });

/** The integration's access token, as System › Extensions › Integrations shows it once activated. */
export async function magentoStandinToken(deps: AppDeps): Promise<string> {
  const secret = await keptSecret(deps, 'magento-standin');
  return createHmac('sha256', secret).update('integration-access-token').digest('hex').slice(0, 32);
}

export function registerMagentoStandin(app: Hono, deps: AppDeps) {
  const api = `${STANDIN_MAGENTO}/rest/V1`;
  const route = (
    method: 'get' | 'post',
    path: string,
    resource: string,
    handle: (c: Context, b: MagentoBooks) => Promise<Response> | Response,
  ) =>
    app.on(method.toUpperCase(), `${api}/${path}`, async (c) => {
      await limitBody(c, BODY_LIMIT);
      const b = magentoBooks(deps);
      const token = await magentoStandinToken(deps);
      // an integration token alone is a bearer only while the store owner allows it (2.4.4+)
      if (!b.bearerAllowed || c.req.header('authorization') !== `Bearer ${token}`)
        return fail(c, 401, {
          message: "The consumer isn't authorized to access %resources.",
          parameters: { resources: resource },
        });
      return handle(c, b);
    });
  /** a list endpoint's search criteria, checked as Magento checks them */
  const search = <T extends object>(c: Context, rows: T[]) => {
    const criteria = parseCriteria(c.req.query());
    if (!criteria) return required(c, 'searchCriteria');
    if (criteria.pageSize !== null && (!Number.isInteger(criteria.pageSize) || criteria.pageSize > MAX_PAGE_SIZE))
      return fail(c, 400, { message: 'Maximum SearchCriteria pageSize is %max', parameters: { max: MAX_PAGE_SIZE } });
    const odd = badCondition(criteria);
    if (odd) return fail(c, 400, { message: 'Invalid condition type: %1', parameters: [odd.condition_type] });
    return c.json({ ...searchRows(rows, criteria), search_criteria: c.req.query() });
  };
  const orderOf = (c: Context, b: MagentoBooks) => b.orders.find((o) => o.entity_id === Number(c.req.param('id')));
  const shown = ({ invoiced: _i, ...o }: StandinOrder) => o;

  route('get', 'store/storeGroups', 'Magento_Backend::store', (c) =>
    c.json([
      { id: 0, website_id: 0, root_category_id: 0, default_store_id: 0, name: 'Default', code: 'default' },
      {
        id: 1,
        website_id: 1,
        root_category_id: 2,
        default_store_id: 1,
        name: 'Stand-in Magento store',
        code: 'main_website_store',
      },
    ]),
  );
  route('get', 'store/storeConfigs', 'Magento_Backend::store', (c) =>
    c.json([
      {
        id: 1,
        code: 'default',
        website_id: 1,
        locale: 'en_IN',
        base_currency_code: 'INR',
        timezone: 'Asia/Kolkata',
        weight_unit: 'kgs',
        base_url: `${deps.config.publicUrl}${STANDIN_MAGENTO}/`,
      },
    ]),
  );
  route('get', 'orders', 'Magento_Sales::actions_view', (c, b) => search(c, b.orders.map(shown)));
  route('get', 'orders/:id', 'Magento_Sales::actions_view', (c, b) => {
    const o = orderOf(c, b);
    return o ? c.json(shown(o)) : noEntity(c);
  });
  route('post', 'orders/:id/comments', 'Magento_Sales::comment', async (c, b) => {
    const o = orderOf(c, b);
    if (!o) return noEntity(c);
    const body = (await c.req.json().catch(() => ({}))) as {
      statusHistory?: { comment?: string; is_customer_notified?: number };
    };
    if (!body.statusHistory) return required(c, 'statusHistory');
    if (!body.statusHistory.comment) return required(c, 'comment');
    o.status_histories.unshift({
      entity_id: ++b.nextId,
      comment: body.statusHistory.comment,
      is_customer_notified: body.statusHistory.is_customer_notified ? 1 : 0,
      created_at: magentoTime(deps.now()),
    });
    o.updated_at = magentoTime(deps.now());
    return c.json(true);
  });
  route('post', 'order/:id/ship', 'Magento_Sales::ship', async (c, b) => {
    const o = orderOf(c, b);
    if (!o) return noEntity(c);
    const body = (await c.req.json().catch(() => ({}))) as {
      tracks?: { track_number?: string; title?: string; carrier_code?: string }[];
      comment?: { comment?: string; is_visible_on_front?: number };
      appendComment?: boolean;
    };
    const left = o.items.filter((i) => !i.parent_item_id && i.qty_ordered > i.qty_shipped);
    if (['canceled', 'closed', 'holded'].includes(o.state) || !left.length)
      return shipmentInvalid(c, 'The order does not allow a shipment to be created.');
    for (const t of body.tracks ?? []) {
      if (!t.track_number) return shipmentInvalid(c, 'Please enter a tracking number.');
      if (!t.carrier_code) return shipmentInvalid(c, 'Please enter a carrier code.');
    }
    const at = magentoTime(deps.now());
    const shipmentId = ++b.nextId;
    b.shipments.push({
      entity_id: shipmentId,
      increment_id: String(shipmentId).padStart(9, '0'),
      order_id: o.entity_id,
      created_at: at,
      items: left.map((i) => ({ order_item_id: i.item_id, qty: i.qty_ordered - i.qty_shipped, sku: i.sku })),
      tracks: (body.tracks ?? []).map((t) => ({
        entity_id: ++b.nextId,
        track_number: t.track_number!,
        title: t.title ?? '',
        carrier_code: t.carrier_code!,
        order_id: o.entity_id,
      })),
      comments: body.comment?.comment
        ? [{ comment: body.comment.comment, is_visible_on_front: body.comment.is_visible_on_front ? 1 : 0 }]
        : [],
    });
    for (const i of left) i.qty_shipped = i.qty_ordered;
    // shipped in full: complete once paid (invoiced), processing while the money is still to come
    o.state = o.status = o.invoiced ? 'complete' : 'processing';
    if (body.appendComment && body.comment?.comment)
      o.status_histories.unshift({
        entity_id: ++b.nextId,
        comment: body.comment.comment,
        is_customer_notified: 1,
        created_at: at,
      });
    o.updated_at = at;
    return c.json(shipmentId);
  });
  route('get', 'shipments', 'Magento_Sales::shipment', (c, b) => search(c, b.shipments));
  route('get', 'products', 'Magento_Catalog::products', (c, b) => search(c, b.products));
  app.all(`${api}/*`, (c) => fail(c, 404, { message: 'Request does not match any route.' }));

  // the store's admin: its token and OAuth setting, a storefront order, cancelling, and what Dakiya wrote
  app.get(ADMIN, async (c) => {
    const b = magentoBooks(deps);
    allowStyles(c, STANDIN_STYLE);
    const rows = b.orders
      .map((o) => {
        const tracks = b.shipments
          .filter((s) => s.order_id === o.entity_id)
          .flatMap((s) => s.tracks.map((t) => `${escapeHtml(t.title)} ${escapeHtml(t.track_number)}`));
        const cancel =
          ['new', 'processing'].includes(o.state) && !o.items.some((i) => i.qty_shipped)
            ? `<form method="post" action="${ADMIN}/orders/${o.entity_id}/cancel"><button class="secondary" type="submit">Cancel #${o.increment_id}</button></form>`
            : '';
        return `<tr><td>#${o.increment_id}</td><td>${escapeHtml(o.customer_firstname)} ${escapeHtml(o.customer_lastname)}</td><td>${escapeHtml(o.state)}</td><td>${tracks.join('<br>') || '—'}</td><td>${o.status_histories.map((h) => escapeHtml(h.comment)).join('<br>') || '—'}</td><td>${cancel}</td></tr>`;
      })
      .join('');
    return c.html(
      standinPage(
        'Stand-in Magento',
        `<h1>Stand-in Magento store</h1>
<div class="card"><p>Base URL <code>${escapeHtml(`${deps.config.publicUrl}${STANDIN_MAGENTO}`)}</code></p>
<p>Integration access token <code>${await magentoStandinToken(deps)}</code></p>
<p>Allow OAuth Access Tokens to be used as standalone Bearer tokens: <strong>${b.bearerAllowed ? 'Yes' : 'No'}</strong></p>
<form method="post" action="${ADMIN}/oauth"><input type="hidden" name="allow" value="${b.bearerAllowed ? 'no' : 'yes'}">
<button type="submit">${b.bearerAllowed ? 'Do not allow bearer tokens' : 'Allow bearer tokens'}</button></form></div>
<div class="card"><form method="post" action="${ADMIN}/orders"><label for="sku">Product</label><select id="sku" name="sku">${b.products
          .filter((p) => p.type_id === 'simple')
          .map((p) => `<option value="${escapeHtml(p.sku)}">${escapeHtml(p.name)} (₹${p.price})</option>`)
          .join('')}</select>
<label for="name">Customer name</label><input id="name" name="name" value="Ananya Rao">
<label for="payment">Payment</label><select id="payment" name="payment"><option value="prepaid">Check / money order (paid)</option><option value="cod">Cash on delivery</option></select>
<button type="submit">Place order</button></form></div>
<h2>Orders</h2><div class="card"><table aria-label="Orders"><thead><tr><th>Order</th><th>Customer</th><th>State</th><th>Tracking</th><th>Comments</th><th></th></tr></thead><tbody>${rows || '<tr><td colspan="6">No orders yet</td></tr>'}</tbody></table></div>`,
      ),
    );
  });
  const formOf = async (c: Context) => {
    await limitBody(c, BODY_LIMIT);
    const json = (c.req.header('content-type') ?? '').includes('json');
    return { json, f: (json ? await c.req.json() : await c.req.parseBody()) as Record<string, string> };
  };
  app.post(`${ADMIN}/oauth`, async (c) => {
    const { json, f } = await formOf(c);
    magentoBooks(deps).bearerAllowed = f.allow === 'yes';
    return json ? c.json({ bearerAllowed: magentoBooks(deps).bearerAllowed }) : c.redirect(ADMIN);
  });
  app.post(`${ADMIN}/orders`, async (c) => {
    const { json, f } = await formOf(c);
    const order = placeStandinOrder(deps, magentoBooks(deps), { ...f, quantity: Number(f.quantity) || 1 });
    return json ? c.json(shown(order), 201) : c.redirect(ADMIN);
  });
  app.post(`${ADMIN}/orders/:id/cancel`, async (c) => {
    const { json } = await formOf(c);
    const o = magentoBooks(deps).orders.find((x) => x.entity_id === Number(c.req.param('id')));
    if (!o) return noEntity(c);
    // Magento cancels only what is not yet shipped
    if (!o.items.some((i) => i.qty_shipped)) {
      o.state = o.status = 'canceled';
      o.updated_at = magentoTime(deps.now());
    }
    return json ? c.json(shown(o)) : c.redirect(ADMIN);
  });
}

export const standinMagento = (deps: AppDeps) => magentoBooks(deps);

import type { AppDeps } from '../../deps';
import {
  gid,
  LINE_ITEMS,
  ORDERS_PAGE,
  PRODUCTS_PAGE,
  SHOPIFY_OPERATIONS,
  topicHeader,
  VARIANTS_PAGE,
  type ShopifyOperation,
} from '../shopify-operations';
import { id, type Order, type Shop } from './shopify-standin-books';
import { actualCost, MAX_QUERY_COST, refill, requestedCost, throttleStatus } from './shopify-standin-cost';
import { isOwnAddress } from './own-address';

// The stand-in's GraphQL Admin API: it runs the operations the adapter declares
// (shopify-operations.ts) and no others, each document checked word for word with its
// required variables, answers in the shapes those documents select, and meters every query
// through the shop's cost bucket: extensions.cost on each answer, THROTTLED when the bucket
// cannot pay.

type Vars = Record<string, unknown>;
type GraphqlError = { message: string; extensions?: Record<string, unknown> };
export interface GraphqlReply {
  data?: unknown;
  errors?: GraphqlError[];
  extensions?: unknown;
}

/** A top-level error, as Shopify answers a document or variable it cannot run. */
class QueryError extends Error {
  constructor(
    message: string,
    readonly code = 'BAD_REQUEST',
  ) {
    super(message);
  }
}

/** The topics a subscription may name (GraphQL's WebhookSubscriptionTopic values the stand-in sends). */
const TOPICS = new Set(['ORDERS_CREATE', 'ORDERS_UPDATED', 'ORDERS_CANCELLED', 'APP_UNINSTALLED']);
/** FulfillmentEventStatus values. */
const EVENT_STATUSES = new Set([
  'ATTEMPTED_DELIVERY',
  'CARRIER_PICKED_UP',
  'CONFIRMED',
  'DELAYED',
  'DELIVERED',
  'FAILURE',
  'IN_TRANSIT',
  'LABEL_PRINTED',
  'LABEL_PURCHASED',
  'OUT_FOR_DELIVERY',
  'READY_FOR_PICKUP',
]);

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const KNOWN = new Map(Object.entries(SHOPIFY_OPERATIONS).map(([name, doc]) => [squash(doc), name as ShopifyOperation]));

/** The operation a document is, or a QueryError naming what is wrong with it. */
function operationOf(query: unknown, variables: Vars): ShopifyOperation {
  if (typeof query !== 'string' || !query.trim()) throw new QueryError('No query string was present');
  const name = KNOWN.get(squash(query));
  if (!name) {
    const named = /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1];
    throw new QueryError(
      named ? `Operation ${named} is not one this app was reviewed for` : 'An anonymous operation is not accepted',
      'UNKNOWN_OPERATION',
    );
  }
  const header = /^[^{]*/.exec(query)?.[0] ?? '';
  for (const [, variable, type] of header.matchAll(/\$(\w+):\s*([\w[\]!]+)/g))
    if (type.endsWith('!') && (variables[variable] === undefined || variables[variable] === null))
      throw new QueryError(`Variable $${variable} of type ${type} was provided invalid value`, 'INVALID_VARIABLE');
  return name;
}

const money = (amount: string | number) => ({ shopMoney: { amount: Number(amount).toFixed(2) } });
const address = (a: Order['shipping_address']) => ({
  name: a.name,
  firstName: a.first_name,
  lastName: a.last_name,
  address1: a.address1,
  address2: a.address2 || null,
  zip: a.zip,
  phone: a.phone,
});
const weighed = (grams: number) => ({ inventoryItem: { measurement: { weight: { unit: 'GRAMS', value: grams } } } });

function orderNode(o: Order) {
  return {
    legacyResourceId: String(o.id),
    name: o.name,
    createdAt: o.created_at,
    cancelledAt: o.cancelled_at,
    email: o.email,
    phone: o.phone,
    displayFinancialStatus: o.financial_status.toUpperCase(),
    paymentGatewayNames: o.payment_gateway_names,
    customer: { firstName: o.shipping_address.first_name, lastName: o.shipping_address.last_name },
    shippingAddress: address(o.shipping_address),
    billingAddress: address(o.shipping_address),
    totalDiscountsSet: money(o.total_discounts),
    totalShippingPriceSet: money(o.shipping_lines.reduce((s, l) => s + Number(l.price), 0)),
    lineItems: {
      nodes: o.line_items.slice(0, LINE_ITEMS).map((l) => ({
        title: l.title,
        sku: l.sku,
        quantity: l.quantity,
        originalUnitPriceSet: money(l.price),
        product: { legacyResourceId: String(l.product_id) },
        variant: { legacyResourceId: String(l.variant_id), ...weighed(l.grams) },
      })),
    },
  };
}

/** A page of a list after an opaque cursor (the index of the page's last node). */
function page<T, N>(list: T[], size: number, after: unknown, node: (x: T) => N) {
  const from = typeof after === 'string' && after ? Number(Buffer.from(after, 'base64url').toString()) + 1 : 0;
  const nodes = list.slice(from, from + size);
  const last = from + nodes.length - 1;
  return {
    nodes: nodes.map(node),
    pageInfo: {
      hasNextPage: from + size < list.length,
      endCursor: nodes.length ? Buffer.from(String(last)).toString('base64url') : null,
    },
  };
}

const record = (v: unknown): Vars => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Vars) : {});
const userError = (field: string[], message: string) => ({ field, message });

function resolve(deps: AppDeps, s: Shop, operation: ShopifyOperation, vars: Vars): unknown {
  switch (operation) {
    case 'ShopName':
      return { shop: { name: s.name } };
    case 'WebhookSubscriptions':
      return {
        webhookSubscriptions: {
          nodes: s.webhooks.map((w) => ({
            id: gid('WebhookSubscription', w.id),
            topic: w.topic.toUpperCase().replace('/', '_'),
            uri: w.address,
          })),
        },
      };
    case 'WebhookSubscriptionCreate': {
      const topic = String(vars.topic);
      if (!TOPICS.has(topic))
        throw new QueryError(`Variable $topic of type WebhookSubscriptionTopic! was provided invalid value`);
      const { uri, format } = record(vars.subscription);
      const topicName = topicHeader(topic);
      const refuse = (message: string) => ({
        webhookSubscriptionCreate: {
          webhookSubscription: null,
          userErrors: [userError(['webhookSubscription', 'uri'], message)],
        },
      });
      if (format !== undefined && format !== 'JSON') return refuse('Format must be JSON');
      if (s.webhooks.some((w) => w.topic === topicName && w.address === uri))
        return refuse('Address for this topic has already been taken');
      if (!isOwnAddress(deps, uri)) return refuse('Address must be an address of this Dakiya server');
      const w = { id: id(), topic: topicName, address: String(uri), format: 'json' };
      s.webhooks.push(w);
      return {
        webhookSubscriptionCreate: {
          webhookSubscription: { id: gid('WebhookSubscription', w.id), topic, uri: w.address },
          userErrors: [],
        },
      };
    }
    case 'RecentOrders':
      return { orders: page([...s.orders].reverse(), ORDERS_PAGE, vars.after, orderNode) };
    case 'ProductVariants':
      return {
        products: page(s.products, PRODUCTS_PAGE, vars.after, (p) => ({
          legacyResourceId: String(p.id),
          title: p.title,
          variants: {
            nodes: p.variants.slice(0, VARIANTS_PAGE).map((v) => ({
              legacyResourceId: String(v.id),
              title: v.title,
              sku: v.sku,
              price: v.price,
              ...weighed(v.grams),
            })),
          },
        })),
      };
    case 'OrderFulfilment': {
      const order = s.orders.find((o) => gid('Order', o.id) === vars.id);
      if (!order) return { order: null };
      return {
        order: {
          fulfillments: s.fulfillments
            .filter((f) => f.order_id === order.id)
            .map((f) => ({ id: gid('Fulfillment', f.id), trackingInfo: [{ number: f.tracking_number || null }] })),
          fulfillmentOrders: {
            nodes: s.fulfillmentOrders
              .filter((f) => f.order_id === order.id)
              .map((f) => ({ id: gid('FulfillmentOrder', f.id), status: f.status.toUpperCase() })),
          },
        },
      };
    }
    case 'FulfillmentCreate': {
      const input = record(vars.fulfillment);
      const lines = Array.isArray(input.lineItemsByFulfillmentOrder) ? input.lineItemsByFulfillmentOrder : [];
      const fos = lines.map((l) =>
        s.fulfillmentOrders.find((f) => gid('FulfillmentOrder', f.id) === record(l).fulfillmentOrderId),
      );
      const refuse = (message: string) => ({
        fulfillmentCreate: { fulfillment: null, userErrors: [userError(['fulfillment'], message)] },
      });
      if (!fos.length || fos.some((f) => !f || f.status !== 'open'))
        return refuse('Fulfillment order is not open or does not exist');
      const orderId = fos[0]!.order_id;
      if (fos.some((f) => f!.order_id !== orderId)) return refuse('Fulfillment orders must belong to one order');
      for (const f of fos) f!.status = 'closed';
      const tracking = record(input.trackingInfo);
      const made = {
        id: id(),
        order_id: orderId,
        status: 'success',
        tracking_company: String(tracking.company ?? ''),
        tracking_number: String(tracking.number ?? ''),
        tracking_url: String(tracking.url ?? ''),
        shipment_status: null,
        events: [],
      };
      s.fulfillments.push(made);
      const order = s.orders.find((o) => o.id === orderId);
      if (order) order.fulfillment_status = 'fulfilled';
      return {
        fulfillmentCreate: { fulfillment: { id: gid('Fulfillment', made.id), status: 'SUCCESS' }, userErrors: [] },
      };
    }
    case 'FulfillmentEventCreate': {
      const input = record(vars.fulfillmentEvent);
      const status = String(input.status);
      if (!EVENT_STATUSES.has(status))
        throw new QueryError(
          'Variable $fulfillmentEvent of type FulfillmentEventInput! was provided invalid value for status',
        );
      const f = s.fulfillments.find((x) => gid('Fulfillment', x.id) === input.fulfillmentId);
      if (!f)
        return {
          fulfillmentEventCreate: {
            fulfillmentEvent: null,
            userErrors: [userError(['fulfillmentEvent', 'fulfillmentId'], 'Fulfillment does not exist')],
          },
        };
      const e = { id: id(), status: status.toLowerCase(), created_at: deps.now().toISOString() };
      f.events.push(e);
      f.shipment_status = e.status;
      return {
        fulfillmentEventCreate: { fulfillmentEvent: { id: gid('FulfillmentEvent', e.id), status }, userErrors: [] },
      };
    }
  }
}

/** One GraphQL request to a shop: checked, metered, run. */
export function answerGraphql(deps: AppDeps, s: Shop, body: unknown): GraphqlReply {
  const { query, variables } = record(body);
  const vars = record(variables);
  let operation: ShopifyOperation;
  try {
    operation = operationOf(query, vars);
  } catch (e) {
    if (e instanceof QueryError) return { errors: [{ message: e.message, extensions: { code: e.code } }] };
    throw e;
  }
  const requested = requestedCost(String(query), vars);
  if (requested > MAX_QUERY_COST)
    return {
      errors: [
        {
          message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST})`,
          extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: MAX_QUERY_COST },
        },
      ],
    };
  const bucket = refill(s.bucket);
  if (bucket.available < requested) {
    s.throttled++;
    return {
      errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
      extensions: {
        cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus(bucket) },
      },
    };
  }
  bucket.available -= requested;
  try {
    const data = resolve(deps, s, operation, vars);
    const actual = /^\s*mutation\b/.test(String(query)) ? requested : Math.min(requested, actualCost(data));
    bucket.available += requested - actual;
    return {
      data,
      extensions: {
        cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: throttleStatus(bucket) },
      },
    };
  } catch (e) {
    bucket.available += requested;
    if (e instanceof QueryError) return { errors: [{ message: e.message, extensions: { code: e.code } }] };
    throw e;
  }
}

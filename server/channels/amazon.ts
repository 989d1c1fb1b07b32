import { ChannelHttpError, type ChannelAdapter, type ChannelOrder, type PolledOrders } from './adapter';
import type { AmazonApp } from './settings';
import { AMAZON_IN_MARKETPLACE } from '../../src/domain/channels';
import {
  amazonOrder,
  takeable,
  weShip,
  type AmazonAddress,
  type AmazonOrder,
  type AmazonOrderItem,
} from './amazon-orders';

// Amazon through the Selling Partner API (India marketplace, Europe endpoint): the seller's
// Login with Amazon refresh token traded for hour-long access tokens, sent as x-amz-access-token;
// Orders API v0 polled by last update with its NextToken pages; a Restricted Data Token asked
// only for a merchant-fulfilled order's address, the one we book a courier for; the shipment
// confirmed back with its carrier and tracking number. A 429 (the usage plan's limit, named in
// x-amzn-RateLimit-Limit) is waited out a little, then left to the next poll.

export interface AmazonCredentials {
  sellingPartnerId: string;
  refreshToken: string;
}

/** The orders updated since the cursor, and the cursor for the next poll. */
export interface AmazonPoll {
  orders: AmazonOrder[];
  cursor: string;
}

export interface AmazonAdapter extends ChannelAdapter {
  /** getOrders by last update, from the cursor (inclusive), its NextToken pages followed */
  updatedSince(cursor: string): Promise<AmazonPoll>;
  ordersSince: NonNullable<ChannelAdapter['ordersSince']>;
  orderItems(orderId: string): Promise<AmazonOrderItem[]>;
  /** the order's shipping address and buyer, through a Restricted Data Token for this order alone */
  restrictedAddress(orderId: string): Promise<{ address: AmazonAddress; buyerEmail: string }>;
  /** the order as a channel order: its items read, its address asked for only when we ship it */
  channelOrder(o: AmazonOrder, contactPhone: string): Promise<ChannelOrder>;
}

/** Pages of getOrders one poll reads at most (100 orders each); the rest wait for the next poll. */
const MAX_PAGES = 10;
/** Tries of a call answered 429 before it is left for later. */
const RATE_TRIES = 3;
/** A token is renewed this long before Amazon says it ends. */
const TOKEN_MARGIN_MS = 60_000;

const tokens = new Map<string, { token: string; until: number }>();

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

interface SpErrors {
  errors?: { code?: string; message?: string; details?: string }[];
  error_description?: string;
}

async function failure(res: Response): Promise<ChannelHttpError> {
  const text = await res.text();
  let words = text.slice(0, 300);
  try {
    const body = JSON.parse(text) as SpErrors;
    words =
      body.errors?.map((e) => [e.code, e.message, e.details].filter(Boolean).join(': ')).join('; ') ||
      body.error_description ||
      words;
  } catch {
    // not JSON: keep the text
  }
  return new ChannelHttpError(res.status, `${res.status} from Amazon: ${words}`);
}

export function amazonAdapter(
  app: AmazonApp,
  fetcher: typeof fetch,
  creds: AmazonCredentials,
  now: () => Date = () => new Date(),
  wait: (ms: number) => Promise<void> = sleep,
): AmazonAdapter {
  async function accessToken(): Promise<string> {
    const key = `${app.lwaBase}|${creds.refreshToken}`;
    const kept = tokens.get(key);
    if (kept && kept.until > now().getTime()) return kept.token;
    const res = await fetcher(`${app.lwaBase}/auth/o2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: creds.refreshToken,
        client_id: app.clientId,
        client_secret: app.clientSecret,
      }).toString(),
      signal: AbortSignal.timeout(15_000),
    }).catch((e: Error) => {
      throw new ChannelHttpError(0, `Login with Amazon could not be reached (${e.message})`);
    });
    if (!res.ok) throw await failure(res);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    tokens.set(key, { token: body.access_token, until: now().getTime() + body.expires_in * 1000 - TOKEN_MARGIN_MS });
    return body.access_token;
  }

  async function call<T>(path: string, init: { method?: string; json?: unknown; token?: string } = {}): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const res = await fetcher(`${app.spApiBase}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          accept: 'application/json',
          'x-amz-access-token': init.token ?? (await accessToken()),
          'x-amz-date': now()
            .toISOString()
            .replace(/[-:]|\.\d{3}/g, ''),
          ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
        signal: AbortSignal.timeout(15_000),
      }).catch((e: Error) => {
        throw new ChannelHttpError(0, `Amazon could not be reached (${e.message})`);
      });
      if (res.status === 429 && attempt < RATE_TRIES) {
        // the plan's rate in requests a second: wait about one request's worth, at most a few seconds
        const perSecond = Number(res.headers.get('x-amzn-ratelimit-limit')) || 1;
        await res.body?.cancel();
        await wait(Math.min(1000 / perSecond, 2_000) * attempt);
        continue;
      }
      if (!res.ok) throw await failure(res);
      const text = await res.text();
      return (text ? JSON.parse(text) : {}) as T;
    }
  }

  const marketplace = `MarketplaceIds=${AMAZON_IN_MARKETPLACE}`;

  async function orderItems(orderId: string) {
    const items: AmazonOrderItem[] = [];
    let next = '';
    do {
      const q = next ? `?NextToken=${encodeURIComponent(next)}` : '';
      const page = await call<{ payload: { OrderItems: AmazonOrderItem[]; NextToken?: string } }>(
        `/orders/v0/orders/${encodeURIComponent(orderId)}/orderItems${q}`,
      );
      items.push(...page.payload.OrderItems);
      next = page.payload.NextToken ?? '';
    } while (next);
    return items;
  }

  async function restrictedAddress(orderId: string) {
    const path = `/orders/v0/orders/${encodeURIComponent(orderId)}`;
    const rdt = await call<{ restrictedDataToken: string }>('/tokens/2021-03-01/restrictedDataToken', {
      method: 'POST',
      json: { restrictedResources: [{ method: 'GET', path, dataElements: ['buyerInfo', 'shippingAddress'] }] },
    });
    const { payload } = await call<{ payload: AmazonOrder }>(path, { token: rdt.restrictedDataToken });
    return { address: payload.ShippingAddress ?? {}, buyerEmail: payload.BuyerInfo?.BuyerEmail ?? '' };
  }

  async function updatedSince(cursor: string): Promise<AmazonPoll> {
    const orders: AmazonOrder[] = [];
    let next = '';
    let latest = cursor;
    for (let page = 0; page < MAX_PAGES; page++) {
      const q = next
        ? `${marketplace}&NextToken=${encodeURIComponent(next)}`
        : `${marketplace}&LastUpdatedAfter=${encodeURIComponent(cursor)}`;
      const { payload } = await call<{ payload: { Orders: AmazonOrder[]; NextToken?: string } }>(
        `/orders/v0/orders?${q}`,
      );
      orders.push(...payload.Orders);
      for (const o of payload.Orders) if (Date.parse(o.LastUpdateDate) > Date.parse(latest)) latest = o.LastUpdateDate;
      next = payload.NextToken ?? '';
      if (!next) break;
    }
    return { orders, cursor: latest };
  }

  async function channelOrder(o: AmazonOrder, contactPhone: string) {
    const items = await orderItems(o.AmazonOrderId);
    const order = amazonOrder(o, items, contactPhone);
    if (!weShip(o)) return order;
    const { address, buyerEmail } = await restrictedAddress(o.AmazonOrderId);
    return amazonOrder({ ...o, ShippingAddress: address, BuyerInfo: { BuyerEmail: buyerEmail } }, items, '');
  }

  return {
    platform: 'AMAZON',
    async storeName() {
      const { payload } = await call<{
        payload: { marketplace: { id: string; name?: string }; storeName?: string }[];
      }>('/sellers/v1/marketplaceParticipations');
      const india = payload.find((p) => p.marketplace.id === AMAZON_IN_MARKETPLACE);
      if (!india) throw new ChannelHttpError(403, 'This seller account does not sell on Amazon.in');
      return india.storeName || `Amazon.in ${creds.sellingPartnerId}`;
    },
    // Amazon's orders are polled (the channel-poll job); there is nothing to subscribe
    async subscribe() {},
    async fetchOrders() {
      const { orders } = await updatedSince(new Date(now().getTime() - 7 * 86_400_000).toISOString());
      return orders.map((o) => amazonOrder(o, []));
    },
    // listings are not read: an Amazon order's lines name their SKU, mapped when the seller has it
    async fetchProducts() {
      return [];
    },
    orderOf() {
      return null;
    },
    updatedSince,
    // An order already here is not read again (no items, no Restricted Data Token): only its
    // cancellation is news. A new one is read when it is taken, so one failing holds the cursor.
    async ordersSince(cursor, from, seller): Promise<PolledOrders> {
      const poll = await updatedSince(cursor ?? from.toISOString());
      const orders: PolledOrders['orders'] = [];
      for (const o of poll.orders) {
        const at = { cursor: new Date(o.LastUpdateDate).toISOString() };
        if (await seller.known(o.AmazonOrderId)) {
          if (o.OrderStatus === 'Canceled') orders.push({ ...at, order: amazonOrder(o, []) });
        } else if (takeable(o) && o.OrderStatus !== 'Canceled')
          orders.push({ ...at, order: async () => channelOrder(o, await seller.contactPhone()) });
      }
      return { orders, cursor: new Date(poll.cursor).toISOString() };
    },
    orderItems,
    restrictedAddress,
    channelOrder,
    async writeBack(news) {
      // Amazon hears once, when the parcel is booked; its own tracking follows the carrier
      if (news.status !== 'PKP_SCH' || !news.awb) return 'nothing to tell Amazon';
      const items = await orderItems(news.channelOrderId);
      await call(`/orders/v0/orders/${encodeURIComponent(news.channelOrderId)}/shipmentConfirmation`, {
        method: 'POST',
        json: {
          marketplaceId: AMAZON_IN_MARKETPLACE,
          packageDetail: {
            // the same reference on a retry edits the one shipment instead of adding a second
            packageReferenceId: '1',
            carrierCode: 'Other',
            carrierName: news.carrierName,
            shippingMethod: 'Standard',
            trackingNumber: news.awb,
            shipDate: now().toISOString(),
            orderItems: items.map((i) => ({ orderItemId: i.OrderItemId, quantity: i.QuantityOrdered })),
          },
        },
      });
      return `shipment confirmed, ${news.carrierName} ${news.awb}`;
    },
  };
}

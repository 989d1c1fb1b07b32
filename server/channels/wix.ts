import { ChannelHttpError, type ChannelAdapter, type ChannelProduct, type ShipmentNews } from './adapter';
import { callStore, rupees } from './http';
import type { WixApp } from './settings';
import { orderInEvent, wixOrder, type WixOrder } from './wix-orders';

// Wix through its REST APIs (https://dev.wix.com/docs/rest): the app install (Wix opens our app
// page with an install token, the installer asks the site owner, its redirect's code is traded
// with the app id and secret for an access and a refresh token), eCommerce orders (search, get),
// the Stores catalog, and order fulfilments with tracking. Access tokens live minutes: a
// refresh token mints a new one when the kept one has run out or is refused. Webhooks are set
// in the app's dashboard, not by API; they arrive as RS256 JWTs (wix-jwt.ts).

/** Refreshed this long before Wix's five minutes run out, so a call never carries a dying token. */
const ACCESS_TOKEN_MS = 4 * 60_000;
/** The most recent orders sync now reads (one search page). */
export const WIX_ORDERS_PAGE = 50;

export interface WixCredentials {
  instanceId: string;
  refreshToken: string;
  accessToken: string;
  /** epoch ms after which the access token is refreshed first */
  expiresAt: number;
}

type TokenAnswer = { access_token?: string; refresh_token?: string };

/** The installer's approval page for an install token, returning to the redirect with our state. */
export function wixInstallerUrl(app: WixApp, token: string, state: string, redirectUrl: string): string {
  const q = new URLSearchParams({ token, appId: app.appId, redirectUrl, state });
  return `${app.installerBase}/install?${q}`;
}

/** Where a seller starting on Dakiya adds the app to one of their Wix sites (Wix then opens our app page). */
export function wixAddAppUrl(app: WixApp, appPageUrl: string): string {
  return `${app.installerBase}/install?${new URLSearchParams({ appId: app.appId, redirectUrl: appPageUrl })}`;
}

async function tokens(app: WixApp, fetcher: typeof fetch, grant: Record<string, string>, now: number) {
  const answer = await callStore<TokenAnswer>(fetcher, `${app.apiBase}/oauth/access`, {
    method: 'POST',
    json: { client_id: app.appId, client_secret: app.appSecret, ...grant },
  });
  if (!answer.access_token || !answer.refresh_token) throw new Error('Wix answered without an access token');
  return { accessToken: answer.access_token, refreshToken: answer.refresh_token, expiresAt: now + ACCESS_TOKEN_MS };
}

/** The installer redirect's authorization code for the site's tokens (Wix allows 10 minutes). */
export async function exchangeWixCode(
  app: WixApp,
  fetcher: typeof fetch,
  instanceId: string,
  code: string,
  now: number,
): Promise<WixCredentials> {
  return { instanceId, ...(await tokens(app, fetcher, { grant_type: 'authorization_code', code }, now)) };
}

type Fulfillment = {
  id: string;
  lineItems: { id: string; quantity: number }[];
  trackingInfo?: { trackingNumber?: string; shippingProvider?: string; trackingLink?: string };
};

export function wixAdapter(
  app: WixApp,
  fetcher: typeof fetch,
  creds: WixCredentials,
  options: { now: () => number; saveTokens: (creds: WixCredentials) => Promise<void> },
): ChannelAdapter {
  let current = creds;

  async function refresh() {
    const minted = await tokens(
      app,
      fetcher,
      { grant_type: 'refresh_token', refresh_token: current.refreshToken },
      options.now(),
    );
    current = { ...current, ...minted };
    await options.saveTokens(current);
  }

  /** One API call with a live access token; a 401 refreshes once and tries again. */
  async function call<T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
    if (current.expiresAt <= options.now()) await refresh();
    const send = () =>
      callStore<T>(fetcher, `${app.apiBase}${path}`, { ...init, headers: { authorization: current.accessToken } });
    try {
      return await send();
    } catch (e) {
      if (!(e instanceof ChannelHttpError) || e.status !== 401) throw e;
      await refresh();
      return send();
    }
  }

  const getOrder = async (id: string) =>
    (await call<{ order: WixOrder }>(`/ecom/v1/orders/${encodeURIComponent(id)}`)).order;

  return {
    platform: 'WIX',
    async storeName() {
      const { site } = await call<{ site?: { siteDisplayName?: string; url?: string } }>('/apps/v1/instance');
      return site?.siteDisplayName || site?.url || 'Wix site';
    },
    async subscribe() {
      // Wix's webhooks belong to the app: set once in its dashboard, delivered for every site
    },
    async fetchOrders() {
      const { orders } = await call<{ orders: WixOrder[] }>('/ecom/v1/orders/search', {
        method: 'POST',
        json: {
          search: {
            sort: [{ fieldName: 'createdDate', order: 'DESC' }],
            cursorPaging: { limit: WIX_ORDERS_PAGE },
          },
        },
      });
      return orders.map(wixOrder);
    },
    async fetchProducts() {
      const { products } = await call<{
        products: { id: string; name: string; sku?: string; priceData?: { price?: number }; weight?: number }[];
      }>('/stores/v1/products/query', { method: 'POST', json: { query: { paging: { limit: 100 } } } });
      return products.map((p): ChannelProduct => ({
        channelProductId: p.id,
        name: p.name,
        sku: p.sku || `WIX-${p.id.slice(0, 12)}`,
        price: rupees(p.priceData?.price),
        weightKg: Math.max(0.01, rupees(p.weight)),
      }));
    },
    orderOf(payload) {
      const o = orderInEvent(payload);
      return o ? wixOrder(o) : null;
    },
    async currentOrder(channelOrderId) {
      try {
        return wixOrder(await getOrder(channelOrderId));
      } catch (e) {
        if (e instanceof ChannelHttpError && e.status === 404) return null;
        throw e;
      }
    },
    async writeBack(news: ShipmentNews) {
      const orderPath = `/ecom/v1/fulfillments/orders/${encodeURIComponent(news.channelOrderId)}`;
      const { orderWithFulfillments } = await call<{ orderWithFulfillments: { fulfillments: Fulfillment[] } }>(
        orderPath,
      );
      const had = orderWithFulfillments.fulfillments.find((f) => f.trackingInfo?.trackingNumber === news.awb);
      // Wix keeps no carrier events: the tracking link shows the parcel's moves to the buyer
      if (had) return `tracking ${news.awb} already with the order`;
      const order = await getOrder(news.channelOrderId);
      const fulfilled = new Map<string, number>();
      for (const f of orderWithFulfillments.fulfillments)
        for (const l of f.lineItems) fulfilled.set(l.id, (fulfilled.get(l.id) ?? 0) + l.quantity);
      const lineItems = order.lineItems
        .map((l) => ({ id: l.id, quantity: l.quantity - (fulfilled.get(l.id) ?? 0) }))
        .filter((l) => l.quantity > 0);
      if (!lineItems.length) return 'every item already fulfilled';
      await call(`${orderPath}/create-fulfillment`, {
        method: 'POST',
        json: {
          fulfillment: {
            lineItems,
            trackingInfo: {
              trackingNumber: news.awb,
              shippingProvider: news.carrierName,
              trackingLink: news.trackingUrl,
            },
          },
        },
      });
      return `fulfilled with tracking ${news.awb}`;
    },
  };
}

import { ChannelHttpError, type ChannelAdapter, type ChannelProduct, type ShipmentNews } from './adapter';
import { callStore, rupees } from './http';
import type { WixApp } from './settings';
import { orderInEvent, wixOrder, type WixOrder } from './wix-orders';

// Wix through its REST APIs (https://dev.wix.com/docs/rest), on Wix's OAuth for apps (client
// credentials): the external install flow (Wix's installer adds the app to the site the seller
// picks and returns to our post-installation address with the site's instance id), an access
// token minted per instance with the app id and secret (`POST /oauth2/token`, four hours),
// eCommerce orders (search, get), the Stores catalog, and order fulfilments with tracking.
// There is no refresh token: a token that has run out, or is refused, is minted again. Webhooks
// are set in the app's dashboard, not by API; they arrive as RS256 JWTs (wix-jwt.ts).

/** Minted again this long before Wix's expiry, so a call never carries a dying token. */
const EARLY_MS = 5 * 60_000;
/** The most recent orders sync now reads (one search page). */
export const WIX_ORDERS_PAGE = 50;

export interface WixCredentials {
  instanceId: string;
  accessToken: string;
  /** epoch ms after which the access token is minted again first */
  expiresAt: number;
  /** a site installed under the legacy custom authentication kept its refresh token; it is not used */
  refreshToken?: string;
}

type TokenAnswer = { access_token?: string; token_type?: string; expires_in?: number };

/**
 * The installer's address: it adds the app to a site and returns to our callback with Wix's own
 * query (appId, tenantId, instanceId) added to the state we put in it.
 */
export function wixInstallerUrl(app: WixApp, state: string, callbackUrl: string): string {
  const back = `${callbackUrl}?${new URLSearchParams({ state })}`;
  return `${app.installerBase}/install?${new URLSearchParams({ appId: app.appId, postInstallationUrl: back })}`;
}

/** An access token for one installation of the app (Wix's Create Access Token, client credentials). */
export async function mintWixToken(
  app: WixApp,
  fetcher: typeof fetch,
  instanceId: string,
  now: number,
): Promise<WixCredentials> {
  const answer = await callStore<TokenAnswer>(fetcher, `${app.apiBase}/oauth2/token`, {
    method: 'POST',
    json: {
      grant_type: 'client_credentials',
      client_id: app.appId,
      client_secret: app.appSecret,
      instance_id: instanceId,
    },
  });
  if (!answer.access_token) throw new Error('Wix answered without an access token');
  const lifeMs = Math.max(60, Number(answer.expires_in) || 0) * 1000;
  return { instanceId, accessToken: answer.access_token, expiresAt: now + Math.max(lifeMs - EARLY_MS, lifeMs / 2) };
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
    current = await mintWixToken(app, fetcher, current.instanceId, options.now());
    await options.saveTokens(current);
  }

  /** One API call with a live access token (as Wix's examples send it, bare); a 401 mints another once and tries again. */
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

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { serverSecrets } from '../db/schema';
import { secretBox, type SecretBox } from './crypto';

// Where the channels live and with which keys. A real Shopify app sets SHOPIFY_API_KEY and
// SHOPIFY_API_SECRET (its client id and secret) and shops are reached at https://{shop}; without
// them, outside production, the stand-in Shopify (server/channels/standin) answers for every
// shop under this server's own address, with an app secret kept in server_secrets.

export const STANDIN_SHOPIFY = '/dev/standin/shopify';
export const STANDIN_WOOCOMMERCE = '/dev/standin/woocommerce';
export const STANDIN_AMAZON = '/dev/standin/amazon';
/** The stand-in app's LWA client id (its secret is the server secret amazon-standin-app). */
export const AMAZON_STANDIN_CLIENT_ID = 'amzn1.application-oa2-client.dakiya-standin';
/** The GraphQL Admin API version the Shopify adapter speaks unless SHOPIFY_API_VERSION names another. */
export const SHOPIFY_DEFAULT_API_VERSION = '2026-10';
/** Shopify's versions are quarterly releases: yyyy-01, -04, -07 and -10. */
const API_VERSION = /^\d{4}-(01|04|07|10)$/;

/** The configured Admin API version, or the default; anything but a release is a configuration error. */
export function shopifyApiVersion(configured: string | undefined): string {
  const version = configured || SHOPIFY_DEFAULT_API_VERSION;
  if (!API_VERSION.test(version))
    throw new Error(`SHOPIFY_API_VERSION must be a Shopify API version such as ${SHOPIFY_DEFAULT_API_VERSION}`);
  return version;
}
/** What the app asks a shop for: its orders, products and fulfilments (merchant-managed included). */
export const SHOPIFY_SCOPES = 'read_orders,read_products,write_merchant_managed_fulfillment_orders,write_fulfillments';

export interface ShopifyApp {
  apiKey: string;
  apiSecret: string;
  standin: boolean;
  /** the Admin API version (yyyy-MM) the adapter calls and the stand-in serves */
  apiVersion: string;
  /** where a shop's admin (OAuth and Admin API) is reached */
  shopBase(shop: string): string;
}

/** Our Selling Partner API app: its LWA client and where LWA and the SP-API answer. */
export interface AmazonApp {
  clientId: string;
  clientSecret: string;
  lwaBase: string;
  spApiBase: string;
  standin: boolean;
}

export interface ChannelSettings {
  shopify: ShopifyApp | null;
  amazon: AmazonApp | null;
  /** whether a WooCommerce site may be plain http (the stand-in, or a development machine) */
  allowPlainHttp: boolean;
  box: SecretBox;
  publicUrl: string;
}

/** A server key that survives restarts: the first process writes it, the rest read it. */
export async function keptSecret(deps: AppDeps, name: string): Promise<string> {
  await deps.db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await deps.db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return row.value;
}

const cache = new WeakMap<AppDeps, Promise<ChannelSettings>>();

export function channelSettings(deps: AppDeps): Promise<ChannelSettings> {
  let s = cache.get(deps);
  if (!s) {
    s = load(deps);
    cache.set(deps, s);
    s.catch(() => cache.delete(deps));
  }
  return s;
}

async function load(deps: AppDeps): Promise<ChannelSettings> {
  const env = process.env;
  const publicUrl = deps.config.publicUrl.replace(/\/$/, '');
  const key = env.CHANNEL_TOKEN_KEY || (await keptSecret(deps, 'channel-tokens'));
  const apiVersion = shopifyApiVersion(env.SHOPIFY_API_VERSION);
  let shopify: ShopifyApp | null = null;
  if (env.SHOPIFY_API_KEY && env.SHOPIFY_API_SECRET)
    shopify = {
      apiKey: env.SHOPIFY_API_KEY,
      apiSecret: env.SHOPIFY_API_SECRET,
      standin: false,
      apiVersion,
      shopBase: (shop) => `https://${shop}`,
    };
  else if (!deps.config.production)
    shopify = {
      apiKey: 'dakiya-standin-app',
      apiSecret: await keptSecret(deps, 'shopify-standin-app'),
      standin: true,
      apiVersion,
      shopBase: (shop) => `${publicUrl}${STANDIN_SHOPIFY}/${shop}`,
    };
  return {
    shopify,
    amazon: await amazonApp(deps, publicUrl),
    allowPlainHttp: !deps.config.production,
    box: secretBox(new TextEncoder().encode(key)),
    publicUrl,
  };
}

/** AMAZON_LWA_CLIENT_ID and _SECRET make a real app; without them, outside production, the stand-in answers. */
async function amazonApp(deps: AppDeps, publicUrl: string): Promise<AmazonApp | null> {
  const env = process.env;
  if (env.AMAZON_LWA_CLIENT_ID && env.AMAZON_LWA_CLIENT_SECRET)
    return {
      clientId: env.AMAZON_LWA_CLIENT_ID,
      clientSecret: env.AMAZON_LWA_CLIENT_SECRET,
      lwaBase: (env.AMAZON_LWA_BASE_URL || 'https://api.amazon.com').replace(/\/$/, ''),
      spApiBase: (env.AMAZON_SP_API_BASE_URL || 'https://sellingpartnerapi-eu.amazon.com').replace(/\/$/, ''),
      standin: false,
    };
  if (deps.config.production) return null;
  return {
    clientId: AMAZON_STANDIN_CLIENT_ID,
    clientSecret: await keptSecret(deps, 'amazon-standin-app'),
    lwaBase: `${publicUrl}${STANDIN_AMAZON}/lwa`,
    spApiBase: `${publicUrl}${STANDIN_AMAZON}/sp`,
    standin: true,
  };
}

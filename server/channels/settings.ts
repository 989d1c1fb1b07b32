import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
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
export const STANDIN_MAGENTO = '/dev/standin/magento';
export const STANDIN_WIX = '/dev/standin/wix';
/** Wix's API host unless WIX_BASE_URL names another. */
export const WIX_DEFAULT_BASE_URL = 'https://www.wixapis.com';
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

/** The Dakiya app in Wix's app dashboard: its id and secret, and the public key its webhooks are signed with. */
export interface WixApp {
  appId: string;
  appSecret: string;
  /** PEM of the RS256 key Wix signs webhooks with */
  publicKey: string;
  standin: boolean;
  /** the API host (OAuth token endpoint, eCommerce APIs) */
  apiBase: string;
  /** where Wix's installer pages are (install with a token, approval) */
  installerBase: string;
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
  wix: WixApp | null;
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

/** An RSA key pair that survives restarts (the stand-in Wix's webhook key): the private key in PEM. */
export async function keptKeyPair(deps: AppDeps, name: string): Promise<{ privateKey: string; publicKey: string }> {
  let [row] = await deps.db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await deps.db.insert(serverSecrets).values({ name, value: pem }).onConflictDoNothing();
    [row] = await deps.db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  }
  const publicKey = createPublicKey(row.value).export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey: row.value, publicKey };
}

/** The Wix app from WIX_APP_ID, WIX_APP_SECRET and WIX_PUBLIC_KEY, else the stand-in outside production. */
async function wixApp(deps: AppDeps, publicUrl: string): Promise<WixApp | null> {
  const env = process.env;
  if (env.WIX_APP_ID && env.WIX_APP_SECRET && env.WIX_PUBLIC_KEY)
    return {
      appId: env.WIX_APP_ID,
      appSecret: env.WIX_APP_SECRET,
      // a key pasted into one line keeps its line breaks as \n
      publicKey: env.WIX_PUBLIC_KEY.replace(/\\n/g, '\n'),
      standin: false,
      apiBase: (env.WIX_BASE_URL || WIX_DEFAULT_BASE_URL).replace(/\/$/, ''),
      installerBase: 'https://www.wix.com/installer',
    };
  if (deps.config.production) return null;
  return {
    appId: 'dakiya-standin-wix-app',
    appSecret: await keptSecret(deps, 'wix-standin-app'),
    publicKey: (await keptKeyPair(deps, 'wix-standin-webhook-key')).publicKey,
    standin: true,
    apiBase: `${publicUrl}${STANDIN_WIX}`,
    installerBase: `${publicUrl}${STANDIN_WIX}/installer`,
  };
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
    wix: await wixApp(deps, publicUrl),
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

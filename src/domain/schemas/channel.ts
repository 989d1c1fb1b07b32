import * as v from 'valibot';

// What a seller types to connect a store: a Shopify shop's domain, a WooCommerce site with its
// REST API keys (WooCommerce › Settings › Advanced › REST API, read/write), or a Magento 2 store
// with an integration's access token.

export const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** "my-shop", "my-shop.myshopify.com" or "https://my-shop.myshopify.com/" all name the shop my-shop.myshopify.com. */
export function normaliseShopDomain(raw: string): string {
  const s = raw
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '');
  return s.includes('.') ? s : `${s}.myshopify.com`;
}

export const ShopifyConnectBody = v.object({
  shopDomain: v.pipe(
    v.string('shopDomain is required'),
    v.trim(),
    v.minLength(1, 'shopDomain is required'),
    v.transform(normaliseShopDomain),
    v.regex(SHOP_DOMAIN, 'shopDomain must be your shop’s name or its .myshopify.com address'),
  ),
});
export type ShopifyConnectInput = v.InferOutput<typeof ShopifyConnectBody>;

/** Shopify's redirect back to the app, as it came (the server checks its hmac and state). */
export const ShopifyExchangeBody = v.object({
  query: v.record(v.string(), v.pipe(v.string(), v.maxLength(2000)), 'query must be the redirect’s parameters'),
});

const key = (field: string, prefix: string) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.regex(new RegExp(`^${prefix}_[A-Za-z0-9]{20,64}$`), `${field} must be the ${prefix}_… key WooCommerce gave you`),
  );

/** A store's own web address (WooCommerce's site, Magento's base URL), without its trailing slash. */
const storeAddress = v.pipe(
  v.string('siteUrl is required'),
  v.trim(),
  v.maxLength(300, 'siteUrl must be at most 300 characters'),
  v.check((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'siteUrl must be your store’s address, such as https://shop.example.in'),
  v.transform((s) => s.replace(/\/+$/, '')),
);

export const WooCommerceConnectBody = v.object({
  siteUrl: storeAddress,
  consumerKey: key('consumerKey', 'ck'),
  consumerSecret: key('consumerSecret', 'cs'),
});
export type WooCommerceConnectInput = v.InferOutput<typeof WooCommerceConnectBody>;

/**
 * Magento 2: the store's base URL and an integration's access token (System › Extensions ›
 * Integrations). A URL pasted with its REST path ("…/rest/V1") names the same store.
 */
export const MagentoConnectBody = v.object({
  siteUrl: v.pipe(
    storeAddress,
    v.transform((s) => s.replace(/\/rest(\/(default|all))?(\/V1)?$/i, '')),
  ),
  accessToken: v.pipe(
    v.string('accessToken is required'),
    v.trim(),
    v.minLength(1, 'accessToken is required'),
    v.regex(/^[A-Za-z0-9]{20,64}$/, 'accessToken must be the access token Magento showed for your integration'),
  ),
});
export type MagentoConnectInput = v.InferOutput<typeof MagentoConnectBody>;

/**
 * Wix's install asks nothing of the seller: the server makes a pending store and the address of
 * Wix's installer, where the seller picks the site (Wix's external install flow).
 */
export const WixConnectBody = v.object({});
export type WixConnectInput = v.InferOutput<typeof WixConnectBody>;

/**
 * Amazon: the seller's merchant token (Seller Central › Settings › Account Info › Merchant Token)
 * and the refresh token the seller's self-authorisation of our app gave (Atzr|…).
 */
export const AmazonConnectBody = v.object({
  sellingPartnerId: v.pipe(
    v.string('sellingPartnerId is required'),
    v.trim(),
    v.minLength(1, 'sellingPartnerId is required'),
    v.toUpperCase(),
    v.regex(/^A[A-Z0-9]{8,20}$/, 'sellingPartnerId must be your merchant token, such as A2EXAMPLE1SELLER'),
  ),
  refreshToken: v.pipe(
    v.string('refreshToken is required'),
    v.trim(),
    v.minLength(1, 'refreshToken is required'),
    v.regex(/^Atzr\|[\x21-\x7e]{10,2000}$/, 'refreshToken must be the Atzr|… token from authorising the app'),
  ),
});
export type AmazonConnectInput = v.InferOutput<typeof AmazonConnectBody>;

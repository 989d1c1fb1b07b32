import { createHmac, timingSafeEqual } from 'node:crypto';

// The platforms' signatures, as their documentation gives them.

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Base64 HMAC-SHA256 of the raw body: Shopify's X-Shopify-Hmac-Sha256 and WooCommerce's X-WC-Webhook-Signature. */
export const bodySignature = (secret: string, body: string) =>
  createHmac('sha256', secret).update(body, 'utf8').digest('base64');

export const bodySignatureValid = (secret: string, body: string, given: string | undefined | null) =>
  !!given && same(bodySignature(secret, body), given);

/**
 * Shopify's OAuth redirect: hex HMAC-SHA256 of the query without `hmac`, its parameters sorted
 * by name and joined as name=value with &.
 */
export function queryHmac(secret: string, query: Record<string, string>): string {
  const message = Object.keys(query)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort()
    .map((k) => `${k}=${query[k]}`)
    .join('&');
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

export const queryHmacValid = (secret: string, query: Record<string, string>) =>
  !!query.hmac && same(queryHmac(secret, query), query.hmac);

/** A shop domain as Shopify issues them: name.myshopify.com. */
export const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

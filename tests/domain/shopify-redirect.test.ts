import { describe, expect, it } from 'vitest';
import { isShopifyRedirect } from '../../src/domain/channels-contract';

// The Shopify callback page asks the server to exchange only a return that carries Shopify's approval.

describe("Shopify's return to the callback", () => {
  const full = { shop: 'demo.myshopify.com', code: 'c0de', state: 's7a7e', hmac: 'abc', timestamp: '1764150000' };
  it('is one when shop, code, state and hmac are all there', () => {
    expect(isShopifyRedirect(full)).toBe(true);
  });
  it.each(['shop', 'code', 'state', 'hmac'])('is not one without %s', (key) => {
    expect(isShopifyRedirect({ ...full, [key]: '' })).toBe(false);
    const { [key as keyof typeof full]: _, ...rest } = full;
    expect(isShopifyRedirect(rest)).toBe(false);
  });
  it('is not a bare visit', () => expect(isShopifyRedirect({})).toBe(false));
});

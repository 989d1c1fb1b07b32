import type { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { registerShopifyStandin } from './shopify-standin';
import { registerWooCommerceStandin } from './woocommerce-standin';
import { registerMagentoStandin } from './magento-standin';
import { registerWixStandin } from './wix-standin';
import { registerAmazonStandin } from './amazon-standin';

/** The stand-in stores, outside production only (docs/simulated.md, "Sales channels"). */
export function registerChannelStandins(app: Hono, deps: AppDeps) {
  registerShopifyStandin(app, deps);
  registerWooCommerceStandin(app, deps);
  registerMagentoStandin(app, deps);
  registerWixStandin(app, deps);
  registerAmazonStandin(app, deps);
}

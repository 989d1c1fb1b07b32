import type { AppDeps } from '../../deps';
import {
  STANDIN_AMAZON,
  STANDIN_MAGENTO,
  STANDIN_SHOPIFY,
  STANDIN_WIX,
  STANDIN_WOOCOMMERCE,
} from '../../channels/settings';
import { checkDestination, DestinationRefused } from '../../outbound/destination';
import { guardedFetch } from '../../outbound/guarded-fetch';
import { badRequest } from '../../http/errors';

// Store sites are seller-given destinations like webhook receivers: every call to one goes to a
// checked public address, never following a redirect (server/outbound). The one exception is
// this server's own stand-in stores, which exist only where the development mailbox does.

/** The label of a store's address in messages. */
export const STORE_LABEL = 'Store URL';

/** Whether the URL is one of this server's own stand-in stores (never in production). */
export function isOwnStandin(deps: AppDeps, raw: string): boolean {
  if (!deps.config.devOutbox) return false;
  try {
    const url = new URL(raw);
    const own = new URL(deps.config.publicUrl);
    return (
      url.origin === own.origin &&
      !url.username &&
      !url.password &&
      [STANDIN_SHOPIFY, STANDIN_WOOCOMMERCE, STANDIN_MAGENTO, STANDIN_WIX, STANDIN_AMAZON].some(
        (p) => url.pathname === p || url.pathname.startsWith(`${p}/`),
      )
    );
  } catch {
    return false;
  }
}

/** A 400 naming the Store URL when the seller's site is not a public internet address. */
export async function assertStoreSite(deps: AppDeps, url: string): Promise<void> {
  if (isOwnStandin(deps, url)) return;
  try {
    await checkDestination(url, STORE_LABEL, {
      resolve: deps.resolveHost,
      allowLoopback: deps.config.allowLoopbackDestinations,
    });
  } catch (e) {
    if (e instanceof DestinationRefused) throw badRequest(e.message);
    throw e;
  }
}

/** The fetch store calls go through: the stand-ins through deps.fetch (tests route it), the rest guarded. */
export function storeFetch(deps: AppDeps): typeof fetch {
  const guarded = guardedFetch(deps, STORE_LABEL);
  return (input, init) =>
    isOwnStandin(deps, String(input instanceof Request ? input.url : input))
      ? deps.fetch(input, init)
      : guarded(input, init);
}

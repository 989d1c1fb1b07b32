import type { AppDeps } from '../deps';
import { checkDestination } from './destination';
import { pinnedFetch } from './pinned-fetch';

/**
 * A fetch for destinations a seller gave: each call checks its URL (DestinationRefused, naming
 * `label`, when it is not on the public internet) and connects to the checked address, never
 * following a redirect. The resolver and the loopback setting come from deps, so tests can
 * re-point a name between two calls.
 */
export function guardedFetch(deps: AppDeps, label: string): typeof fetch {
  return async (input, init = {}) => {
    const dest = await checkDestination(String(input instanceof Request ? input.url : input), label, {
      resolve: deps.resolveHost,
      allowLoopback: deps.config.allowLoopbackDestinations,
    });
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string')
      throw new Error('Only text bodies are sent to seller destinations');
    return pinnedFetch(dest, {
      method: init.method,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: init.body ?? undefined,
      signal: init.signal ?? undefined,
    });
  };
}

import type { AppDeps } from '../../../deps';
import { checkDestination, DestinationRefused } from '../../../outbound/destination';

// Where a webhook may be sent: a public internet address (server/outbound), whatever NODE_ENV
// says, since sellers run this very server; checked when an endpoint is saved and again at each
// delivery, which connects to the address it checked. A production server sends only over https.

/** The label of the receiver URL in messages. */
export const RECEIVER_LABEL = 'Endpoint link';

/** Why a production server will not send to this URL's scheme, or null. */
export function schemeRefusal(url: string, production: boolean): string | null {
  return production && new URL(url).protocol !== 'https:' ? `${RECEIVER_LABEL} must be an https address` : null;
}

/** Why this receiver URL may not be saved, or null when it may. */
export async function receiverRefusal(deps: AppDeps, url: string): Promise<string | null> {
  try {
    await checkDestination(url, RECEIVER_LABEL, {
      resolve: deps.resolveHost,
      allowLoopback: deps.config.allowLoopbackDestinations,
    });
  } catch (e) {
    if (e instanceof DestinationRefused) return e.message;
    throw e;
  }
  return schemeRefusal(url, deps.config.production);
}

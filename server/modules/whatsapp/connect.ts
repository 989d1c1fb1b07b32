import type { AppDeps } from '../../deps';
import { WhatsAppCloudApi } from '../../messaging/whatsapp/cloud-api';
import { whatsAppTransport } from '../../messaging/whatsapp/transport';
import { buttonPayload } from './button-payload';
import { OPTED_OUT, optedOutOfLogged } from './contacts';

/**
 * WhatsApp when WHATSAPP_ACCESS_TOKEN is set: the Cloud API on the product's clock and outgoing
 * HTTP, plugged into the buyer-message router as its WhatsApp channel. Without it, null.
 */
export function connectWhatsApp(deps: AppDeps): WhatsAppCloudApi | null {
  const settings = deps.config.whatsapp;
  if (!settings) return null;
  // calls go through deps.fetch late, so a test can route them
  const api = new WhatsAppCloudApi(settings, {
    fetch: (input, init) => deps.fetch(input, init),
    now: () => deps.now(),
  });
  deps.messenger.buyer.addTransport(
    whatsAppTransport(api, {
      buttonPayload: (logId, index) => buttonPayload(deps.ratingKey, logId, index),
      refusal: async (logId) => ((await optedOutOfLogged(deps.db, logId)) ? `${OPTED_OUT}.` : null),
    }),
  );
  return api;
}

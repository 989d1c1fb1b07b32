import type { OutgoingMessage } from '../../../messaging/messenger';

/** To the owner when an endpoint is disabled after an event's every retry failed. */
export function endpointDisabledEmail(email: string, firstName: string, url: string): OutgoingMessage {
  return {
    channel: 'EMAIL',
    recipient: email,
    subject: 'A Dakiya webhook endpoint was disabled',
    body: `Hi ${firstName},\n\nWe could not deliver webhook events to ${url} for a day: every retry got no 2xx answer, so the endpoint is disabled and its events wait.\n\nFix the receiver, then enable the endpoint again in Settings → Webhooks; the waiting events are sent then, and any delivery can be replayed from its log.\n\nDakiya`,
  };
}

import type { AppDeps } from '../../deps';
import { buyerMessages } from '../../db/schema';
import { conflict } from '../../http/errors';
import { WhatsAppError } from '../../messaging/whatsapp/errors';
import type { MessageKind } from '../../../src/domain/messaging/message-kinds';
import { contactOf, OPTED_OUT } from './contacts';

// A free-form WhatsApp message to a buyer (the seller's answer, or the product's own such as the
// NDR link after "Change address"): only inside the buyer's 24-hour window and never to a number
// that opted out; logged on the order like every buyer message.

export const WINDOW_CLOSED =
  'WhatsApp allows a free-form message only within 24 hours of the buyer’s last WhatsApp message, and this buyer has not written in that time';

export interface FreeForm {
  orgId: number;
  orderId: number | null;
  /** the buyer's 10-digit mobile */
  phone: string;
  kind: MessageKind;
  body: string;
}

/** Sends it, or throws 409 with why not; the message log keeps what went. */
export async function sendFreeForm(deps: AppDeps, m: FreeForm): Promise<{ logId: number }> {
  const api = deps.whatsapp;
  if (!api) throw conflict('WhatsApp is not set up for Dakiya, so no WhatsApp message can be sent');
  const contact = await contactOf(deps.db, m.orgId, m.phone);
  if (contact?.optedOutAt) throw conflict(OPTED_OUT);
  const now = deps.now();
  if (!contact?.windowClosesAt || contact.windowClosesAt <= now) throw conflict(WINDOW_CLOSED);
  let providerMessageId: string | null = null;
  let error: string | null = null;
  try {
    providerMessageId = (await api.sendText({ to: m.phone, body: m.body, windowClosesAt: contact.windowClosesAt }))
      .messageId;
  } catch (e) {
    if (!(e instanceof WhatsAppError)) throw e;
    error = `${e.message}.`;
  }
  const [row] = await deps.db
    .insert(buyerMessages)
    .values({
      orgId: m.orgId,
      orderId: m.orderId,
      kind: m.kind,
      channel: 'WHATSAPP',
      provider: 'whatsapp',
      template: null,
      recipient: `+91${m.phone}`,
      body: m.body,
      status: error ? 'failed' : 'sent',
      error,
      providerMessageId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: buyerMessages.id });
  if (error) throw conflict(error);
  return { logId: row.id };
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { ndrRecords, orders, organisations } from '../../db/schema';
import { NDR_BUYER_PAGE, NDR_REASONS, type NdrReason } from '../../../src/domain/ndr-contract';
import { notificationSettings, sendOnce } from '../tracking/buyer-notifications';
import { shippingPreferences } from '../shipping/preferences';
import { ndrNoAnswerRule, type NdrNoAnswerAction } from '../../../src/domain/ndr-rules';
import type { OutgoingMessage } from '../../messaging/messenger';
import type { BuyerMessageMeta } from '../../messaging/buyer/buyer-message';

// Reaching the buyer after a failed attempt: an SMS and an email (as the seller's setting for
// "Delivery Attempt Failed" says) with a link to the NDR page. The link carries a token signed
// with a server secret (the NDR's id and a MAC), never the AWB: only the messages' recipient can
// answer. Each attempt's messages go once (claimed per shipment, "NDR:<attempt>" and channel).

const MAC_LENGTH = 22;

export function ndrToken(secret: Uint8Array, ndrId: number): string {
  const id = ndrId.toString(36);
  return `${id}.${mac(secret, id)}`;
}

function mac(secret: Uint8Array, id: string): string {
  return createHmac('sha256', secret).update(`ndr-buyer:${id}`).digest('base64url').slice(0, MAC_LENGTH);
}

/** The NDR id a token stands for, or null when it is not one of ours. */
export function ndrIdOfToken(secret: Uint8Array, token: string): number | null {
  const m = /^([0-9a-z]{1,8})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!m) return null;
  const want = Buffer.from(mac(secret, m[1]));
  const got = Buffer.from(m[2]);
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null;
  const id = parseInt(m[1], 36);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export async function sendNdrOutreach(deps: AppDeps, ndrIds: number[]): Promise<number> {
  if (!ndrIds.length) return 0;
  const rows = await deps.db
    .select({
      id: ndrRecords.id,
      shipmentId: ndrRecords.shipmentId,
      orgId: ndrRecords.orgId,
      orderId: ndrRecords.orderId,
      attempt: ndrRecords.attempt,
      reason: ndrRecords.reason,
      orderNumber: orders.orderNumber,
      buyerName: orders.buyerName,
      buyerPhone: orders.buyerPhone,
      buyerEmail: orders.buyerEmail,
      orgName: organisations.companyName,
    })
    .from(ndrRecords)
    .innerJoin(orders, eq(orders.id, ndrRecords.orderId))
    .innerJoin(organisations, eq(organisations.id, ndrRecords.orgId))
    .where(inArray(ndrRecords.id, ndrIds));
  const settings = new Map<number, { sms: boolean; email: boolean; whatsapp: boolean }>();
  const noAnswer = new Map<number, NdrNoAnswerAction>();
  for (const orgId of new Set(rows.map((r) => r.orgId))) {
    settings.set(
      orgId,
      (await notificationSettings(deps.db, orgId)).find((s) => s.event === 'NDR')!,
    );
    noAnswer.set(orgId, (await shippingPreferences(deps.db, orgId)).ndrAutoAction ?? 'REATTEMPT');
  }
  const messages: (OutgoingMessage & { shipmentId: number; event: string })[] = [];
  for (const r of rows) {
    const setting = settings.get(r.orgId)!;
    const link = `${deps.config.publicUrl}${NDR_BUYER_PAGE(ndrToken(deps.ratingKey, r.id))}`;
    const why = NDR_REASONS[r.reason as NdrReason].toLowerCase();
    const event = `NDR:${r.attempt}`;
    const buyer: BuyerMessageMeta = {
      kind: 'ndr_action',
      orgId: r.orgId,
      orderId: r.orderId,
      shipmentId: r.shipmentId,
      setting: 'NDR',
      values: { brand: r.orgName, buyer: r.buyerName, order: r.orderNumber, reason: why, link },
    };
    if (setting.sms || setting.whatsapp)
      messages.push({
        buyer,
        shipmentId: r.shipmentId,
        event,
        channel: 'SMS',
        recipient: `+91${r.buyerPhone}`,
        subject: '',
        body: `${r.orgName}: we could not deliver your order ${r.orderNumber} (${why}). Choose a new date or correct your address: ${link}`,
      });
    if (setting.email && r.buyerEmail)
      messages.push({
        buyer,
        shipmentId: r.shipmentId,
        event,
        channel: 'EMAIL',
        recipient: r.buyerEmail,
        subject: `We could not deliver your order ${r.orderNumber}`,
        body: `Hello ${r.buyerName},\n\nThe courier could not deliver your order ${r.orderNumber} from ${r.orgName}: ${why}.\nTell us when to try again, correct your address or phone, or let us know you no longer want it:\n${link}\n\n${ndrNoAnswerRule(noAnswer.get(r.orgId)!, 'BUYER')}\n\nDakiya`,
      });
  }
  return sendOnce(deps, messages);
}

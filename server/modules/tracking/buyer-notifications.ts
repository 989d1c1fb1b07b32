import { eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { unnestSelect } from '../../db/unnest';
import type { OutgoingMessage } from '../../messaging/messenger';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { buyerNotifications, buyerNotificationSettings, orders, organisations, shipments } from '../../db/schema';
import type { BuyerNotificationSetting } from '../../../src/domain/tracking-contract';
import {
  BUYER_MESSAGE_SETTINGS,
  NOTIFIED_EVENTS,
  type NotifiedEvent,
} from '../../../src/domain/tracking/buyer-messages';
import { statusTitle } from '../../../src/domain/tracking/display';
import { ratingKey } from './rating-key';
import type { BuyerMessageMeta } from '../../messaging/buyer/buyer-message';
import { kindOfTrackingEvent } from '../../../src/domain/messaging/message-kinds';

// Buyers hear of their parcel: on each status move of a shipment, an SMS and an email (when the
// order has one) with the short tracking link, through the outbox and its transports. The seller
// turns each event's messages on or off. A message is claimed in the database before it is sent
// (one row per shipment, event and channel), so a repeated scan or a retried job never sends twice.

const DEFAULT_ON: readonly NotifiedEvent[] = ['PKD', 'OFD', 'NDR', 'DLV', 'RTO_INT'];

export async function notificationSettings(db: Db, orgId: number): Promise<BuyerNotificationSetting[]> {
  const rows = await db.select().from(buyerNotificationSettings).where(eq(buyerNotificationSettings.orgId, orgId));
  return BUYER_MESSAGE_SETTINGS.map((event) => {
    const row = rows.find((r) => r.event === event);
    // messages that follow no shipment event go by SMS and email unless turned off
    const on = !(NOTIFIED_EVENTS as readonly string[]).includes(event) || DEFAULT_ON.includes(event as NotifiedEvent);
    return {
      event,
      sms: row?.sms ?? on,
      email: row?.email ?? on,
      whatsapp: row?.whatsapp ?? false,
      language: row?.language === 'hi' ? 'hi' : 'en',
    };
  });
}

/** Saves the listed settings; a field left out (whatsapp, language) keeps its value. */
export async function saveNotificationSettings(
  db: Db,
  orgId: number,
  list: (Omit<BuyerNotificationSetting, 'whatsapp' | 'language'> & Partial<BuyerNotificationSetting>)[],
): Promise<BuyerNotificationSetting[]> {
  for (const s of list) {
    const extra = {
      ...(s.whatsapp !== undefined ? { whatsapp: s.whatsapp } : {}),
      ...(s.language !== undefined ? { language: s.language } : {}),
    };
    await db
      .insert(buyerNotificationSettings)
      .values({ orgId, event: s.event, sms: s.sms, email: s.email, ...extra })
      .onConflictDoUpdate({
        target: [buyerNotificationSettings.orgId, buyerNotificationSettings.event],
        set: { sms: s.sms, email: s.email, ...extra },
      });
  }
  return notificationSettings(db, orgId);
}

/** Sends the buyer the messages this status move calls for, each at most once. */
export async function notifyBuyer(deps: AppDeps, shipmentId: number, status: string): Promise<number> {
  return notifyBuyers(deps, [{ shipmentId, status }]);
}

/**
 * The messages of many status moves at once (a batch of scans): read together, claimed in one
 * statement, written to the outbox together. A failed attempt's message is the NDR outreach's
 * (ndr/outreach.ts: it carries the link to answer), not this one.
 */
export async function notifyBuyers(deps: AppDeps, moves: { shipmentId: number; status: string }[]): Promise<number> {
  const wanted = moves.filter((m) => m.status !== 'NDR' && (NOTIFIED_EVENTS as readonly string[]).includes(m.status));
  if (!wanted.length) return 0;
  const rows = await deps.db
    .select({
      id: shipments.id,
      orgId: shipments.orgId,
      orderId: shipments.orderId,
      awb: shipments.awb,
      carrierCode: shipments.carrierCode,
      shortCode: shipments.shortCode,
      orderNumber: orders.orderNumber,
      buyerName: orders.buyerName,
      buyerPhone: orders.buyerPhone,
      buyerEmail: orders.buyerEmail,
      orgName: organisations.companyName,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(organisations, eq(organisations.id, shipments.orgId))
    .where(inArray(shipments.id, [...new Set(wanted.map((m) => m.shipmentId))]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const settings = new Map<number, BuyerNotificationSetting[]>();
  for (const orgId of new Set(rows.map((r) => r.orgId)))
    settings.set(orgId, await notificationSettings(deps.db, orgId));
  const messages: (OutgoingMessage & { shipmentId: number; event: string })[] = [];
  for (const m of wanted) {
    const r = byId.get(m.shipmentId);
    if (!r) continue;
    const setting = settings.get(r.orgId)!.find((x) => x.event === m.status)!;
    // the rating key makes the link the buyer's: only it lets them rate the shipment
    const link = `${deps.config.publicUrl}/s?r=${r.shortCode}&k=${ratingKey(deps.ratingKey, r.id)}`;
    const title = statusTitle(m.status, false);
    const buyer: BuyerMessageMeta = {
      kind: kindOfTrackingEvent(m.status),
      orgId: r.orgId,
      orderId: r.orderId,
      shipmentId: r.id,
      setting: m.status,
      values: {
        brand: r.orgName,
        buyer: r.buyerName,
        order: r.orderNumber,
        status: title,
        link,
        awb: r.awb ?? undefined,
      },
    };
    // the phone message goes by WhatsApp or SMS as the seller chose (the router decides which)
    if (setting.sms || setting.whatsapp)
      messages.push({
        buyer,
        shipmentId: r.id,
        event: m.status,
        channel: 'SMS',
        recipient: `+91${r.buyerPhone}`,
        subject: '',
        body: `${r.orgName}: your order ${r.orderNumber} is ${title}. Track it: ${link}`,
      });
    if (setting.email && r.buyerEmail)
      messages.push({
        buyer,
        shipmentId: r.id,
        event: m.status,
        channel: 'EMAIL',
        recipient: r.buyerEmail,
        subject: `Your order ${r.orderNumber}: ${title}`,
        body: `Hello ${r.buyerName},\n\nYour order ${r.orderNumber} from ${r.orgName} is ${title}.\nTrack it here: ${link}\n\nDakiya`,
      });
  }
  return sendOnce(deps, messages);
}

/** Claims each message (shipment, event, channel) in one statement, then sends the claimed ones. */
export async function sendOnce(
  deps: AppDeps,
  messages: (OutgoingMessage & { shipmentId: number; event: string })[],
): Promise<number> {
  if (!messages.length) return 0;
  const now = deps.now();
  const claimed = await queryRows<{ shipment_id: number; event: string; channel: string }>(
    deps.db,
    sql`insert into ${buyerNotifications} (shipment_id, event, channel, recipient, created_at)
        ${unnestSelect([
          [messages.map((m) => m.shipmentId), 'int'],
          [messages.map((m) => m.event), 'text'],
          [messages.map((m) => m.channel), 'text'],
          [messages.map((m) => m.recipient), 'text'],
          [messages.map(() => now), 'timestamptz'],
        ])}
        on conflict do nothing returning shipment_id, event, channel`,
  );
  const won = new Set(claimed.map((c) => `${c.shipment_id}|${c.event}|${c.channel}`));
  const out = messages
    .filter((m) => won.has(`${m.shipmentId}|${m.event}|${m.channel}`))
    .map(({ channel, recipient, subject, body, buyer }) => ({ channel, recipient, subject, body, buyer }));
  await deps.messenger.sendMany(out);
  return out.length;
}

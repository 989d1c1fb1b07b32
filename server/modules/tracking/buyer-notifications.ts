import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { buyerNotifications, buyerNotificationSettings, orders, organisations, shipments } from '../../db/schema';
import {
  NOTIFIED_EVENTS,
  type BuyerNotificationSetting,
  type NotifiedEvent,
} from '../../../src/domain/tracking-contract';
import { statusTitle } from '../../../src/domain/tracking/display';
import { ratingKey } from './rating-key';

// Buyers hear of their parcel: on each status move of a shipment, an SMS and an email (when the
// order has one) with the short tracking link, through the outbox and its transports. The seller
// turns each event's messages on or off. A message is claimed in the database before it is sent
// (one row per shipment, event and channel), so a repeated scan or a retried job never sends twice.

const DEFAULT_ON: readonly NotifiedEvent[] = ['PKD', 'OFD', 'NDR', 'DLV', 'RTO_INT'];

export async function notificationSettings(db: Db, orgId: number): Promise<BuyerNotificationSetting[]> {
  const rows = await db.select().from(buyerNotificationSettings).where(eq(buyerNotificationSettings.orgId, orgId));
  return NOTIFIED_EVENTS.map((event) => {
    const row = rows.find((r) => r.event === event);
    const on = DEFAULT_ON.includes(event);
    return { event, sms: row?.sms ?? on, email: row?.email ?? on };
  });
}

export async function saveNotificationSettings(
  db: Db,
  orgId: number,
  list: BuyerNotificationSetting[],
): Promise<BuyerNotificationSetting[]> {
  for (const s of list) {
    await db
      .insert(buyerNotificationSettings)
      .values({ orgId, event: s.event, sms: s.sms, email: s.email })
      .onConflictDoUpdate({
        target: [buyerNotificationSettings.orgId, buyerNotificationSettings.event],
        set: { sms: s.sms, email: s.email },
      });
  }
  return notificationSettings(db, orgId);
}

/** Sends the buyer the messages this status move calls for, each at most once. */
export async function notifyBuyer(deps: AppDeps, shipmentId: number, status: string): Promise<number> {
  if (!(NOTIFIED_EVENTS as readonly string[]).includes(status)) return 0;
  const [s] = await deps.db.select().from(shipments).where(eq(shipments.id, shipmentId));
  if (!s) return 0;
  const setting = (await notificationSettings(deps.db, s.orgId)).find((x) => x.event === status)!;
  const [o] = await deps.db.select().from(orders).where(eq(orders.id, s.orderId));
  const [org] = await deps.db
    .select({ name: organisations.companyName })
    .from(organisations)
    .where(eq(organisations.id, s.orgId));
  // the rating key makes the link the buyer's: only it lets them rate the shipment
  const link = `${deps.config.publicUrl}/s?r=${s.shortCode}&k=${ratingKey(deps.ratingKey, s.id)}`;
  const title = statusTitle(status, false);
  const wanted: { channel: 'SMS' | 'EMAIL'; recipient: string; subject: string; body: string }[] = [];
  if (setting.sms)
    wanted.push({
      channel: 'SMS',
      recipient: `+91${o.buyerPhone}`,
      subject: '',
      body: `${org.name}: your order ${o.orderNumber} is ${title}. Track it: ${link}`,
    });
  if (setting.email && o.buyerEmail) {
    wanted.push({
      channel: 'EMAIL',
      recipient: o.buyerEmail,
      subject: `Your order ${o.orderNumber}: ${title}`,
      body: `Hello ${o.buyerName},\n\nYour order ${o.orderNumber} from ${org.name} is ${title}.\nTrack it here: ${link}\n\nDakiya`,
    });
  }
  let sent = 0;
  for (const m of wanted) {
    const [claimed] = await deps.db
      .insert(buyerNotifications)
      .values({ shipmentId, event: status, channel: m.channel, recipient: m.recipient, createdAt: deps.now() })
      .onConflictDoNothing()
      .returning({ id: buyerNotifications.id });
    if (!claimed) continue;
    await deps.messenger.send(m);
    sent++;
  }
  return sent;
}

import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { codVerificationEvents, codVerifications, orders, organisations } from '../../db/schema';
import { COD_BUYER_PAGE } from '../../../src/domain/cod-verification-contract';
import { formatAmount } from '../../../src/domain/format';
import type { OutgoingMessage } from '../../messaging/messenger';
import type { BuyerMessageMeta } from '../../messaging/buyer/buyer-message';
import { channelChoices } from '../../messaging/buyer/preferences';
import { verificationToken } from './token';

// The buyer's SMS and email with the link to confirm. A verification's messages are claimed in
// the database (messaged_at set while still unset) before they go, so a repeated call or a retried
// job sends once; a resend clears the claim first.

export async function sendVerificationMessages(deps: AppDeps, filter: { orgId?: number; ids?: number[] } = {}) {
  const now = deps.now();
  const claimed = await deps.db
    .update(codVerifications)
    .set({ messagedAt: now, messagesSent: sql`${codVerifications.messagesSent} + 1`, updatedAt: now })
    .where(
      and(
        eq(codVerifications.state, 'PENDING'),
        isNull(codVerifications.messagedAt),
        filter.orgId ? eq(codVerifications.orgId, filter.orgId) : undefined,
        filter.ids ? inArray(codVerifications.id, filter.ids.length ? filter.ids : [0]) : undefined,
      ),
    )
    .returning({
      id: codVerifications.id,
      orderId: codVerifications.orderId,
      offerPrepaid: codVerifications.offerPrepaid,
    });
  if (!claimed.length) return 0;
  const rows = await deps.db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      buyerName: orders.buyerName,
      buyerPhone: orders.buyerPhone,
      buyerEmail: orders.buyerEmail,
      amountPaise: orders.codAmountPaise,
      orgId: orders.orgId,
      orgName: organisations.companyName,
    })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.orgId))
    .where(
      inArray(
        orders.id,
        claimed.map((c) => c.orderId),
      ),
    );
  const byOrder = new Map(rows.map((r) => [r.orderId, r]));
  const messages: OutgoingMessage[] = [];
  const events: (typeof codVerificationEvents.$inferInsert)[] = [];
  // the phone message goes by WhatsApp where the seller chose it and it is set up, else by SMS
  const choices = await channelChoices(
    deps.db,
    rows.map((r) => r.orgId),
  );
  const byWhatsApp = (orgId: number) =>
    !!deps.messenger.buyer.transportOf('WHATSAPP') && !!choices.get(`${orgId}|COD_CONFIRMATION`)?.whatsapp;
  for (const c of claimed) {
    const r = byOrder.get(c.orderId);
    if (!r) continue;
    const link = `${deps.config.publicUrl}${COD_BUYER_PAGE(verificationToken(deps.ratingKey, c.id))}`;
    const amount = `₹${formatAmount(r.amountPaise)}`;
    const buyer: BuyerMessageMeta = {
      kind: 'cod_confirmation',
      orgId: r.orgId,
      orderId: r.orderId,
      setting: 'COD_CONFIRMATION',
      values: { brand: r.orgName, buyer: r.buyerName, order: r.orderNumber, amount, link },
    };
    messages.push({
      buyer,
      channel: 'SMS',
      recipient: `+91${r.buyerPhone}`,
      subject: '',
      body: `${r.orgName}: please confirm your cash-on-delivery order ${r.orderNumber} of ${amount} before we ship it: ${link}`,
    });
    if (r.buyerEmail)
      messages.push({
        buyer,
        channel: 'EMAIL',
        recipient: r.buyerEmail,
        subject: `Please confirm your order ${r.orderNumber}`,
        body: `Hello ${r.buyerName},\n\n${r.orgName} has your cash-on-delivery order ${r.orderNumber} of ${amount}. Please confirm it before it ships, or cancel it if you did not place it${c.offerPrepaid ? '; you may also pay now and skip the cash' : ''}:\n${link}\n\nDakiya`,
      });
    events.push({
      verificationId: c.id,
      kind: 'MESSAGED',
      note: `Link sent by ${byWhatsApp(r.orgId) ? 'WhatsApp' : 'SMS'}${r.buyerEmail ? ' and email' : ''}`,
      at: now,
    });
  }
  await deps.messenger.sendMany(messages);
  if (events.length) await deps.db.insert(codVerificationEvents).values(events);
  return claimed.length;
}

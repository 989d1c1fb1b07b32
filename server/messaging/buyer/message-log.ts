import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { unnestSelect } from '../../db/unnest';
import { buyerMessages } from '../../db/schema';
import type { BuyerMessageRow } from '../../../src/domain/messaging/messages-contract';
import type { MessageStatus } from '../../../src/domain/messaging/message-kinds';

// The message log's writes and reads. Statuses only move forward (queued → sent → delivered →
// read; failed from queued or sent), so a repeated or late report changes nothing.

/** A log row as written: replies come later, on the row (reply, repliedAt). */
export type NewLogRow = Omit<typeof buyerMessages.$inferInsert, 'id' | 'reply' | 'repliedAt'>;

/**
 * Writes the rows in one statement, one parameter per column (a batch of courier scans logs
 * hundreds of messages: a VALUES list would bind fifteen parameters a row). Answers their ids in
 * the rows' order: ids are drawn as the rows are inserted, so ascending is the rows' order.
 */
export async function writeLog(db: Db, rows: NewLogRow[]): Promise<number[]> {
  if (!rows.length) return [];
  const now = new Date();
  const column = <K extends keyof NewLogRow>(key: K, fallback: NewLogRow[K] | null = null) =>
    rows.map((r) => r[key] ?? fallback);
  const inserted = await queryRows<{ id: number }>(
    db,
    sql`
    insert into ${buyerMessages} (org_id, order_id, shipment_id, kind, channel, provider, template, language,
      recipient, body, "values", status, error, provider_message_id, fallback_of, created_at, updated_at)
    ${unnestSelect([
      [column('orgId'), 'int'],
      [column('orderId'), 'int'],
      [column('shipmentId'), 'int'],
      [column('kind'), 'text'],
      [column('channel'), 'text'],
      [column('provider'), 'text'],
      [column('template'), 'text'],
      [column('language', 'en'), 'text'],
      [column('recipient'), 'text'],
      [column('body'), 'text'],
      [column('values'), 'text'],
      [column('status'), 'text'],
      [column('error'), 'text'],
      [column('providerMessageId'), 'text'],
      [column('fallbackOf'), 'int'],
      [column('createdAt', now), 'timestamptz'],
      [column('updatedAt', now), 'timestamptz'],
    ])}
    returning id`,
  );
  return inserted.map((r) => Number(r.id)).sort((a, b) => a - b);
}

const EARLIER: Record<MessageStatus, MessageStatus[]> = {
  queued: [],
  sent: ['queued'],
  delivered: ['queued', 'sent'],
  read: ['queued', 'sent', 'delivered'],
  failed: ['queued', 'sent'],
};

/** Moves a message to a later status; false when it is already there or beyond (a repeat). */
export async function advanceStatus(
  db: Db,
  where: { id: number } | { provider: string; providerMessageId: string; recipient?: string },
  status: MessageStatus,
  extra: { error?: string | null; providerMessageId?: string; at: Date },
): Promise<{ id: number }[]> {
  const match =
    'id' in where
      ? eq(buyerMessages.id, where.id)
      : and(
          eq(buyerMessages.provider, where.provider),
          eq(buyerMessages.providerMessageId, where.providerMessageId),
          where.recipient ? eq(buyerMessages.recipient, where.recipient) : undefined,
        );
  return db
    .update(buyerMessages)
    .set({
      status,
      updatedAt: extra.at,
      ...(extra.error !== undefined ? { error: extra.error } : {}),
      ...(extra.providerMessageId ? { providerMessageId: extra.providerMessageId } : {}),
    })
    .where(and(match, inArray(buyerMessages.status, EARLIER[status].length ? EARLIER[status] : ['none'])))
    .returning({ id: buyerMessages.id });
}

/** The last four digits of a number, or an email's first letter and domain. */
export function maskRecipient(recipient: string): string {
  if (recipient.includes('@')) {
    const [name, domain] = recipient.split('@');
    return `${name.slice(0, 1)}…@${domain}`;
  }
  return `+91 ••••• •${recipient.replace(/\D/g, '').slice(-4)}`;
}

export async function orderMessages(db: Db, orgId: number, orderId: number): Promise<BuyerMessageRow[]> {
  const rows = await db
    .select()
    .from(buyerMessages)
    .where(and(eq(buyerMessages.orgId, orgId), eq(buyerMessages.orderId, orderId)))
    .orderBy(desc(buyerMessages.id))
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as BuyerMessageRow['kind'],
    channel: r.channel as BuyerMessageRow['channel'],
    provider: r.provider,
    template: r.template,
    language: r.language === 'hi' ? 'hi' : 'en',
    recipient: maskRecipient(r.recipient),
    status: r.status as MessageStatus,
    error: r.error,
    reply: r.reply,
    repliedAt: r.repliedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

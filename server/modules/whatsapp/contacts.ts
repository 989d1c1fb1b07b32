import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { buyerMessages, whatsappContacts } from '../../db/schema';

// A buyer's WhatsApp standing with a seller: the 24-hour window their last message opened, and
// their opt-out. Keyed by the 10-digit mobile orders keep.

export const WINDOW_MS = 24 * 3600 * 1000;

export const OPTED_OUT =
  'The buyer asked for no more WhatsApp messages from this seller (they replied STOP), so it was not sent on WhatsApp';

export async function contactOf(db: Db, orgId: number, phone: string) {
  const [c] = await db
    .select()
    .from(whatsappContacts)
    .where(and(eq(whatsappContacts.orgId, orgId), eq(whatsappContacts.phone, phone)));
  return c ?? null;
}

/** The buyer wrote at `at`: their window stays open a day from then (never shortened by an older message). */
export async function openWindow(db: Db, orgId: number, phone: string, at: Date, now: Date) {
  const closes = new Date(at.getTime() + WINDOW_MS);
  await db
    .insert(whatsappContacts)
    .values({ orgId, phone, windowClosesAt: closes, updatedAt: now })
    .onConflictDoUpdate({
      target: [whatsappContacts.orgId, whatsappContacts.phone],
      set: {
        windowClosesAt: sql`greatest(${whatsappContacts.windowClosesAt}, excluded.window_closes_at)`,
        updatedAt: now,
      },
    });
}

export async function optOut(db: Db, orgId: number, phone: string, now: Date) {
  await db
    .insert(whatsappContacts)
    .values({ orgId, phone, optedOutAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [whatsappContacts.orgId, whatsappContacts.phone],
      set: { optedOutAt: sql`coalesce(${whatsappContacts.optedOutAt}, excluded.opted_out_at)`, updatedAt: now },
    });
}

/** Whether a logged message's buyer opted out of its seller's WhatsApp. */
export async function optedOutOfLogged(db: Db, logId: number): Promise<boolean> {
  const [r] = await db
    .select({ at: whatsappContacts.optedOutAt })
    .from(buyerMessages)
    .innerJoin(
      whatsappContacts,
      and(
        eq(whatsappContacts.orgId, buyerMessages.orgId),
        eq(sql`'+91' || ${whatsappContacts.phone}`, buyerMessages.recipient),
      ),
    )
    .where(eq(buyerMessages.id, logId));
  return !!r?.at;
}

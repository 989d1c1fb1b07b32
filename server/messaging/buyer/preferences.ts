import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { buyerNotificationSettings } from '../../db/schema';
import type { MessageLanguage } from '../../../src/domain/messaging/message-kinds';

// The seller's choice per buyer-message setting (a tracking event, or a message such as the COD
// confirmation): which channels and in which language. A setting with no row is on by SMS and
// email in English (the product's defaults; tracking events have their own, buyer-notifications.ts).

export interface ChannelChoice {
  sms: boolean;
  whatsapp: boolean;
  email: boolean;
  language: MessageLanguage;
}

export const DEFAULT_CHOICE: ChannelChoice = { sms: true, whatsapp: false, email: true, language: 'en' };

/** Every stored choice of these sellers, by org and setting. */
export async function channelChoices(db: Db, orgIds: number[]): Promise<Map<string, ChannelChoice>> {
  if (!orgIds.length) return new Map();
  const rows = await db
    .select()
    .from(buyerNotificationSettings)
    .where(inArray(buyerNotificationSettings.orgId, [...new Set(orgIds)]));
  return new Map(
    rows.map((r) => [
      `${r.orgId}|${r.event}`,
      { sms: r.sms, whatsapp: r.whatsapp, email: r.email, language: r.language === 'hi' ? 'hi' : 'en' },
    ]),
  );
}

import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { buyerMessages, customers, orderEvents, orders } from '../../db/schema';
import { queryRows } from '../../db/rows';

// Amazon's Data Protection Policy lets a seller's tools keep a buyer's personal data no longer
// than 30 days after the order is delivered, unless the law asks for more. A daily job erases
// the buyer's name, phone, email and street lines of every Amazon order whose end (delivered,
// returned to the seller, lost, damaged or cancelled) is more than 30 days behind, with the
// messages sent to that buyer about it and the seller's customer entry that only Amazon orders
// made. The city, state and PIN code stay: Amazon shares them without restricted data, and the
// shipment's record, invoice amounts and AWB stay for the seller's books. An order is erased
// once (buyer_data_erased_at), however many processes run the job.

export const AMAZON_ERASURE_QUEUE = 'amazon-buyer-erasure';
/** Daily, 03:20 IST, away from the day's booking. */
export const AMAZON_ERASURE_CRON = '20 3 * * *';
/** Amazon's retention after delivery, in days. */
export const AMAZON_RETENTION_DAYS = 30;
/** What stands where the buyer's name was. */
export const ERASED_BUYER_NAME = 'Amazon buyer (details erased)';
/** What stands where a message to the erased buyer was. */
export const ERASED_MESSAGE = 'Erased with the buyer’s details';

/** The statuses where an order's journey ends; the retention counts from the move into one. */
const ENDED = ['DLV', 'RTO_DLV', 'LST', 'DMG', 'CAN'];

/** Erases the buyer data of Amazon orders past retention; returns the orders erased. */
export async function eraseAmazonBuyerData(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const before = new Date(now.getTime() - AMAZON_RETENTION_DAYS * 86_400_000);
  const ended = sql.join(
    ENDED.map((s) => sql`${s}`),
    sql`, `,
  );
  return deps.db.transaction(async (tx) => {
    const erased = await queryRows<{ id: number; org_id: number; phone: string }>(
      tx,
      sql`
      with due as (
        select o.id, o.buyer_phone as phone from ${orders} o
        where o.channel = 'AMAZON' and o.buyer_data_erased_at is null and o.status in (${ended})
          and (select max(e.at) from ${orderEvents} e where e.order_id = o.id and e.to_status = o.status) < ${before}
        for update of o skip locked
      )
      update ${orders} o set
        buyer_name = ${ERASED_BUYER_NAME}, buyer_phone = '', buyer_email = '',
        shipping = o.shipping || '{"line1": "", "line2": ""}'::jsonb,
        billing = o.billing || '{"line1": "", "line2": ""}'::jsonb,
        buyer_data_erased_at = ${now}, updated_at = ${now}
      from due where o.id = due.id
      returning o.id, o.org_id, due.phone`,
    );
    if (!erased.length) return 0;
    const ids = sql.join(
      erased.map((o) => sql`${o.id}`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${buyerMessages} set recipient = '', body = ${ERASED_MESSAGE}, values = null, reply = null
      where order_id in (${ids})`);
    // the seller's book keeps a buyer another order still names; one only erased orders named goes
    for (const { org_id: orgId, phone } of erased)
      if (phone)
        await tx.execute(sql`
          delete from ${customers} c where c.org_id = ${orgId} and c.phone = ${phone} and c.channel = 'AMAZON'
            and not exists (select 1 from ${orders} o where o.org_id = ${orgId} and o.buyer_phone = ${phone})`);
    return erased.length;
  });
}

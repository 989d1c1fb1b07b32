import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { supportTicketComments, supportTickets } from '../../db/schema';
import { queryRows } from '../../db/rows';
import { TICKET_RULES } from '../../../src/domain/tickets-contract';

// A resolved ticket closes by itself when its days to reopen have passed: an hourly cron job
// closes them all in one statement and notes it in each thread. Closed is final (a new ticket is
// raised instead), so a ticket closes once however many processes run the job.

export const TICKET_CLOSE_QUEUE = 'ticket-auto-close';
export const TICKET_CLOSE_CRON = '40 * * * *';
export const AUTO_CLOSE_NOTE = `Closed: the ${TICKET_RULES.reopenDays} days to reopen this ticket have passed`;

export async function closeResolvedTickets(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const before = new Date(now.getTime() - TICKET_RULES.reopenDays * 86_400_000);
  const closed = await queryRows<{ id: number }>(
    deps.db,
    sql`
    with closed as (
      update ${supportTickets} set status = 'CLOSED', updated_at = ${now}
      where status = 'RESOLVED' and resolution_ts < ${before}
      returning id
    )
    insert into ${supportTicketComments} (ticket_id, author_kind, author_name, body, created_at)
    select id, 'SYSTEM', 'Dakiya', ${AUTO_CLOSE_NOTE}, ${now} from closed
    returning ticket_id as id`,
  );
  return closed.length;
}

import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, supportCannedReplies } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { CannedReply, TicketAssignee } from '../../../src/domain/tickets-contract';
import { staffMayUse } from '../../../src/domain/staff-permissions';

// Staff's canned replies (a shared list any staff member keeps) and the staff a ticket may be assigned to.

const live = isNull(supportCannedReplies.deletedAt);

export async function cannedReplies(db: Db): Promise<CannedReply[]> {
  return db
    .select({
      cannedReplyId: supportCannedReplies.id,
      title: supportCannedReplies.title,
      body: supportCannedReplies.body,
    })
    .from(supportCannedReplies)
    .where(live)
    .orderBy(asc(supportCannedReplies.title));
}

export async function addCannedReply(db: Db, staffId: number, input: { title: string; message: string }, now: Date) {
  const [row] = await db
    .insert(supportCannedReplies)
    .values({ title: input.title, body: input.message, createdBy: staffId, createdAt: now })
    .returning();
  return { cannedReplyId: row.id, title: row.title, body: row.body };
}

export async function deleteCannedReply(db: Db, id: number, now: Date): Promise<{ deleted: boolean }> {
  const gone = await db
    .update(supportCannedReplies)
    .set({ deletedAt: now })
    .where(and(eq(supportCannedReplies.id, id), live))
    .returning({ id: supportCannedReplies.id });
  if (!gone.length) throw notFound('Canned reply not found');
  return { deleted: true };
}

/** Staff who may be given a ticket: live logins whose role answers tickets. */
export async function assignees(db: Db): Promise<TicketAssignee[]> {
  const rows = await db
    .select({
      accountId: accounts.id,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      email: accounts.email,
      staffRole: accounts.staffRole,
    })
    .from(accounts)
    .where(and(eq(accounts.accountType, 'DAKIYA'), eq(accounts.locked, false)))
    .orderBy(asc(accounts.firstName));
  return rows
    .filter((r) => staffMayUse(r.staffRole, 'tickets.manage'))
    .map((r) => ({ accountId: r.accountId, name: `${r.firstName} ${r.lastName}`.trim(), email: r.email }));
}

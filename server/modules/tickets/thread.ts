import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { accounts, supportTicketComments, supportTickets } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { letter } from '../../messaging/letter';
import {
  mayReopen,
  RESOLVABLE,
  STAFF_MOVES,
  STAFF_TICKET_STATUS_LABELS,
  TICKET_PRIORITY_LABELS,
  TICKET_TEXT,
  type TicketDetail,
  type TicketPriority,
  type TicketStatus,
} from '../../../src/domain/tickets-contract';
import type { TicketReplyInput, TicketUpdateInput } from '../../../src/domain/schemas/tickets';
import { ownAttachments } from './attachments';
import { notify, ticketReplyNotification } from '../notices/notify';
import { staffMayUse } from '../../../src/domain/staff-permissions';
import { supportDueOfOrg } from './sla-hours';
import type { Tx } from '../../db/client';
import { ticketDetail } from './service';

// What happens in a ticket's thread. Every write locks the ticket's row first, so concurrent
// replies and status changes apply one after the other; a reply repeated with its request key is
// added once. The other side hears of each reply by email, after the write has committed.

export const SUPPORT_INBOX = 'support@dakiya.in';

/** Who writes: a seller login (orgId set) or staff (orgId null). */
export interface Writer {
  accountId: number;
  orgId: number | null;
}

type Ticket = typeof supportTickets.$inferSelect;

async function lockTicket(tx: Tx, id: number, orgId: number | null): Promise<Ticket> {
  const [t] = await tx
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, id), orgId === null ? undefined : eq(supportTickets.orgId, orgId)))
    .for('update');
  if (!t) throw notFound('Ticket not found');
  return t;
}

async function nameOf(tx: Tx, accountId: number): Promise<{ name: string; email: string; firstName: string }> {
  const [a] = await tx
    .select({ firstName: accounts.firstName, lastName: accounts.lastName, email: accounts.email })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return {
    name: a ? `${a.firstName} ${a.lastName}`.trim() : 'Dakiya',
    email: a?.email ?? '',
    firstName: a?.firstName ?? '',
  };
}

const systemNote = (tx: Tx, ticketId: number, body: string, now: Date) =>
  tx
    .insert(supportTicketComments)
    .values({ ticketId, authorKind: 'SYSTEM', authorName: 'Dakiya', body, createdAt: now });

/** Tells the other side: a seller's words go to the ticket's handler (or the support inbox), staff's to the seller who raised it. */
async function tellOtherSide(deps: AppDeps, t: Ticket, fromSeller: boolean, subject: string, paragraphs: string[]) {
  const to = fromSeller ? t.ticketHandledBy : t.raisedBy;
  const who = to ? await deps.db.transaction((tx) => nameOf(tx, to)) : null;
  const recipient = who?.email || (fromSeller ? SUPPORT_INBOX : '');
  if (!recipient) return;
  await deps.messenger.send(
    letter(recipient, `${t.ticketNumber}: ${subject}`, who?.firstName || undefined, paragraphs),
  );
}

export async function reply(deps: AppDeps, writer: Writer, id: number, body: TicketReplyInput): Promise<TicketDetail> {
  const now = deps.now();
  const fromSeller = writer.orgId !== null;
  const { ticket, added } = await deps.db.transaction(async (tx) => {
    const t = await lockTicket(tx, id, writer.orgId);
    if (t.status === 'CLOSED') throw conflict(TICKET_TEXT.closed);
    if (t.status === 'RESOLVED' && fromSeller) throw conflict(TICKET_TEXT.resolvedReply);
    const attachments = await ownAttachments(tx, writer.orgId, body.attachments);
    const author = await nameOf(tx, writer.accountId);
    const inserted = await tx
      .insert(supportTicketComments)
      .values({
        ticketId: id,
        authorKind: fromSeller ? 'SELLER' : 'STAFF',
        authorId: writer.accountId,
        authorName: fromSeller ? author.name : `${author.name} (Dakiya)`,
        body: body.message,
        attachments,
        requestKey: body.requestKey,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: supportTicketComments.id });
    if (!inserted.length) return { ticket: t, added: false };
    // a seller's answer puts it back with staff; staff's answer waits on the seller
    const was = t.status as TicketStatus;
    const status: TicketStatus = fromSeller
      ? was === 'AWAITING_SELLER'
        ? 'IN_PROGRESS'
        : was
      : was === 'RESOLVED'
        ? was
        : 'AWAITING_SELLER';
    const [next] = await tx
      .update(supportTickets)
      .set({
        status,
        updatedAt: now,
        ...(fromSeller || t.firstResponseAt ? {} : { firstResponseAt: now }),
        // the first staff answer takes the ticket when nobody has it
        ...(fromSeller || t.ticketHandledBy ? {} : { ticketHandledBy: writer.accountId }),
      })
      .where(eq(supportTickets.id, id))
      .returning();
    // the seller's bell counts support's answer, written with it
    if (!fromSeller)
      await notify(
        tx,
        [
          ticketReplyNotification({
            commentId: inserted[0].id,
            orgId: next.orgId,
            ticketId: id,
            ticketNumber: next.ticketNumber ?? '',
            subject: next.subject,
          }),
        ],
        now,
      );
    return { ticket: next, added: true };
  });
  if (added)
    await tellOtherSide(deps, ticket, fromSeller, fromSeller ? 'the seller replied' : 'Dakiya support replied', [
      `A new reply on "${ticket.subject}":`,
      body.message,
      fromSeller ? 'Answer it in the ticket queue.' : 'Read and answer it under Help in Dakiya.',
    ]);
  return ticketDetail(deps.db, id, writer.orgId, now);
}

/** The seller reopens a resolved ticket within the window; the SLA clock starts again. */
export async function reopen(deps: AppDeps, writer: Writer & { orgId: number }, id: number, reason: string) {
  const now = deps.now();
  const ticket = await deps.db.transaction(async (tx) => {
    const t = await lockTicket(tx, id, writer.orgId);
    if (t.status !== 'RESOLVED') throw conflict(t.status === 'CLOSED' ? TICKET_TEXT.closed : TICKET_TEXT.notResolved);
    if (!mayReopen({ status: 'RESOLVED', resolutionTs: t.resolutionTs }, now))
      throw conflict(TICKET_TEXT.reopenWindowClosed);
    const author = await nameOf(tx, writer.accountId);
    await tx.insert(supportTicketComments).values({
      ticketId: id,
      authorKind: 'SELLER',
      authorId: writer.accountId,
      authorName: author.name,
      body: `Reopened: ${reason}`,
      createdAt: now,
    });
    const [next] = await tx
      .update(supportTickets)
      .set({
        status: 'OPEN',
        resolution: null,
        resolutionTs: null,
        updatedAt: now,
        slaFrom: now,
        firstResponseAt: null,
        ...(await supportDueOfOrg(tx, t.orgId, t.priority as TicketPriority, now)),
      })
      .where(eq(supportTickets.id, id))
      .returning();
    return next;
  });
  await tellOtherSide(deps, ticket, true, 'reopened by the seller', [`"${ticket.subject}" was reopened:`, reason]);
  return ticketDetail(deps.db, id, writer.orgId, now);
}

/** Staff resolve a ticket with the resolution the seller reads; resolutionTs starts the reopen window. */
export async function resolve(deps: AppDeps, staffId: number, id: number, resolution: string): Promise<TicketDetail> {
  const now = deps.now();
  const ticket = await deps.db.transaction(async (tx) => {
    const t = await lockTicket(tx, id, null);
    if (!RESOLVABLE.includes(t.status as TicketStatus))
      throw conflict(`This ticket is ${STAFF_TICKET_STATUS_LABELS[t.status as TicketStatus].toLowerCase()} already`);
    await systemNote(tx, id, `Resolved: ${resolution}`, now);
    const [next] = await tx
      .update(supportTickets)
      .set({
        status: 'RESOLVED',
        resolution,
        resolutionTs: now,
        updatedAt: now,
        firstResponseAt: t.firstResponseAt ?? now,
        ticketHandledBy: t.ticketHandledBy ?? staffId,
      })
      .where(eq(supportTickets.id, id))
      .returning();
    return next;
  });
  await tellOtherSide(deps, ticket, false, 'resolved', [
    `"${ticket.subject}" is resolved:`,
    resolution,
    'If it is not, reopen the ticket under Help in Dakiya within 7 days.',
  ]);
  return ticketDetail(deps.db, id, null, now);
}

/** Staff move a ticket's status, priority or assignee; each change is said in the thread. */
export async function update(
  deps: AppDeps,
  staffId: number,
  id: number,
  body: TicketUpdateInput,
): Promise<TicketDetail> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const t = await lockTicket(tx, id, null);
    const set: Partial<typeof supportTickets.$inferInsert> = { updatedAt: now };
    const notes: string[] = [];
    if (body.status && body.status !== t.status) {
      if (!STAFF_MOVES[t.status as TicketStatus].includes(body.status))
        throw conflict(
          body.status === 'RESOLVED'
            ? 'Resolve the ticket with a resolution'
            : `A ticket ${STAFF_TICKET_STATUS_LABELS[t.status as TicketStatus].toLowerCase()} cannot become ${STAFF_TICKET_STATUS_LABELS[body.status].toLowerCase()}`,
        );
      set.status = body.status;
      notes.push(`Status: ${STAFF_TICKET_STATUS_LABELS[body.status]}`);
    }
    if (body.priority && body.priority !== t.priority) {
      set.priority = body.priority;
      Object.assign(set, await supportDueOfOrg(tx, t.orgId, body.priority, t.slaFrom));
      notes.push(`Priority: ${TICKET_PRIORITY_LABELS[body.priority]}`);
    }
    if (body.ticketHandledBy !== undefined && body.ticketHandledBy !== t.ticketHandledBy) {
      if (body.ticketHandledBy !== null) {
        const [a] = await tx
          .select({ type: accounts.accountType, role: accounts.staffRole })
          .from(accounts)
          .where(eq(accounts.id, body.ticketHandledBy));
        if (a?.type !== 'DAKIYA') throw badRequest('ticketHandledBy: not a Dakiya staff account');
        if (!staffMayUse(a.role, 'tickets.manage'))
          throw badRequest('ticketHandledBy: their staff role cannot answer support tickets');
      }
      set.ticketHandledBy = body.ticketHandledBy;
      notes.push(
        body.ticketHandledBy === null
          ? 'Unassigned'
          : `Assigned to ${(await nameOf(tx, body.ticketHandledBy)).name}${body.ticketHandledBy === staffId ? ' (self)' : ''}`,
      );
    }
    if (!notes.length) return;
    await systemNote(tx, id, notes.join(' · '), now);
    await tx.update(supportTickets).set(set).where(eq(supportTickets.id, id));
  });
  return ticketDetail(deps.db, id, null, now);
}

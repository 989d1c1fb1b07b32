import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps';
import type { Db, Executor } from '../../db/client';
import { accounts, orders, organisations, shipments, supportTicketComments, supportTickets } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { SellerCaller } from '../../http/router';
import { letter } from '../../messaging/letter';
import {
  CATEGORY_PRIORITY,
  reopenUntil,
  slaBreached,
  STAFF_TICKET_STATUS_LABELS,
  TICKET_CATEGORY_LABELS,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  TICKET_TEXT,
  ticketIdOf,
  type TicketCategory,
  type TicketCounts,
  type TicketDetail,
  type TicketPriority,
  type TicketReference,
  type TicketRow,
  type TicketStatus,
  type SellerTicketList,
  type StaffTicketList,
} from '../../../src/domain/tickets-contract';
import type { RaiseTicketInput } from '../../../src/domain/schemas/tickets';
import { ticketManagerOf } from '../account-manager/service';
import { supportDueOfOrg } from './sla-hours';
import type { SupportLine } from '../../../src/domain/support-desk';
import { ownAttachments } from './attachments';

// Support tickets: raising one (about an order or AWB of the seller's own, or none), and reading
// them: the seller sees their organisation's only (another's is a 404), staff see all.

const handler = alias(accounts, 'handler');
const rowColumns = {
  t: supportTickets,
  orderNumber: orders.orderNumber,
  companyName: organisations.companyName,
  handlerFirst: handler.firstName,
  handlerLast: handler.lastName,
};
type Joined = {
  t: typeof supportTickets.$inferSelect;
  orderNumber: string | null;
  companyName: string;
  handlerFirst: string | null;
  handlerLast: string | null;
};

function joined(db: Executor) {
  return db
    .select(rowColumns)
    .from(supportTickets)
    .innerJoin(organisations, eq(organisations.id, supportTickets.orgId))
    .leftJoin(orders, eq(orders.id, supportTickets.orderId))
    .leftJoin(handler, eq(handler.id, supportTickets.ticketHandledBy));
}

function toRow(r: Joined, now: Date, staff: boolean): TicketRow {
  const t = r.t;
  const status = t.status as TicketStatus;
  return {
    ticketId: t.id,
    ticketNumber: t.ticketNumber ?? '',
    category: t.category as TicketCategory,
    categoryText: TICKET_CATEGORY_LABELS[t.category as TicketCategory] ?? t.category,
    orderId: t.orderId,
    orderNumber: r.orderNumber,
    awb: t.awb,
    subject: t.subject,
    status,
    statusText: (staff ? STAFF_TICKET_STATUS_LABELS : TICKET_STATUS_LABELS)[status] ?? status,
    priority: t.priority as TicketPriority,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    firstResponseDue: t.firstResponseDue.toISOString(),
    resolutionDue: t.resolutionDue.toISOString(),
    breached: slaBreached(t, now),
    supportLine: t.supportLine as SupportLine,
    ticketHandledBy: t.ticketHandledBy,
    handlerName: r.handlerFirst === null ? null : `${r.handlerFirst} ${r.handlerLast ?? ''}`.trim(),
    resolution: t.resolution,
    resolutionTs: t.resolutionTs?.toISOString() ?? null,
    resolutionMinutes: t.resolutionTs ? Math.round((t.resolutionTs.getTime() - t.createdAt.getTime()) / 60_000) : null,
    ...(staff ? { companyName: r.companyName } : {}),
  };
}

/** One ticket with its thread; 404 when it is not the organisation's (orgId null: staff, any). */
export async function ticketDetail(db: Executor, id: number, orgId: number | null, now: Date): Promise<TicketDetail> {
  const [r] = await joined(db).where(
    and(eq(supportTickets.id, id), orgId === null ? undefined : eq(supportTickets.orgId, orgId)),
  );
  if (!r) throw notFound('Ticket not found');
  const comments = await db
    .select()
    .from(supportTicketComments)
    .where(eq(supportTicketComments.ticketId, id))
    .orderBy(asc(supportTicketComments.id));
  const t = r.t;
  return {
    ...toRow(r, now, orgId === null),
    description: t.description,
    attachments: t.attachments,
    reopenUntil: t.status === 'RESOLVED' && t.resolutionTs ? reopenUntil(t.resolutionTs).toISOString() : null,
    comments: comments.map((c) => ({
      commentId: c.id,
      authorKind: c.authorKind as 'SELLER' | 'STAFF' | 'SYSTEM',
      authorName: c.authorName,
      body: c.body,
      attachments: c.attachments,
      createdAt: c.createdAt.toISOString(),
    })),
  };
}

/** The seller's order an order id, order number or AWB names; 404 for anything not theirs. */
async function referencedOrder(
  db: Executor,
  orgId: number,
  input: { orderId?: number; reference?: string },
): Promise<{ orderId: number; awb: string | null } | null> {
  const text = input.reference?.trim() ?? '';
  if (!input.orderId && !text) return null;
  const [hit] = await db
    .select({ orderId: orders.id, awb: shipments.awb })
    .from(orders)
    .leftJoin(shipments, and(eq(shipments.orderId, orders.id), eq(shipments.state, 'BOOKED')))
    .where(
      and(
        eq(orders.orgId, orgId),
        input.orderId
          ? eq(orders.id, input.orderId)
          : or(sql`lower(${orders.orderNumber}) = lower(${text})`, eq(shipments.awb, text)),
      ),
    )
    .limit(1);
  if (!hit) throw notFound(TICKET_TEXT.referenceNotFound);
  return hit;
}

/** The seller's orders whose number or AWB starts with `search`, newest first: the form's picker. */
export async function ticketReferences(db: Db, orgId: number, search: string): Promise<TicketReference[]> {
  const like = `${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ orderId: orders.id, orderNumber: orders.orderNumber, awb: shipments.awb })
    .from(orders)
    .leftJoin(shipments, and(eq(shipments.orderId, orders.id), eq(shipments.state, 'BOOKED')))
    .where(
      and(
        eq(orders.orgId, orgId),
        search ? or(ilike(orders.orderNumber, like), ilike(shipments.awb, like)) : undefined,
      ),
    )
    .orderBy(desc(orders.id))
    .limit(20);
}

export async function raiseTicket(deps: AppDeps, caller: SellerCaller, body: RaiseTicketInput): Promise<TicketDetail> {
  const now = deps.now();
  const priority = CATEGORY_PRIORITY[body.category];
  const id = await deps.db.transaction(async (tx) => {
    const ref = await referencedOrder(tx, caller.orgId, body);
    const attachments = await ownAttachments(tx, caller.orgId, body.attachments);
    // a Pro or Premium seller's ticket goes straight to their key account manager
    const manager = await ticketManagerOf(tx, caller.orgId);
    const [row] = await tx
      .insert(supportTickets)
      .values({
        orgId: caller.orgId,
        category: body.category,
        orderId: ref?.orderId ?? null,
        awb: ref?.awb ?? null,
        subject: body.subject,
        description: body.description,
        attachments,
        priority,
        raisedBy: caller.accountId,
        ticketHandledBy: manager,
        createdAt: now,
        updatedAt: now,
        slaFrom: now,
        ...(await supportDueOfOrg(tx, caller.orgId, priority, now)),
      })
      .returning({ id: supportTickets.id });
    return row.id;
  });
  const ticket = await ticketDetail(deps.db, id, caller.orgId, now);
  const [who] = await deps.db
    .select({ email: accounts.email, firstName: accounts.firstName })
    .from(accounts)
    .where(eq(accounts.id, caller.accountId));
  if (who)
    await deps.messenger.send(
      letter(who.email, `${ticket.ticketNumber}: we have your ticket`, who.firstName, [
        `We have your ticket "${ticket.subject}" and will answer it soon. Follow it under Help in Dakiya.`,
      ]),
    );
  return ticket;
}

const emptyCounts = () => Object.fromEntries(TICKET_STATUSES.map((s) => [s, 0])) as TicketCounts;

async function countsBy(db: Db, where: SQL | undefined): Promise<TicketCounts> {
  const rows = await db
    .select({ status: supportTickets.status, n: count() })
    .from(supportTickets)
    .innerJoin(organisations, eq(organisations.id, supportTickets.orgId))
    .leftJoin(orders, eq(orders.id, supportTickets.orderId))
    .where(where)
    .groupBy(supportTickets.status);
  const counts = emptyCounts();
  for (const r of rows) counts[r.status as TicketStatus] = Number(r.n);
  return counts;
}

export interface TicketListQuery {
  status?: TicketStatus;
  searchPattern?: string;
  pageNumber: number;
  recordsPerPage: number;
}

export interface StaffTicketQuery extends TicketListQuery {
  priority?: TicketPriority;
  assignee?: string;
  breached?: 'true' | 'false';
  supportLine?: SupportLine;
  /** newest first, or the 24×7 line first and then the earliest first answer due */
  order?: 'newest' | 'due';
}

/** A page of tickets under filters, newest first; the counts follow every filter but the status, so each status tab shows its own. */
async function ticketPage(
  db: Db,
  filters: SQL[],
  q: TicketListQuery,
  now: Date,
  forStaff: boolean,
  order: 'newest' | 'due' = 'newest',
): Promise<StaffTicketList> {
  const search = q.searchPattern ? `%${q.searchPattern.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const typedId = q.searchPattern ? ticketIdOf(q.searchPattern) : null;
  const searched = search
    ? or(
        typedId ? eq(supportTickets.id, typedId) : undefined,
        ilike(supportTickets.subject, search),
        ilike(supportTickets.awb, search),
        ilike(orders.orderNumber, search),
        forStaff ? ilike(organisations.companyName, search) : undefined,
      )
    : undefined;
  const others = and(...filters, searched);
  const where = and(others, q.status ? eq(supportTickets.status, q.status) : undefined);
  const rows = await joined(db)
    .where(where)
    .orderBy(
      ...(order === 'due'
        ? [
            sql`(${supportTickets.supportLine} = 'ROUND_THE_CLOCK') desc`,
            sql`(${supportTickets.firstResponseAt} is null) desc`,
            asc(supportTickets.firstResponseDue),
          ]
        : []),
      desc(supportTickets.id),
    )
    .limit(q.recordsPerPage)
    .offset(q.pageNumber * q.recordsPerPage);
  const [{ n }] = await db
    .select({ n: count() })
    .from(supportTickets)
    .innerJoin(organisations, eq(organisations.id, supportTickets.orgId))
    .leftJoin(orders, eq(orders.id, supportTickets.orderId))
    .where(where);
  return {
    items: rows.map((r) => toRow(r, now, forStaff)),
    total: Number(n),
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
    counts: await countsBy(db, others),
  };
}

/** The organisation's tickets: by status and a search (ticket number, subject, AWB, order). */
export async function sellerTickets(db: Db, orgId: number, q: TicketListQuery, now: Date): Promise<SellerTicketList> {
  return ticketPage(db, [eq(supportTickets.orgId, orgId)], q, now, false);
}

/** Every seller's tickets for staff: filters by status, priority, assignee and breached SLA, and a search. */
export async function staffTickets(db: Db, q: StaffTicketQuery, staffId: number, now: Date): Promise<StaffTicketList> {
  const breached = sql`(coalesce(${supportTickets.firstResponseAt}, ${now}) > ${supportTickets.firstResponseDue}
    or coalesce(${supportTickets.resolutionTs}, ${now}) > ${supportTickets.resolutionDue})`;
  const filters = [
    q.priority ? eq(supportTickets.priority, q.priority) : undefined,
    q.assignee === 'me'
      ? eq(supportTickets.ticketHandledBy, staffId)
      : q.assignee === 'none'
        ? sql`${supportTickets.ticketHandledBy} is null`
        : q.assignee
          ? eq(supportTickets.ticketHandledBy, Number(q.assignee))
          : undefined,
    q.breached === 'true' ? breached : q.breached === 'false' ? sql`not ${breached}` : undefined,
    q.supportLine ? eq(supportTickets.supportLine, q.supportLine) : undefined,
  ].filter((f): f is SQL => f !== undefined);
  return ticketPage(db, filters, q, now, true, q.order);
}

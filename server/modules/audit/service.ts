import { and, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../http/paging';
import type { Db, Executor } from '../../db/client';
import { accounts, staffAudit } from '../../db/schema';
import type { StaffWrite } from '../../http/staff-write';
import type { Paged } from '../../../src/domain/paging';
import type { AuditRow } from '../../../src/domain/staff-contract';

// The staff audit log: append-only rows of who changed what, before and after, and why.
// The router keeps every staff write (server/http/staff-write.ts); a service that changes a row
// adds the row's before and after with auditChange, in the same transaction as the change.

/** Who acts, as a service needs it for auditChange: the staff member and the request. */
export interface AuditActor {
  staffId: number;
  requestId: string | null;
}

export async function recordStaffWrite(db: Db, w: StaffWrite, at: Date): Promise<void> {
  await db.insert(staffAudit).values({ ...w, after: w.after ?? null, at });
}

/** One row change made by staff: call inside the transaction that makes it. */
export async function auditChange(
  tx: Executor,
  actor: AuditActor,
  change: {
    action: string;
    entityType: string;
    entityId: string | number;
    before: unknown;
    after: unknown;
    reason?: string | null;
  },
  at: Date,
): Promise<void> {
  await tx.insert(staffAudit).values({
    actorAccountId: actor.staffId,
    action: change.action,
    entityType: change.entityType,
    entityId: String(change.entityId),
    before: change.before ?? null,
    after: change.after ?? null,
    reason: change.reason ?? null,
    requestId: actor.requestId,
    at,
  });
}

export interface AuditQuery {
  actor?: string;
  action?: string;
  entityType?: string;
  entityId?: string;
  fromDate?: string;
  toDate?: string;
  /** words anywhere in the staff member's email, the action or the entity's id */
  search?: string;
}

/** The start of a yyyy-mm-dd day in India. */
const istDayStart = (day: string) => new Date(`${day}T00:00:00+05:30`);

function filtersOf(q: AuditQuery): SQL | undefined {
  const f: SQL[] = [];
  if (q.actor)
    f.push(
      /^\d+$/.test(q.actor)
        ? eq(staffAudit.actorAccountId, Number(q.actor))
        : eq(accounts.email, q.actor.toLowerCase()),
    );
  if (q.action) f.push(eq(staffAudit.action, q.action));
  if (q.entityType) f.push(eq(staffAudit.entityType, q.entityType));
  if (q.entityId) f.push(eq(staffAudit.entityId, q.entityId));
  if (q.search) {
    const like = containsPattern(q.search);
    f.push(or(ilike(accounts.email, like), ilike(staffAudit.action, like), ilike(staffAudit.entityId, like))!);
  }
  if (q.fromDate) f.push(gte(staffAudit.at, istDayStart(q.fromDate)));
  // toDate is a whole IST day: everything before the next day starts
  if (q.toDate) f.push(lt(staffAudit.at, new Date(istDayStart(q.toDate).getTime() + 86_400_000)));
  return f.length ? and(...f) : undefined;
}

type Row = { a: typeof staffAudit.$inferSelect; email: string };
const toRow = ({ a, email }: Row): Omit<AuditRow, 'actionLabel'> => ({
  auditId: a.id,
  at: a.at.toISOString(),
  actorAccountId: a.actorAccountId,
  actorEmail: email,
  action: a.action,
  entityType: a.entityType,
  entityId: a.entityId,
  before: a.before,
  after: a.after,
  reason: a.reason,
  requestId: a.requestId,
});

function select(db: Db, q: AuditQuery) {
  return db
    .select({ a: staffAudit, email: accounts.email })
    .from(staffAudit)
    .innerJoin(accounts, eq(accounts.id, staffAudit.actorAccountId))
    .where(filtersOf(q))
    .orderBy(desc(staffAudit.at), desc(staffAudit.id));
}

export async function searchAudit(
  db: Db,
  q: AuditQuery & { pageNumber: number; recordsPerPage: number },
): Promise<Paged<Omit<AuditRow, 'actionLabel'>>> {
  const rows = await select(db, q)
    .limit(q.recordsPerPage + 1)
    .offset(q.pageNumber * q.recordsPerPage);
  const more = rows.length > q.recordsPerPage;
  return {
    items: rows.slice(0, q.recordsPerPage).map(toRow),
    // a log only grows: count what this page shows and whether another follows
    total: q.pageNumber * q.recordsPerPage + Math.min(rows.length, q.recordsPerPage),
    totalCapped: more,
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
  };
}

export const AUDIT_EXPORT_LIMIT = 100_000;

export async function auditForExport(db: Db, q: AuditQuery): Promise<Omit<AuditRow, 'actionLabel'>[]> {
  return (await select(db, q).limit(AUDIT_EXPORT_LIMIT)).map(toRow);
}

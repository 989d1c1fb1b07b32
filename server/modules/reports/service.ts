import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { and, count, desc, eq, inArray, max } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { reportRequests, reportSchedules } from '../../db/schema';
import { ApiError, forbidden, notFound } from '../../http/errors';
import type { SellerCaller } from '../../http/router';
import { PERMISSION_DENIED } from '../../http/router';
import { standingOf } from '../auth/standing';
import { formatDate } from '../../../src/domain/format';
import { mayUse } from '../../../src/domain/permissions';
import {
  nextRunAt,
  REPORT_STATUS_TEXT,
  REPORT_TYPE_INFO,
  REPORT_TYPES,
  type ReportStatus,
  type ReportType,
  type ScheduleFrequency,
} from '../../../src/domain/reports';
import type {
  ReportFilters,
  ReportRequestRow,
  ReportScheduleRow,
  ReportStats,
  ReportTypeRow,
} from '../../../src/domain/reports-contract';
import type { ReportRequestInput, ReportScheduleInput } from '../../../src/domain/schemas/report';
import type { Paged } from '../../../src/domain/paging';
import { REPORT_QUEUE } from './generate';
import { REPORT_SOURCES } from './sources';

// Report requests and schedules of one organisation: another seller's report or schedule is a
// 404, and each report type also needs its area's view permission (an orders report is orders).

export const NO_SUCH_REPORT = 'No such report';
export const NO_SUCH_SCHEDULE = 'No such scheduled report';
export const REPORT_NOT_READY = 'The report is not ready yet';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type RequestRecord = typeof reportRequests.$inferSelect;
type ScheduleRecord = typeof reportSchedules.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const cleanFilters = (f: Partial<ReportFilters>): ReportFilters =>
  Object.fromEntries(Object.entries(f).filter(([, x]) => x !== undefined && x !== '')) as ReportFilters;

export function toRequestRow(r: RequestRecord): ReportRequestRow {
  const type = r.type as ReportType;
  return {
    reportId: r.id,
    type,
    typeLabel: REPORT_TYPE_INFO[type].label,
    format: r.format as ReportRequestRow['format'],
    fromDate: r.fromDate,
    toDate: r.toDate,
    filters: r.filters,
    status: r.status as ReportStatus,
    statusText: REPORT_STATUS_TEXT[r.status as ReportStatus],
    progress: r.progress,
    rowCount: r.rowCount,
    fileName: r.fileName,
    byteSize: r.byteSize,
    error: r.error,
    scheduleId: r.scheduleId,
    createdAt: r.createdAt.toISOString(),
    finishedAt: iso(r.finishedAt),
    expiresAt: iso(r.expiresAt),
  };
}

function toScheduleRow(s: ScheduleRecord): ReportScheduleRow {
  const type = s.type as ReportType;
  return {
    scheduleId: s.id,
    type,
    typeLabel: REPORT_TYPE_INFO[type].label,
    format: s.format as ReportScheduleRow['format'],
    frequency: s.frequency as ScheduleFrequency,
    filters: s.filters,
    email: s.email,
    active: s.active,
    nextRunAt: s.active ? iso(s.nextRunAt) : null,
    lastRunAt: iso(s.lastRunAt),
    createdAt: s.createdAt.toISOString(),
  };
}

/** The report types this login may ask for (its role has the type's area). */
async function typesFor(db: Db, caller: SellerCaller): Promise<ReportType[]> {
  const standing = await standingOf(db, caller.accountId);
  if (!standing) return [];
  return REPORT_TYPES.filter((t) => mayUse(standing.role, standing.permissions, REPORT_TYPE_INFO[t].needs));
}

async function assertMayReport(db: Db, caller: SellerCaller, type: ReportType) {
  if (!(await typesFor(db, caller)).includes(type)) throw forbidden(PERMISSION_DENIED);
}

export async function reportTypes(db: Db, caller: SellerCaller): Promise<ReportTypeRow[]> {
  return (await typesFor(db, caller)).map((t) => {
    const { type, label, description, mirrors, filters } = REPORT_TYPE_INFO[t];
    return { type, label, description, mirrors, filters: [...filters] };
  });
}

export async function requestReport(deps: AppDeps, caller: SellerCaller, input: ReportRequestInput) {
  await assertMayReport(deps.db, caller, input.reportType);
  const { reportType: type, format, fromDate, toDate, ...filters } = input;
  const [row] = await deps.db
    .insert(reportRequests)
    .values({
      orgId: caller.orgId,
      requestedBy: caller.accountId,
      type,
      format,
      fromDate,
      toDate,
      filters: cleanFilters(filters),
      createdAt: deps.now(),
    })
    .returning();
  await deps.jobs.send(REPORT_QUEUE, { requestId: row.id }, { retryLimit: 0 });
  return toRequestRow(row);
}

export async function listRequests(
  db: Db,
  orgId: number,
  q: { pageNumber: number; recordsPerPage: number },
): Promise<Paged<ReportRequestRow>> {
  const where = eq(reportRequests.orgId, orgId);
  const [{ n }] = await db.select({ n: count() }).from(reportRequests).where(where);
  const rows = await db
    .select()
    .from(reportRequests)
    .where(where)
    .orderBy(desc(reportRequests.id))
    .limit(q.recordsPerPage)
    .offset(q.pageNumber * q.recordsPerPage);
  return {
    items: rows.map(toRequestRow),
    total: Number(n),
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
  };
}

async function ownRequest(db: Db, orgId: number, id: number): Promise<RequestRecord> {
  const [row] = await db
    .select()
    .from(reportRequests)
    .where(and(eq(reportRequests.id, id), eq(reportRequests.orgId, orgId)));
  if (!row) throw notFound(NO_SUCH_REPORT);
  return row;
}

export const getRequest = async (db: Db, orgId: number, id: number) => toRequestRow(await ownRequest(db, orgId, id));

/** The file of a ready report, streamed from disk. */
export async function downloadReport(deps: AppDeps, caller: SellerCaller, id: number): Promise<Response> {
  const row = await ownRequest(deps.db, caller.orgId, id);
  await assertMayReport(deps.db, caller, row.type as ReportType);
  if (row.status === 'EXPIRED' && row.expiresAt)
    throw new ApiError(410, `This report expired on ${formatDate(row.expiresAt)}. Ask for it again.`);
  if (row.status !== 'READY' || !row.filePath) throw new ApiError(409, REPORT_NOT_READY);
  const path = join(deps.config.reportsDir, row.filePath);
  await access(path).catch(() => {
    throw new ApiError(410, 'This report’s file is no longer kept. Ask for it again.');
  });
  const body = Readable.toWeb(createReadStream(path)) as ReadableStream;
  return new Response(body, {
    headers: {
      'content-type': row.format === 'XLSX' ? XLSX_TYPE : 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${(row.fileName ?? 'report').replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'content-length': String(row.byteSize ?? ''),
      'cache-control': 'no-store',
    },
  });
}

/** Per report type the caller may ask for: its rows over the period, and when it was last made. */
export async function reportStats(
  deps: AppDeps,
  caller: SellerCaller,
  period: { fromDate: string; toDate: string },
): Promise<ReportStats> {
  const types = await typesFor(deps.db, caller);
  const last = types.length
    ? await deps.db
        .select({ type: reportRequests.type, at: max(reportRequests.finishedAt) })
        .from(reportRequests)
        .where(
          and(
            eq(reportRequests.orgId, caller.orgId),
            inArray(reportRequests.status, ['READY', 'EXPIRED']),
            inArray(reportRequests.type, types),
          ),
        )
        .groupBy(reportRequests.type)
    : [];
  const lastAt = new Map(last.map((l) => [l.type, l.at]));
  const scope = { orgId: caller.orgId, accountId: caller.accountId };
  const rows: ReportStats['types'] = [];
  // one after another: on the embedded database every query shares one connection anyway
  for (const type of types) {
    const n = await REPORT_SOURCES[type].count(deps, scope, { ...period, filters: {} });
    rows.push({ type, rows: n, lastGeneratedAt: iso(lastAt.get(type) ?? null) });
  }
  return { ...period, types: rows };
}

// ---- schedules

export async function listSchedules(db: Db, orgId: number): Promise<ReportScheduleRow[]> {
  const rows = await db
    .select()
    .from(reportSchedules)
    .where(eq(reportSchedules.orgId, orgId))
    .orderBy(desc(reportSchedules.id));
  return rows.map(toScheduleRow);
}

function scheduleValues(deps: AppDeps, input: ReportScheduleInput) {
  const { reportType: type, format, frequency, email, active, ...filters } = input;
  return {
    type,
    format,
    frequency,
    email,
    active,
    filters: cleanFilters(filters),
    nextRunAt: active ? nextRunAt(frequency, deps.now()) : null,
  };
}

export async function createSchedule(deps: AppDeps, caller: SellerCaller, input: ReportScheduleInput) {
  await assertMayReport(deps.db, caller, input.reportType);
  const [row] = await deps.db
    .insert(reportSchedules)
    .values({ orgId: caller.orgId, createdBy: caller.accountId, createdAt: deps.now(), ...scheduleValues(deps, input) })
    .returning();
  return toScheduleRow(row);
}

export async function updateSchedule(deps: AppDeps, caller: SellerCaller, id: number, input: ReportScheduleInput) {
  await assertMayReport(deps.db, caller, input.reportType);
  const [row] = await deps.db
    .update(reportSchedules)
    .set(scheduleValues(deps, input))
    .where(and(eq(reportSchedules.id, id), eq(reportSchedules.orgId, caller.orgId)))
    .returning();
  if (!row) throw notFound(NO_SUCH_SCHEDULE);
  return toScheduleRow(row);
}

export async function deleteSchedule(db: Db, orgId: number, id: number) {
  const gone = await db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.id, id), eq(reportSchedules.orgId, orgId)))
    .returning({ id: reportSchedules.id });
  if (!gone.length) throw notFound(NO_SUCH_SCHEDULE);
  return { deleted: true };
}

export async function ownSchedule(db: Db, orgId: number, id: number): Promise<ScheduleRecord> {
  const [row] = await db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.id, id), eq(reportSchedules.orgId, orgId)));
  if (!row) throw notFound(NO_SUCH_SCHEDULE);
  return row;
}

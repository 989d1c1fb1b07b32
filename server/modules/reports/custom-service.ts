import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { accounts, customReports } from '../../db/schema';
import { ApiError, badRequest, forbidden, notFound } from '../../http/errors';
import { PERMISSION_DENIED, type SellerCaller } from '../../http/router';
import { standingOf } from '../auth/standing';
import { assertPlanAllows } from '../plans/plan-gate';
import { istDay } from '../../../src/domain/format';
import { mayUse } from '../../../src/domain/permissions';
import {
  CUSTOM_REPORT_LIMITS as L,
  DATASET_KEYS,
  DATASETS,
  nextCustomRunAt,
  resolvePeriod,
  scheduleText,
  type DatasetKey,
  type ReportDefinition,
  type ReportScheduleSpec,
} from '../../../src/domain/custom-reports';
import type {
  DatasetRow,
  RecipientRow,
  ReportPreview,
  SavedReportRow,
} from '../../../src/domain/custom-reports-contract';
import type { CustomReportQuery, SavedReportInput } from '../../../src/domain/schemas/custom-report';
import { openRowWriter } from './file-writer';
import { runReport, type CustomRun } from './custom-query';

// The custom report builder (Premium): the plan is checked first (a 403 naming the plan that
// opens it), then the data set's own area permission, as the reports do. Saved reports belong to
// the account: another seller's is a 404. A schedule sends only to the team's own addresses.

export const NO_SUCH_SAVED_REPORT = 'No such saved report';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Row = typeof customReports.$inferSelect;

const definitionOf = (x: CustomReportQuery): ReportDefinition => ({
  dataset: x.dataset,
  period: x.period,
  columns: x.columns,
  filters: x.filters,
  groupBy: x.groupBy ?? null,
  aggregates: x.aggregates,
  sort: x.sort ?? null,
});

async function mayUseDatasets(db: Db, caller: SellerCaller): Promise<DatasetKey[]> {
  const standing = await standingOf(db, caller.accountId);
  if (!standing) return [];
  return DATASET_KEYS.filter((k) => mayUse(standing.role, standing.permissions, DATASETS[k].needs));
}

/** The plan, then the data set's area: a role without the wallet gets no wallet ledger. */
async function assertMayBuild(db: Db, caller: SellerCaller, dataset?: DatasetKey) {
  await assertPlanAllows(db, caller.orgId, 'customReporting');
  if (dataset && !(await mayUseDatasets(db, caller)).includes(dataset)) throw forbidden(PERMISSION_DENIED);
}

export async function datasets(db: Db, caller: SellerCaller): Promise<DatasetRow[]> {
  await assertMayBuild(db, caller);
  return (await mayUseDatasets(db, caller)).map((k) => {
    const { key, label, description, dateField, fields, starter } = DATASETS[k];
    const rows = fields.map((x) => ({ ...x, options: x.options ? [...x.options] : undefined }));
    return { key, label, description, dateField, fields: rows, starter: [...starter] };
  });
}

const periodOf = (deps: AppDeps, d: ReportDefinition) => resolvePeriod(d.period, istDay(deps.now()));

/** A cell as JSON: a day as yyyy-mm-dd (its IST day), a moment as ISO, numbers and text as they are. */
function jsonCell(kind: string, x: CustomRun['rows'][number][number]) {
  if (!(x instanceof Date)) return x;
  return kind === 'date' ? istDay(x) : x.toISOString();
}

export async function preview(deps: AppDeps, caller: SellerCaller, input: CustomReportQuery): Promise<ReportPreview> {
  const d = definitionOf(input);
  await assertMayBuild(deps.db, caller, d.dataset);
  const period = periodOf(deps, d);
  const run = await runReport(deps.db, caller.orgId, d, period, L.maxRows, L.previewRows);
  return {
    columns: run.columns,
    rows: run.rows.map((r) => r.map((x, i) => jsonCell(run.columns[i].kind, x))),
    rowCount: run.rowCount,
    capped: run.capped,
    ...period,
  };
}

export interface ReportFile {
  bytes: Buffer;
  fileName: string;
  contentType: string;
  rowCount: number;
  capped: boolean;
  period: { fromDate: string; toDate: string };
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'report';

/** The report as a file (the reports' own writer: numbers as numbers with their formats, ₹ in lakh grouping). */
export async function reportFile(
  deps: AppDeps,
  orgId: number,
  d: ReportDefinition,
  format: 'XLSX' | 'CSV',
  name: string,
): Promise<ReportFile> {
  const period = periodOf(deps, d);
  const run = await runReport(deps.db, orgId, d, period, L.maxRows);
  const dir = join(deps.config.reportsDir, 'custom');
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${orgId}-${randomBytes(9).toString('base64url')}.${format.toLowerCase()}`);
  const writer = await openRowWriter(format, path, run.columns, name);
  try {
    await writer.write(run.rows);
    await writer.close();
    const bytes = await readFile(path);
    return {
      bytes,
      fileName: `${slug(name)}-${period.fromDate}-to-${period.toDate}.${format.toLowerCase()}`,
      contentType: format === 'XLSX' ? XLSX_TYPE : 'text/csv; charset=utf-8',
      rowCount: run.rowCount,
      capped: run.capped,
      period,
    };
  } finally {
    await rm(path, { force: true });
  }
}

export async function download(
  deps: AppDeps,
  caller: SellerCaller,
  input: CustomReportQuery & { format: 'XLSX' | 'CSV' },
): Promise<Response> {
  const d = definitionOf(input);
  await assertMayBuild(deps.db, caller, d.dataset);
  const file = await reportFile(deps, caller.orgId, d, input.format, DATASETS[d.dataset].label);
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'content-length': String(file.bytes.byteLength),
      'cache-control': 'no-store',
      // the file holds the first maxRows rows when the report has more
      'x-report-rows': String(file.rowCount),
      'x-report-capped': String(file.capped),
    },
  });
}

// ---- saved reports

function toRow(r: Row): SavedReportRow {
  const s = r.schedule;
  return {
    reportId: r.id,
    name: r.name,
    definition: r.definition,
    schedule: s,
    scheduleText: s ? scheduleText(s) : null,
    nextRunAt: r.nextRunAt ? r.nextRunAt.toISOString() : null,
    lastRunAt: r.lastRunAt ? r.lastRunAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Team members a schedule may send to: the account's logins that are not turned off. */
async function teamAddresses(db: Db, orgId: number): Promise<RecipientRow[]> {
  const rows = await db
    .select({ email: accounts.email, first: accounts.firstName, last: accounts.lastName })
    .from(accounts)
    .where(and(eq(accounts.orgId, orgId), isNull(accounts.deactivatedAt), isNull(accounts.staffDeactivatedAt)))
    .orderBy(asc(accounts.id));
  return rows.map((r) => ({ email: r.email.toLowerCase(), name: `${r.first} ${r.last}`.trim() }));
}

export async function recipients(db: Db, caller: SellerCaller): Promise<RecipientRow[]> {
  await assertMayBuild(db, caller);
  return teamAddresses(db, caller.orgId);
}

async function checkedSchedule(db: Db, orgId: number, s: ReportScheduleSpec | null) {
  if (!s) return null;
  const team = new Set((await teamAddresses(db, orgId)).map((r) => r.email));
  const outsider = s.recipients.find((e) => !team.has(e.toLowerCase()));
  if (outsider) throw badRequest(`Send to: ${outsider} is not a member of your team`);
  return s;
}

async function own(db: Db, orgId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(customReports)
    .where(and(eq(customReports.id, id), eq(customReports.orgId, orgId)));
  if (!row) throw notFound(NO_SUCH_SAVED_REPORT);
  return row;
}

const nameTaken = (name: string) =>
  new ApiError(409, `You already have a saved report named “${name}”. Choose another name.`);
const isUniqueViolation = (e: unknown) =>
  (e as { code?: string })?.code === '23505' || (e as { cause?: { code?: string } })?.cause?.code === '23505';

export async function listSaved(db: Db, caller: SellerCaller): Promise<SavedReportRow[]> {
  await assertMayBuild(db, caller);
  const rows = await db
    .select()
    .from(customReports)
    .where(eq(customReports.orgId, caller.orgId))
    .orderBy(sql`lower(${customReports.name})`, customReports.id);
  return rows.map(toRow);
}

export async function getSaved(db: Db, caller: SellerCaller, id: number): Promise<SavedReportRow> {
  await assertMayBuild(db, caller);
  return toRow(await own(db, caller.orgId, id));
}

function values(deps: AppDeps, input: SavedReportInput, schedule: ReportScheduleSpec | null) {
  return {
    name: input.name,
    definition: definitionOf(input),
    schedule,
    nextRunAt: schedule?.active ? nextCustomRunAt(schedule, deps.now()) : null,
    updatedAt: deps.now(),
  };
}

export async function createSaved(deps: AppDeps, caller: SellerCaller, input: SavedReportInput) {
  await assertMayBuild(deps.db, caller, input.dataset);
  const [{ n }] = await deps.db.select({ n: count() }).from(customReports).where(eq(customReports.orgId, caller.orgId));
  if (Number(n) >= L.maxSaved)
    throw new ApiError(409, `You can keep at most ${L.maxSaved} saved reports. Delete one first.`);
  const schedule = await checkedSchedule(deps.db, caller.orgId, input.schedule ?? null);
  try {
    const [row] = await deps.db
      .insert(customReports)
      .values({
        orgId: caller.orgId,
        createdBy: caller.accountId,
        createdAt: deps.now(),
        ...values(deps, input, schedule),
      })
      .returning();
    return toRow(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken(input.name);
    throw e;
  }
}

export async function updateSaved(deps: AppDeps, caller: SellerCaller, id: number, input: SavedReportInput) {
  await assertMayBuild(deps.db, caller, input.dataset);
  await own(deps.db, caller.orgId, id);
  const schedule = await checkedSchedule(deps.db, caller.orgId, input.schedule ?? null);
  try {
    const [row] = await deps.db
      .update(customReports)
      .set(values(deps, input, schedule))
      .where(and(eq(customReports.id, id), eq(customReports.orgId, caller.orgId)))
      .returning();
    if (!row) throw notFound(NO_SUCH_SAVED_REPORT);
    return toRow(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken(input.name);
    throw e;
  }
}

export async function deleteSaved(db: Db, caller: SellerCaller, id: number) {
  await assertMayBuild(db, caller);
  const gone = await db
    .delete(customReports)
    .where(and(eq(customReports.id, id), eq(customReports.orgId, caller.orgId)))
    .returning({ id: customReports.id });
  if (!gone.length) throw notFound(NO_SUCH_SAVED_REPORT);
  return { deleted: true };
}

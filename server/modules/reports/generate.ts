import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, lt, or } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { reportRequests, reportSchedules } from '../../db/schema';
import { letter } from '../../messaging/letter';
import { formatDate, formatDay } from '../../../src/domain/format';
import {
  REPORT_RULES,
  REPORT_TYPE_INFO,
  reportFileName,
  type ReportFormat,
  type ReportType,
} from '../../../src/domain/reports';
import { openRowWriter } from './file-writer';
import { JOB_LEASE_SECONDS } from '../../jobs/queue';
import { REPORT_SOURCES } from './sources';

// The job that makes one report: QUEUED → GENERATING (progress in percent as batches are
// written) → READY (kept 30 days) or FAILED. Rows go from the database to the file a batch at a
// time, so memory stays flat however large the report. A scheduled report's link is emailed.

export const REPORT_QUEUE = 'report-generate';

const DAY_MS = 86_400_000;

/** The seller's page where the report is listed with its Download button (the file needs a login). */
export const reportLink = (deps: AppDeps, requestId: number) => `${deps.config.publicUrl}/reports?report=${requestId}`;

/** Batches with the next one already being read, so the database works while a batch is written. */
async function* readAhead<T>(batches: AsyncIterable<T>): AsyncIterable<T> {
  const it = batches[Symbol.asyncIterator]();
  let next = it.next();
  try {
    for (;;) {
      const current = await next;
      if (current.done) return;
      next = it.next();
      yield current.value;
    }
  } finally {
    // a failed write stops reading; the batch in flight is awaited so no query outlives the job
    await next.catch(() => undefined);
    await it.return?.();
  }
}

export async function generateReport(deps: AppDeps, requestId: number): Promise<void> {
  const { db } = deps;
  // claim it: a repeat of the job (a second worker) finds it taken or done; one claimed longer
  // than a job's lease ago was left by a worker that died mid-file, and its retry makes it again
  const lease = (deps.config.jobLeaseSeconds ?? JOB_LEASE_SECONDS) * 1000;
  const [req] = await db
    .update(reportRequests)
    .set({ status: 'GENERATING', startedAt: deps.now(), progress: 0, rowCount: 0 })
    .where(
      and(
        eq(reportRequests.id, requestId),
        or(
          eq(reportRequests.status, 'QUEUED'),
          and(
            eq(reportRequests.status, 'GENERATING'),
            lt(reportRequests.startedAt, new Date(deps.now().getTime() - lease)),
          ),
        ),
      ),
    )
    .returning();
  if (!req) return;
  const type = req.type as ReportType;
  const format = req.format as ReportFormat;
  const source = REPORT_SOURCES[type];
  const dir = join(deps.config.reportsDir, String(req.orgId));
  await mkdir(dir, { recursive: true });
  const relative = `${req.orgId}/${req.id}-${randomBytes(9).toString('base64url')}.${format.toLowerCase()}`;
  const writer = await openRowWriter(
    format,
    join(deps.config.reportsDir, relative),
    source.columns,
    REPORT_TYPE_INFO[type].label,
  );
  const scope = { orgId: req.orgId, accountId: req.requestedBy };
  // the rows come from a replica that has replayed every commit before this moment, when there is one
  const reading = { ...deps, db: await deps.readDb() };
  const query = { fromDate: req.fromDate, toDate: req.toDate, filters: req.filters };
  try {
    const total = await source.count(reading, scope, query);
    let rows = 0;
    let batches = 0;
    for await (const batch of readAhead(source.batches(reading, scope, query))) {
      await writer.write(batch);
      rows += batch.length;
      batches++;
      // unknown totals creep towards 95%; known ones say how far the rows are
      const progress = total ? Math.min(99, Math.floor((100 * rows) / total)) : Math.min(95, batches * 10);
      await db.update(reportRequests).set({ progress, rowCount: rows }).where(eq(reportRequests.id, req.id));
    }
    const byteSize = await writer.close();
    const finishedAt = deps.now();
    await db
      .update(reportRequests)
      .set({
        status: 'READY',
        progress: 100,
        rowCount: rows,
        filePath: relative,
        fileName: reportFileName(type, format, req.fromDate, req.toDate),
        byteSize,
        finishedAt,
        expiresAt: new Date(finishedAt.getTime() + REPORT_RULES.keepDays * DAY_MS),
      })
      .where(eq(reportRequests.id, req.id));
    if (req.scheduleId) await emailScheduled(deps, req.scheduleId, req.id, rows, finishedAt);
  } catch (e) {
    await writer.abort();
    console.error('[reports]', req.id, e);
    await db
      .update(reportRequests)
      .set({ status: 'FAILED', error: 'The report could not be made. Please try again.', finishedAt: deps.now() })
      .where(eq(reportRequests.id, req.id));
  }
}

async function emailScheduled(deps: AppDeps, scheduleId: number, requestId: number, rows: number, at: Date) {
  const [schedule] = await deps.db.select().from(reportSchedules).where(eq(reportSchedules.id, scheduleId));
  if (!schedule) return;
  const [req] = await deps.db.select().from(reportRequests).where(eq(reportRequests.id, requestId));
  const label = REPORT_TYPE_INFO[schedule.type as ReportType].label;
  const period =
    req.fromDate === req.toDate ? formatDay(req.fromDate) : `${formatDay(req.fromDate)} to ${formatDay(req.toDate)}`;
  const until = formatDate(new Date(at.getTime() + REPORT_RULES.keepDays * DAY_MS));
  await deps.messenger.send(
    letter(schedule.email, `Your ${label} report for ${period} is ready`, undefined, [
      `Your scheduled ${label} report for ${period} is ready, with ${rows.toLocaleString('en-IN')} rows.`,
      `Download it from your reports page (log in first): ${reportLink(deps, requestId)}`,
      `The file can be downloaded until ${until}.`,
    ]),
  );
}

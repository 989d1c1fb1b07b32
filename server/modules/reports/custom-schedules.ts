import { and, eq, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { customReports } from '../../db/schema';
import { letter } from '../../messaging/letter';
import { storeGeneratedFile } from '../files/service';
import { EMAILED_FILE_LINK_SECONDS, signedFileLink } from '../files/links';
import { planAllows } from '../plans/plan-gate';
import { formatDate, formatDay } from '../../../src/domain/format';
import { CUSTOM_REPORT_LIMITS as L, nextCustomRunAt } from '../../../src/domain/custom-reports';
import { reportFile } from './custom-service';

// Scheduled custom reports: an hourly pg-boss cron tick (IST, on the hour) finds the saved reports
// whose schedule is due, moves each one's next run on first with a conditional update (so two
// processes send it once), and queues one job per report. The job makes the file, keeps it as a
// private stored file and emails its signed link (a week) to the chosen team members. A report
// whose account has left Premium is not sent; its schedule waits, as the seller set it.

export const CUSTOM_REPORT_TICK_QUEUE = 'custom-reports-due';
export const CUSTOM_REPORT_TICK_CRON = '0 * * * *';
export const CUSTOM_REPORT_SEND_QUEUE = 'custom-report-send';

const DAY_MS = 86_400_000;
const dayText = (day: string) => formatDay(day);

/** Queues every due scheduled report; the number queued. */
export async function queueDueCustomReports(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const due = await deps.db
    .select({ id: customReports.id, schedule: customReports.schedule, nextRunAt: customReports.nextRunAt })
    .from(customReports)
    .where(lte(customReports.nextRunAt, now))
    .orderBy(customReports.id)
    .limit(1000);
  let queued = 0;
  for (const r of due) {
    if (!r.schedule || !r.nextRunAt) continue;
    const taken = await deps.db
      .update(customReports)
      .set({ nextRunAt: nextCustomRunAt(r.schedule, now) })
      .where(and(eq(customReports.id, r.id), eq(customReports.nextRunAt, r.nextRunAt)))
      .returning({ id: customReports.id });
    if (!taken.length) continue;
    await deps.jobs.send(CUSTOM_REPORT_SEND_QUEUE, { reportId: r.id }, { retryLimit: 1 });
    queued++;
  }
  return queued;
}

/** Makes one saved report's file and emails its link to the schedule's recipients. */
export async function sendCustomReport(deps: AppDeps, reportId: number): Promise<'sent' | 'skipped'> {
  const [r] = await deps.db.select().from(customReports).where(eq(customReports.id, reportId));
  if (!r?.schedule) return 'skipped';
  if (!(await planAllows(deps.db, r.orgId, 'customReporting'))) return 'skipped';
  const s = r.schedule;
  const file = await reportFile(deps, r.orgId, r.definition, s.format, r.name);
  const now = deps.now();
  const fileId = await storeGeneratedFile(deps.db, {
    orgId: r.orgId,
    name: file.fileName,
    bytes: file.bytes,
    now,
    contentType: file.contentType,
  });
  const link = `${deps.config.publicUrl}${signedFileLink(deps.ratingKey, fileId, now, EMAILED_FILE_LINK_SECONDS)}`;
  const { fromDate, toDate } = file.period;
  const period = fromDate === toDate ? dayText(fromDate) : `${dayText(fromDate)} to ${dayText(toDate)}`;
  const until = formatDate(new Date(now.getTime() + EMAILED_FILE_LINK_SECONDS * 1000 - DAY_MS / 2));
  const rows = file.rowCount.toLocaleString('en-IN');
  const paragraphs = [
    `Your report “${r.name}” for ${period} is ready, with ${rows} rows.`,
    `Download it (${s.format === 'XLSX' ? 'Excel' : 'CSV'}): ${link}`,
    `The link works until ${until}. Anyone with the link can open the file, so please do not forward this email.`,
    ...(file.capped
      ? [`The report has more rows than one file holds; the file has the first ${L.maxRows.toLocaleString('en-IN')}.`]
      : []),
  ];
  for (const to of s.recipients)
    await deps.messenger.send(letter(to, `Your report “${r.name}” for ${period}`, undefined, paragraphs));
  await deps.db.update(customReports).set({ lastRunAt: now }).where(eq(customReports.id, r.id));
  return 'sent';
}

/** One saved report's schedule now, through its job (the development control). */
export async function queueCustomReportNow(deps: AppDeps, reportId: number): Promise<boolean> {
  const [r] = await deps.db
    .select({ id: customReports.id })
    .from(customReports)
    .where(and(eq(customReports.id, reportId), sql`${customReports.schedule} is not null`));
  if (!r) return false;
  await deps.jobs.send(CUSTOM_REPORT_SEND_QUEUE, { reportId }, { retryLimit: 0 });
  return true;
}

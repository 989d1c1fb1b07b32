import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { reportRequests, reportSchedules } from '../../db/schema';
import { istDay } from '../../../src/domain/format';
import {
  nextRunAt,
  REPORT_RULES,
  SCHEDULE_FREQUENCIES,
  schedulePeriod,
  type ScheduleFrequency,
} from '../../../src/domain/reports';
import { REPORT_QUEUE } from './generate';

// Scheduled reports run on pg-boss cron schedules (IST), one a frequency: at 07:00 every day, on
// Mondays and on the 1st, the tick's job makes the report of every schedule of that frequency
// that is due (once, however many processes keep schedules: a schedule's next run moves first,
// conditionally). A process that starts catches up on what fell due while nothing ran. Files past
// their 30 days are deleted and their requests marked EXPIRED, hourly.

/** one schedule run now (the development control; end-to-end tests) */
export const REPORT_RUN_QUEUE = 'report-schedule-run';
export const REPORT_EXPIRY_QUEUE = 'report-expiry';
export const REPORT_EXPIRY_CRON = '15 * * * *';

/** The queue that a frequency's cron schedule sends its tick to. */
export const scheduleQueue = (frequency: ScheduleFrequency) => `report-schedules-${frequency.toLowerCase()}`;

/** The cron line (in IST) of a frequency: the hour nextRunAt names, daily, on Mondays, on the 1st. */
export function scheduleCron(frequency: ScheduleFrequency): string {
  const at = `0 ${REPORT_RULES.scheduleHourIst}`;
  return frequency === 'DAILY' ? `${at} * * *` : frequency === 'WEEKLY' ? `${at} * * 1` : `${at} 1 * *`;
}

export const REPORT_SCHEDULE_QUEUES = SCHEDULE_FREQUENCIES.map((frequency) => ({
  frequency,
  queue: scheduleQueue(frequency),
  cron: scheduleCron(frequency),
}));

type Schedule = typeof reportSchedules.$inferSelect;

/** Moves the schedule's next run on and queues its report; false when another sweep took it first. */
async function runSchedule(deps: AppDeps, schedule: Schedule, force: boolean): Promise<boolean> {
  const now = deps.now();
  const taken = await deps.db
    .update(reportSchedules)
    .set({ lastRunAt: now, nextRunAt: nextRunAt(schedule.frequency as ScheduleFrequency, now) })
    .where(
      and(
        eq(reportSchedules.id, schedule.id),
        force || !schedule.nextRunAt ? sql`true` : eq(reportSchedules.nextRunAt, schedule.nextRunAt),
      ),
    )
    .returning({ id: reportSchedules.id });
  if (!taken.length) return false;
  const period = schedulePeriod(schedule.frequency as ScheduleFrequency, istDay(now));
  const [request] = await deps.db
    .insert(reportRequests)
    .values({
      orgId: schedule.orgId,
      requestedBy: schedule.createdBy,
      scheduleId: schedule.id,
      type: schedule.type,
      format: schedule.format,
      filters: schedule.filters,
      ...period,
      createdAt: now,
    })
    .returning({ id: reportRequests.id });
  await deps.jobs.send(REPORT_QUEUE, { requestId: request.id }, { retryLimit: 0 });
  return true;
}

/** One schedule's report now, whatever its next run says. */
export async function runScheduleNow(deps: AppDeps, scheduleId: number): Promise<void> {
  const [schedule] = await deps.db.select().from(reportSchedules).where(eq(reportSchedules.id, scheduleId));
  if (schedule) await runSchedule(deps, schedule, true);
}

/** Every active schedule of a frequency (every frequency when none is named) that is due now. */
export async function runDueSchedules(deps: AppDeps, frequency?: ScheduleFrequency): Promise<number> {
  const now = deps.now();
  let ran = 0;
  for (let afterId = 0; ;) {
    const due = await deps.db
      .select()
      .from(reportSchedules)
      .where(
        and(
          eq(reportSchedules.active, true),
          lte(reportSchedules.nextRunAt, now),
          frequency ? eq(reportSchedules.frequency, frequency) : undefined,
          sql`${reportSchedules.id} > ${afterId}`,
        ),
      )
      .orderBy(reportSchedules.id)
      .limit(500);
    if (!due.length) return ran;
    for (const schedule of due) if (await runSchedule(deps, schedule, false)) ran++;
    afterId = due[due.length - 1].id;
  }
}

/** Files past their keeping time are deleted; their requests say EXPIRED. */
export async function expireReports(deps: AppDeps): Promise<number> {
  const old = await deps.db
    .select({ id: reportRequests.id, filePath: reportRequests.filePath })
    .from(reportRequests)
    .where(and(eq(reportRequests.status, 'READY'), lte(reportRequests.expiresAt, deps.now())))
    .limit(1000);
  if (!old.length) return 0;
  await deps.db
    .update(reportRequests)
    .set({ status: 'EXPIRED', filePath: null })
    .where(
      and(
        inArray(
          reportRequests.id,
          old.map((r) => r.id),
        ),
        eq(reportRequests.status, 'READY'),
      ),
    );
  for (const { filePath } of old) if (filePath) await rm(join(deps.config.reportsDir, filePath), { force: true });
  return old.length;
}

import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { reportRequests, reportSchedules } from '../../db/schema';
import { istDay } from '../../../src/domain/format';
import { nextRunAt, schedulePeriod, type ScheduleFrequency } from '../../../src/domain/reports';
import { REPORT_QUEUE } from './generate';

// The reports' beat (one sweep job on the jobs' schedule): every schedule that is due makes its
// report (once, however many replicas sweep: the schedule's next run moves first, conditionally),
// and files past their 30 days are deleted and their requests marked EXPIRED.

export const REPORT_SWEEP_QUEUE = 'report-sweep';
/** one schedule run now (the development control; end-to-end tests) */
export const REPORT_RUN_QUEUE = 'report-schedule-run';

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

export async function runReportSweep(deps: AppDeps): Promise<{ ran: number; expired: number }> {
  const now = deps.now();
  const due = await deps.db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.active, true), lte(reportSchedules.nextRunAt, now)))
    .limit(500);
  let ran = 0;
  for (const schedule of due) if (await runSchedule(deps, schedule, false)) ran++;
  return { ran, expired: await expireReports(deps) };
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

import type { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { clientIp, isLoopback } from '../../http/client-ip';
import { forbidden, notFound } from '../../http/errors';
import { devRunSchedulePath } from '../../../src/domain/reports-contract';
import { reportSchedules } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { REPORT_RUN_QUEUE } from './schedules';
import { devRunCustomReportPath } from '../../../src/domain/custom-reports-contract';
import { queueCustomReportNow } from './custom-schedules';

// Development only (mounted with the mailbox, loopback clients only): run one scheduled report
// now, through the same job queue as its daily run, so an end-to-end test sees the real email
// arrive in the development mailbox without waiting for 07:00. The same for a saved custom report.

export function registerReportDevControls(app: Hono, deps: AppDeps) {
  const path = devRunSchedulePath(':scheduleId');
  app.use(path, async (c, next) => {
    if (!isLoopback(clientIp(c, deps.config))) throw forbidden('The report controls answer loopback clients only');
    await next();
  });
  app.post(path, async (c) => {
    const scheduleId = Number(c.req.param('scheduleId'));
    const [schedule] = Number.isInteger(scheduleId)
      ? await deps.db.select().from(reportSchedules).where(eq(reportSchedules.id, scheduleId))
      : [];
    if (!schedule) throw notFound('No such scheduled report');
    await deps.jobs.send(REPORT_RUN_QUEUE, { scheduleId }, { retryLimit: 0 });
    return c.json({ data: { queued: true } });
  });
  // a saved custom report's schedule, sent now through its job
  const custom = devRunCustomReportPath(':reportId');
  app.use(custom, async (c, next) => {
    if (!isLoopback(clientIp(c, deps.config))) throw forbidden('The report controls answer loopback clients only');
    await next();
  });
  app.post(custom, async (c) => {
    const reportId = Number(c.req.param('reportId'));
    if (!Number.isInteger(reportId) || !(await queueCustomReportNow(deps, reportId)))
      throw notFound('No such scheduled report');
    return c.json({ data: { queued: true } });
  });
}

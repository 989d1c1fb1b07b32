import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { listQuerySchema, pagingEntries } from '../../../src/domain/paging';
import { isoDayField } from '../../../src/domain/schemas/fields';
import { ReportRequestBody, ReportScheduleBody } from '../../../src/domain/schemas/report';
import {
  API_REPORTS,
  DeletedSchema,
  ReportRequestListSchema,
  ReportRequestRowSchema,
  ReportScheduleRowSchema,
  ReportStatsSchema,
  ReportTypeRowSchema,
} from '../../../src/domain/reports-contract';
import * as reports from './service';
import { registerCustomReportRoutes } from './custom-routes';

const TAG = 'reports';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const byId = v.object({ reportId: numericId('reportId') });
const bySchedule = v.object({ scheduleId: numericId('scheduleId') });

export function registerReportRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_REPORTS.types,
    tag: TAG,
    access: SELLERS,
    permission: 'reports.view',
    summary: 'The report types this login may ask for, with the filters each takes and the list it mirrors',
    response: v.array(ReportTypeRowSchema),
    handler: ({ caller }) => reports.reportTypes(deps.db, caller),
  });
  router.add({
    method: 'get',
    path: API_REPORTS.stats,
    tag: TAG,
    access: SELLERS,
    permission: 'reports.view',
    query: listQuerySchema({ fromDate: isoDayField('fromDate'), toDate: isoDayField('toDate') }, [
      ['fromDate', 'toDate'],
    ]),
    summary: 'Per report type: the rows it would have over the period (IST days) and when it was last made',
    response: ReportStatsSchema,
    handler: ({ caller, query }) => reports.reportStats(deps, caller, query),
  });
  router.add({
    method: 'get',
    path: API_REPORTS.scheduled,
    tag: TAG,
    access: SELLERS,
    permission: 'reports.view',
    summary: 'Scheduled reports, newest first',
    response: v.array(ReportScheduleRowSchema),
    handler: ({ caller }) => reports.listSchedules(deps.db, caller.orgId),
  });
  router.add({
    method: 'post',
    path: API_REPORTS.scheduled,
    tag: TAG,
    access: SELLERS,
    permission: 'reports.schedule',
    body: ReportScheduleBody,
    summary: 'Schedule a report daily, weekly or monthly (IST, 07:00); each run emails its download link',
    response: ReportScheduleRowSchema,
    handler: ({ caller, body }) => reports.createSchedule(deps, caller, body),
  });
  router.add({
    method: 'put',
    path: API_REPORTS.schedule(':scheduleId'),
    tag: TAG,
    access: SELLERS,
    permission: 'reports.schedule',
    params: bySchedule,
    body: ReportScheduleBody,
    summary: 'Change a scheduled report (type, filters, frequency, email) or pause it (active false)',
    errors: { 404: 'no such scheduled report of yours' },
    response: ReportScheduleRowSchema,
    handler: ({ caller, params, body }) => reports.updateSchedule(deps, caller, params.scheduleId, body),
  });
  router.add({
    method: 'delete',
    path: API_REPORTS.schedule(':scheduleId'),
    tag: TAG,
    access: SELLERS,
    permission: 'reports.schedule',
    params: bySchedule,
    summary: 'Delete a scheduled report (reports it made stay)',
    errors: { 404: 'no such scheduled report of yours' },
    response: DeletedSchema,
    handler: ({ caller, params }) => reports.deleteSchedule(deps.db, caller.orgId, params.scheduleId),
  });
  router.add({
    method: 'get',
    path: API_REPORTS.list,
    tag: TAG,
    access: SELLERS,
    permission: 'reports.view',
    query: v.object({ pageNumber: pagingEntries.pageNumber, recordsPerPage: pagingEntries.recordsPerPage }),
    summary: 'Reports asked for (and made by schedules), newest first, with status and progress',
    response: ReportRequestListSchema,
    handler: ({ caller, query }) => reports.listRequests(deps.db, caller.orgId, query),
  });
  router.add({
    method: 'post',
    path: API_REPORTS.list,
    tag: TAG,
    access: SELLERS,
    permission: 'reports.view',
    body: ReportRequestBody,
    summary: 'Ask for a report over IST days with its filters, as CSV or XLSX; it is queued and made by a job',
    response: ReportRequestRowSchema,
    handler: ({ caller, body }) => reports.requestReport(deps, caller, body),
  });
  router.add({
    method: 'get',
    path: API_REPORTS.report(':reportId'),
    tag: TAG,
    access: SELLERS,
    permission: 'reports.view',
    params: byId,
    summary: 'One report request: its status and progress (polled while it is made)',
    errors: { 404: 'no such report of yours' },
    response: ReportRequestRowSchema,
    handler: ({ caller, params }) => reports.getRequest(deps.db, caller.orgId, params.reportId),
  });
  router.add({
    method: 'get',
    path: API_REPORTS.download(':reportId'),
    tag: TAG,
    access: SELLERS,
    permission: 'reports.view',
    params: byId,
    summary: 'The file of a ready report (CSV or XLSX), for 30 days after it was made',
    errors: { 404: 'no such report of yours', 409: 'not ready yet', 410: 'expired' },
    response: { file: '*/*' },
    handler: ({ caller, params }) => reports.downloadReport(deps, caller, params.reportId),
  });
  // the custom report builder (Premium)
  registerCustomReportRoutes(router, deps);
}

import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_REPORTS } from '../../../src/domain/reports-contract';
import * as reports from './service';
import { registerCustomReportRoutes } from './custom-routes';

// The reports' operations (src/domain/reports-contract.ts): who may call each, and its handler.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerReportRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_REPORTS.types, {
    access: SELLERS,
    permission: 'reports.view',
    handler: ({ caller }) => reports.reportTypes(deps.db, caller),
  });
  router.route(API_REPORTS.stats, {
    access: SELLERS,
    permission: 'reports.view',
    handler: ({ caller, query }) => reports.reportStats(deps, caller, query),
  });
  router.route(API_REPORTS.schedules, {
    access: SELLERS,
    permission: 'reports.view',
    handler: ({ caller }) => reports.listSchedules(deps.db, caller.orgId),
  });
  router.route(API_REPORTS.createSchedule, {
    access: SELLERS,
    permission: 'reports.schedule',
    handler: ({ caller, body }) => reports.createSchedule(deps, caller, body),
  });
  router.route(API_REPORTS.updateSchedule, {
    access: SELLERS,
    permission: 'reports.schedule',
    handler: ({ caller, params, body }) => reports.updateSchedule(deps, caller, params.scheduleId, body),
  });
  router.route(API_REPORTS.deleteSchedule, {
    access: SELLERS,
    permission: 'reports.schedule',
    handler: ({ caller, params }) => reports.deleteSchedule(deps.db, caller.orgId, params.scheduleId),
  });
  router.route(API_REPORTS.list, {
    access: SELLERS,
    permission: 'reports.view',
    handler: ({ caller, query }) => reports.listRequests(deps.db, caller.orgId, query),
  });
  router.route(API_REPORTS.request, {
    access: SELLERS,
    permission: 'reports.view',
    handler: ({ caller, body }) => reports.requestReport(deps, caller, body),
  });
  router.route(API_REPORTS.report, {
    access: SELLERS,
    permission: 'reports.view',
    handler: ({ caller, params }) => reports.getRequest(deps.db, caller.orgId, params.reportId),
  });
  router.route(API_REPORTS.download, {
    access: SELLERS,
    permission: 'reports.view',
    handler: ({ caller, params }) => reports.downloadReport(deps, caller, params.reportId),
  });
  // the custom report builder (Premium)
  registerCustomReportRoutes(router, deps);
}

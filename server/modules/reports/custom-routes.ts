import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { API_CUSTOM_REPORTS } from '../../../src/domain/custom-reports-contract';
import * as custom from './custom-service';

// The custom report builder's operations (src/domain/custom-reports-contract.ts; Premium). Reading,
// previewing and downloading need reports.view; saving, changing, scheduling and deleting a saved
// report need reports.schedule.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerCustomReportRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_CUSTOM_REPORTS.datasets, {
    access: SELLERS,
    permission: 'reports.view',
    handler: ({ caller }) => custom.datasets(deps.db, caller),
  });
  router.route(API_CUSTOM_REPORTS.preview, {
    access: SELLERS,
    permission: 'reports.view',
    handler: ({ caller, body }) => custom.preview(deps, caller, body),
  });
  router.route(API_CUSTOM_REPORTS.download, {
    access: SELLERS,
    permission: 'reports.view',
    handler: ({ caller, body }) => custom.download(deps, caller, body),
  });
  router.route(API_CUSTOM_REPORTS.recipients, {
    access: SELLERS,
    permission: 'reports.view',
    handler: ({ caller }) => custom.recipients(deps.db, caller),
  });
  router.route(API_CUSTOM_REPORTS.saved, {
    access: SELLERS,
    permission: 'reports.view',
    handler: ({ caller }) => custom.listSaved(deps.db, caller),
  });
  router.route(API_CUSTOM_REPORTS.save, {
    access: SELLERS,
    permission: 'reports.schedule',
    handler: ({ caller, body }) => custom.createSaved(deps, caller, body),
  });
  router.route(API_CUSTOM_REPORTS.one, {
    access: SELLERS,
    permission: 'reports.view',
    handler: ({ caller, params }) => custom.getSaved(deps.db, caller, params.reportId),
  });
  router.route(API_CUSTOM_REPORTS.update, {
    access: SELLERS,
    permission: 'reports.schedule',
    handler: ({ caller, params, body }) => custom.updateSaved(deps, caller, params.reportId, body),
  });
  router.route(API_CUSTOM_REPORTS.delete, {
    access: SELLERS,
    permission: 'reports.schedule',
    handler: ({ caller, params }) => custom.deleteSaved(deps.db, caller, params.reportId),
  });
}

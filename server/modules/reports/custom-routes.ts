import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import {
  API_CUSTOM_REPORTS,
  DatasetRowSchema,
  RecipientRowSchema,
  ReportPreviewSchema,
  SavedReportRowSchema,
} from '../../../src/domain/custom-reports-contract';
import { DeletedSchema } from '../../../src/domain/reports-contract';
import {
  CustomReportDownloadBody,
  CustomReportQueryBody,
  SavedReportBody,
} from '../../../src/domain/schemas/custom-report';
import { planFeatureRefusal } from '../../../src/domain/plans';
import * as custom from './custom-service';

// The custom report builder's routes (Premium). Reading, previewing and downloading need
// reports.view; saving, changing, scheduling and deleting a saved report need reports.schedule.

const TAG = 'reports';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const byId = v.object({ reportId: numericId('reportId') });
const PLAN = planFeatureRefusal('customReporting');

export function registerCustomReportRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_CUSTOM_REPORTS.datasets,
    tag: TAG,
    access: SELLERS,
    permission: 'reports.view',
    summary: 'Data sets this login may build custom reports from (Premium), with each field’s label, kind and values',
    errors: { 403: PLAN },
    response: v.array(DatasetRowSchema),
    handler: ({ caller }) => custom.datasets(deps.db, caller),
  });
  router.add({
    method: 'post',
    path: API_CUSTOM_REPORTS.preview,
    tag: TAG,
    access: SELLERS,
    permission: 'reports.view',
    body: CustomReportQueryBody,
    summary:
      'The first rows of a custom report (columns, filters, grouping with sums, counts and averages, sort) over its period in IST days, with its row count',
    errors: { 403: PLAN, 422: 'the report took too long to make' },
    response: ReportPreviewSchema,
    handler: ({ caller, body }) => custom.preview(deps, caller, body),
  });
  router.add({
    method: 'post',
    path: API_CUSTOM_REPORTS.download,
    operationId: 'postCustomReportDownload',
    tag: TAG,
    access: SELLERS,
    permission: 'reports.view',
    body: CustomReportDownloadBody,
    summary: 'A custom report as Excel (numbers as numbers, ₹ in Indian grouping) or CSV, up to 50,000 rows',
    errors: { 403: PLAN, 422: 'the report took too long to make' },
    response: { file: '*/*' },
    handler: ({ caller, body }) => custom.download(deps, caller, body),
  });
  router.add({
    method: 'get',
    path: API_CUSTOM_REPORTS.recipients,
    tag: TAG,
    access: SELLERS,
    permission: 'reports.view',
    summary: 'Team members a scheduled custom report may be emailed to',
    errors: { 403: PLAN },
    response: v.array(RecipientRowSchema),
    handler: ({ caller }) => custom.recipients(deps.db, caller),
  });
  router.add({
    method: 'get',
    path: API_CUSTOM_REPORTS.saved,
    tag: TAG,
    access: SELLERS,
    permission: 'reports.view',
    summary: 'Saved custom reports of the account, by name, with their schedules',
    errors: { 403: PLAN },
    response: v.array(SavedReportRowSchema),
    handler: ({ caller }) => custom.listSaved(deps.db, caller),
  });
  router.add({
    method: 'post',
    path: API_CUSTOM_REPORTS.saved,
    tag: TAG,
    access: SELLERS,
    permission: 'reports.schedule',
    body: SavedReportBody,
    summary: 'Save a custom report under a name, optionally emailed daily, weekly or monthly at an IST hour',
    errors: { 403: PLAN, 409: 'a saved report of that name exists, or too many are kept' },
    response: SavedReportRowSchema,
    handler: ({ caller, body }) => custom.createSaved(deps, caller, body),
  });
  router.add({
    method: 'get',
    path: API_CUSTOM_REPORTS.one(':reportId'),
    tag: TAG,
    access: SELLERS,
    permission: 'reports.view',
    params: byId,
    summary: 'One saved custom report',
    errors: { 403: PLAN, 404: 'no such saved report of yours' },
    response: SavedReportRowSchema,
    handler: ({ caller, params }) => custom.getSaved(deps.db, caller, params.reportId),
  });
  router.add({
    method: 'put',
    path: API_CUSTOM_REPORTS.one(':reportId'),
    tag: TAG,
    access: SELLERS,
    permission: 'reports.schedule',
    params: byId,
    body: SavedReportBody,
    summary: 'Change a saved custom report: its name, definition or schedule (active false pauses it)',
    errors: { 403: PLAN, 404: 'no such saved report of yours', 409: 'a saved report of that name exists' },
    response: SavedReportRowSchema,
    handler: ({ caller, params, body }) => custom.updateSaved(deps, caller, params.reportId, body),
  });
  router.add({
    method: 'delete',
    path: API_CUSTOM_REPORTS.one(':reportId'),
    tag: TAG,
    access: SELLERS,
    permission: 'reports.schedule',
    params: byId,
    summary: 'Delete a saved custom report and its schedule',
    errors: { 403: PLAN, 404: 'no such saved report of yours' },
    response: DeletedSchema,
    handler: ({ caller, params }) => custom.deleteSaved(deps.db, caller, params.reportId),
  });
}

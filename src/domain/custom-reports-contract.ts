import * as v from 'valibot';
import {
  AGGREGATE_FNS,
  COLUMN_KINDS,
  CUSTOM_FREQUENCIES,
  DATASET_KEYS,
  FILTER_OPS,
  PERIOD_PRESETS,
  SORT_DIRECTIONS,
} from './custom-reports';
import { operation, type Method, type ResponseDef } from './operation';
import { numericId } from './params';
import { planFeatureRefusal } from './plans';
import { DeletedSchema } from './reports-contract';
import { CustomReportDownloadBody, CustomReportQueryBody, SavedReportBody } from './schemas/custom-report';

// The custom report builder's calls (Premium; docs/decisions/reports.md, "Custom reports"):
// the data sets this login may use, a preview of the first rows, the file, and saved reports
// (named, per account, with an optional emailed schedule).

const BASE = '/api/v1/custom-reports';

/** Development only: run one saved report's schedule now through its job (browser tests); no operation of the API. */
export const devRunCustomReportPath = (id: number | string) => `/api/dev/custom-reports/${id}/run`;

const FieldRowSchema = v.object({
  key: v.string(),
  label: v.string(),
  kind: v.picklist(COLUMN_KINDS),
  options: v.optional(v.array(v.object({ value: v.string(), label: v.string() }))),
});

export const DatasetRowSchema = v.object({
  key: v.picklist(DATASET_KEYS),
  label: v.string(),
  description: v.string(),
  dateField: v.string(),
  fields: v.array(FieldRowSchema),
  starter: v.array(v.string()),
});
export type DatasetRow = v.InferOutput<typeof DatasetRowSchema>;

const OutputColumnSchema = v.object({ key: v.string(), label: v.string(), kind: v.picklist(COLUMN_KINDS) });

/** A cell as the page shows it: text, a number (rupees, kg, a count) or an ISO moment; null when empty. */
const CellSchema = v.nullable(v.union([v.string(), v.number()]));

export const ReportPreviewSchema = v.object({
  columns: v.array(OutputColumnSchema),
  rows: v.array(v.array(CellSchema)),
  /** rows the report has (at most the cap) */
  rowCount: v.number(),
  /** the report has more rows than a file may hold */
  capped: v.boolean(),
  fromDate: v.string(),
  toDate: v.string(),
});
export type ReportPreview = v.InferOutput<typeof ReportPreviewSchema>;

export const DefinitionSchema = v.object({
  dataset: v.picklist(DATASET_KEYS),
  period: v.object({
    preset: v.picklist(PERIOD_PRESETS),
    fromDate: v.optional(v.string()),
    toDate: v.optional(v.string()),
  }),
  columns: v.array(v.string()),
  filters: v.array(v.object({ field: v.string(), op: v.picklist(FILTER_OPS), values: v.array(v.string()) })),
  groupBy: v.nullable(v.string()),
  aggregates: v.array(v.object({ field: v.string(), fn: v.picklist(AGGREGATE_FNS) })),
  sort: v.nullable(v.object({ key: v.string(), direction: v.picklist(SORT_DIRECTIONS) })),
});

export const ScheduleRowSchema = v.object({
  frequency: v.picklist(CUSTOM_FREQUENCIES),
  hourIst: v.number(),
  weekday: v.number(),
  monthDay: v.number(),
  format: v.picklist(['XLSX', 'CSV']),
  recipients: v.array(v.string()),
  active: v.boolean(),
});

export const SavedReportRowSchema = v.object({
  reportId: v.number(),
  name: v.string(),
  definition: DefinitionSchema,
  schedule: v.nullable(ScheduleRowSchema),
  /** "Every Monday at 09:00 IST" */
  scheduleText: v.nullable(v.string()),
  nextRunAt: v.nullable(v.string()),
  lastRunAt: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type SavedReportRow = v.InferOutput<typeof SavedReportRowSchema>;

export const RecipientRowSchema = v.object({ email: v.string(), name: v.string() });
export type RecipientRow = v.InferOutput<typeof RecipientRowSchema>;

// The operations: each declared once, served by server/modules/reports/custom-routes.ts. Reading,
// previewing and downloading need reports.view; saving, changing, scheduling and deleting a saved
// report need reports.schedule.

const TAG = 'reports';
const ReportParam = v.object({ reportId: numericId('reportId') });
const PLAN = planFeatureRefusal('customReporting');
const NOT_YOURS = 'no such saved report of yours';
const TOO_LONG = 'the report took too long to make';

type Body = v.GenericSchema | undefined;
type Refusals = Partial<Record<404 | 409 | 422, string>>;

/** An operation of the builder: Premium's, so refused off the plan (403) besides its own refusals. */
const premium = <B extends Body = undefined, R extends ResponseDef = ResponseDef>(
  method: Method,
  path: string,
  summary: string,
  response: R,
  more: { body?: B; errors?: Refusals; operationId?: string } = {},
) => operation({ method, path, tag: TAG, summary, response, ...more, errors: { 403: PLAN, ...more.errors } });

/** An operation on one saved report of the account's, by its id (another account's answers 404). */
const savedReport = <B extends Body = undefined, R extends v.GenericSchema = v.GenericSchema>(
  method: Method,
  summary: string,
  response: R,
  more: { body?: B; errors?: Refusals } = {},
) =>
  operation({
    method,
    path: `${BASE}/:reportId`,
    tag: TAG,
    params: ReportParam,
    summary,
    response,
    ...more,
    errors: { 403: PLAN, 404: NOT_YOURS, ...more.errors },
  });

export const API_CUSTOM_REPORTS = {
  datasets: premium(
    'get',
    `${BASE}/datasets`,
    'Data sets this login may build custom reports from (Premium), with each field’s label, kind and values',
    v.array(DatasetRowSchema),
  ),
  preview: premium(
    'post',
    `${BASE}/preview`,
    'The first rows of a custom report (columns, filters, grouping with sums, counts and averages, sort) over its period in IST days, with its row count',
    ReportPreviewSchema,
    { body: CustomReportQueryBody, errors: { 422: TOO_LONG } },
  ),
  download: premium(
    'post',
    `${BASE}/download`,
    'A custom report as Excel (numbers as numbers, ₹ in Indian grouping) or CSV, up to 50,000 rows',
    { file: '*/*' },
    { body: CustomReportDownloadBody, errors: { 422: TOO_LONG }, operationId: 'postCustomReportDownload' },
  ),
  recipients: premium(
    'get',
    `${BASE}/recipients`,
    'Team members a scheduled custom report may be emailed to',
    v.array(RecipientRowSchema),
  ),
  saved: premium(
    'get',
    BASE,
    'Saved custom reports of the account, by name, with their schedules',
    v.array(SavedReportRowSchema),
  ),
  save: premium(
    'post',
    BASE,
    'Save a custom report under a name, optionally emailed daily, weekly or monthly at an IST hour',
    SavedReportRowSchema,
    { body: SavedReportBody, errors: { 409: 'a saved report of that name exists, or too many are kept' } },
  ),
  one: savedReport('get', 'One saved custom report', SavedReportRowSchema),
  update: savedReport(
    'put',
    'Change a saved custom report: its name, definition or schedule (active false pauses it)',
    SavedReportRowSchema,
    { body: SavedReportBody, errors: { 409: 'a saved report of that name exists' } },
  ),
  delete: savedReport('delete', 'Delete a saved custom report and its schedule', DeletedSchema),
};

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

// The custom report builder's calls (Premium; docs/decisions/reports.md, "Custom reports"):
// the data sets this login may use, a preview of the first rows, the file, and saved reports
// (named, per account, with an optional emailed schedule).

const BASE = '/api/v1/custom-reports';

export const API_CUSTOM_REPORTS = {
  datasets: `${BASE}/datasets`, // GET → DatasetRow[]
  preview: `${BASE}/preview`, // POST CustomReportQueryBody → ReportPreview
  download: `${BASE}/download`, // POST CustomReportDownloadBody → the file (XLSX or CSV)
  saved: BASE, // GET → SavedReportRow[]; POST SavedReportBody → SavedReportRow
  one: (id: number | string) => `${BASE}/${id}`, // GET, PUT SavedReportBody, DELETE
  recipients: `${BASE}/recipients`, // GET → team addresses a schedule may send to
  /** development only: run one saved report's schedule now through its job (browser tests) */
  devRun: (id: number | string) => `/api/dev/custom-reports/${id}/run`,
} as const;

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

import * as v from 'valibot';
import {
  AGGREGATE_FNS,
  CUSTOM_FREQUENCIES,
  CUSTOM_REPORT_LIMITS as L,
  DATASET_KEYS,
  DATASETS,
  FILTER_OP_TEXT,
  FILTER_OPS,
  fieldOf,
  isDateKind,
  isGroupable,
  isNumericKind,
  opsFor,
  outputColumns,
  PERIOD_PRESETS,
  SORT_DIRECTIONS,
  type ReportDefinition,
  type ReportScheduleSpec,
} from '../custom-reports';
import { periodDays } from '../reports';
import { emailField, isoDayField } from './fields';
import { issueText } from './labels';
import { oneOf } from './choice';

// What the custom report builder sends. The shape is checked field by field; then the report as a
// whole against its data set's catalogue (definitionProblem), in sentences that name each field by
// its label. The browser runs the same check before sending, so the page and the server agree.

const key = (name: string) => v.pipe(v.string(`${name} must be text`), v.maxLength(40, `${name} is too long`));
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d{1,12}(\.\d{1,3})?$/;

const periodSchema = v.object({
  preset: oneOf(PERIOD_PRESETS, 'preset'),
  fromDate: v.optional(isoDayField('fromDate')),
  toDate: v.optional(isoDayField('toDate')),
});

export const definitionEntries = {
  dataset: oneOf(DATASET_KEYS, 'dataset'),
  period: periodSchema,
  columns: v.pipe(
    v.array(key('columns'), 'columns must be a list'),
    v.maxLength(L.maxColumns, `columns may be at most ${L.maxColumns}`),
  ),
  filters: v.optional(
    v.pipe(
      v.array(
        v.object({
          field: key('field'),
          op: oneOf(FILTER_OPS, 'op'),
          values: v.pipe(
            v.array(v.pipe(v.string('values must be text'), v.maxLength(100, 'values is too long'))),
            v.maxLength(L.maxValues, `values may be at most ${L.maxValues}`),
          ),
        }),
        'filters must be a list',
      ),
      v.maxLength(L.maxFilters, `filters may be at most ${L.maxFilters}`),
    ),
    [],
  ),
  groupBy: v.optional(v.nullable(key('groupBy')), null),
  aggregates: v.optional(
    v.pipe(
      v.array(
        v.object({
          field: key('field'),
          fn: oneOf(AGGREGATE_FNS, 'fn'),
        }),
        'aggregates must be a list',
      ),
      v.maxLength(L.maxAggregates, `aggregates may be at most ${L.maxAggregates}`),
    ),
    [],
  ),
  sort: v.optional(
    v.nullable(
      v.object({
        key: v.pipe(v.string('sort must name a column'), v.maxLength(60, 'sort is too long')),
        direction: oneOf(SORT_DIRECTIONS, 'direction'),
      }),
    ),
    null,
  ),
};

/** Why a report cannot be made, naming each field by its label; null when it can. */
export function definitionProblem(d: ReportDefinition): string | null {
  const ds = DATASETS[d.dataset];
  const label = (k: string) => fieldOf(d.dataset, k)?.label;
  if (d.period.preset === 'CUSTOM') {
    const { fromDate, toDate } = d.period;
    if (!fromDate || !ISO_DAY.test(fromDate)) return 'From date is required for dates of your choice';
    if (!toDate || !ISO_DAY.test(toDate)) return 'To date is required for dates of your choice';
    if (fromDate > toDate) return 'From date must be on or before To date';
    if (periodDays(fromDate, toDate) > L.maxPeriodDays) return `The period may be at most ${L.maxPeriodDays} days`;
  }
  if (new Set(d.columns).size !== d.columns.length) return 'Columns: each column may be chosen once';
  if (d.columns.some((c) => !label(c))) return `Columns: a chosen column is not part of ${ds.label}`;
  for (const rule of d.filters) {
    const field = fieldOf(d.dataset, rule.field);
    if (!field) return `Filters: a filter names a field that is not part of ${ds.label}`;
    const on = `Filter on ${field.label}`;
    if (!opsFor(field).includes(rule.op)) return `${on}: “${FILTER_OP_TEXT[rule.op]}” does not apply to it`;
    const n = rule.values.length;
    if (rule.op === 'eq' && n !== 1) return `${on}: give one value`;
    if (rule.op === 'in' && n < 1) return `${on}: choose at least one value`;
    if (rule.op === 'between' && n !== 2) return `${on}: give a from and a to value`;
    if (rule.values.some((x) => x.trim() === '')) return `${on}: a value is empty`;
    if (field.options && rule.values.some((x) => !field.options!.some((o) => o.value === x)))
      return `${on}: choose among its values`;
    if (isNumericKind(field.kind) && rule.values.some((x) => !NUMBER.test(x.trim())))
      return `${on}: give the values as numbers`;
    if (isDateKind(field.kind)) {
      if (rule.values.some((x) => !ISO_DAY.test(x) || Number.isNaN(Date.parse(`${x}T00:00:00Z`))))
        return `${on}: give the days as dates`;
    }
    if (rule.op === 'between') {
      const [from, to] = rule.values;
      const wrongWay = isNumericKind(field.kind) ? Number(from) > Number(to) : from > to;
      if (wrongWay) return `${on}: the from value must not be after the to value`;
    }
  }
  if (d.groupBy) {
    const g = fieldOf(d.dataset, d.groupBy);
    if (!g) return `Group by: the field is not part of ${ds.label}`;
    if (!isGroupable(g)) return `Group by: ${g.label} holds amounts; group by a name, status or day`;
    for (const a of d.aggregates) {
      const x = fieldOf(d.dataset, a.field);
      if (!x) return `Totals: a figure names a field that is not part of ${ds.label}`;
      if (a.fn !== 'count' && !isNumericKind(x.kind)) return `Totals: ${x.label} is not a number to add up or average`;
    }
    const keys = d.aggregates.map((a) => `${a.fn}_${a.field}`);
    if (new Set(keys).size !== keys.length) return 'Totals: each figure may be chosen once';
  } else {
    if (!d.columns.length) return 'Columns: choose at least one column';
    if (d.aggregates.length) return 'Totals: choose a field to group by first';
  }
  if (d.sort && !outputColumns(d).some((c) => c.key === d.sort!.key))
    return 'Sort: sort by one of the report’s columns';
  return null;
}

const definitionFits = <T extends ReportDefinition>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = definitionProblem(dataset.value);
    if (problem) addIssue({ message: problem });
  });

export const CustomReportQueryBody = v.pipe(v.object(definitionEntries), definitionFits());
export type CustomReportQuery = v.InferOutput<typeof CustomReportQueryBody>;

export const CustomReportDownloadBody = v.pipe(
  v.object({ ...definitionEntries, format: oneOf(['XLSX', 'CSV'], 'format') }),
  definitionFits(),
);

const hour = v.pipe(
  v.number('hourIst must be a number'),
  v.integer('hourIst must be a whole hour'),
  v.minValue(0, 'hourIst must be from 0 to 23'),
  v.maxValue(23, 'hourIst must be from 0 to 23'),
);

export const ScheduleSpecSchema = v.pipe(
  v.object({
    frequency: v.picklist(CUSTOM_FREQUENCIES, 'frequency must be DAILY, WEEKLY or MONTHLY'),
    hourIst: hour,
    weekday: v.optional(
      v.pipe(
        v.number('weekday must be a number'),
        v.integer('weekday must be 1 (Monday) to 7 (Sunday)'),
        v.minValue(1, 'weekday must be 1 (Monday) to 7 (Sunday)'),
        v.maxValue(7, 'weekday must be 1 (Monday) to 7 (Sunday)'),
      ),
      1,
    ),
    monthDay: v.optional(
      v.pipe(
        v.number('monthDay must be a number'),
        v.integer('monthDay must be 1 to 28'),
        v.minValue(1, 'monthDay must be 1 to 28'),
        v.maxValue(28, 'monthDay must be 1 to 28'),
      ),
      1,
    ),
    format: v.optional(oneOf(['XLSX', 'CSV'], 'format'), 'XLSX'),
    recipients: v.pipe(
      v.array(emailField, 'recipients must be a list of email addresses'),
      v.minLength(1, 'recipients: choose at least one team member'),
      v.maxLength(L.maxRecipients, `recipients may be at most ${L.maxRecipients}`),
    ),
    active: v.optional(v.boolean('active must be true or false'), true),
  }),
  v.check((s) => new Set(s.recipients).size === s.recipients.length, 'recipients: each address may be chosen once'),
);
export type ScheduleSpecInput = v.InferOutput<typeof ScheduleSpecSchema>;
// the parsed spec is the domain's spec
export const asScheduleSpec = (s: ScheduleSpecInput): ReportScheduleSpec => s;

export const SavedReportBody = v.pipe(
  v.object({
    name: v.pipe(
      v.string('name is required'),
      v.trim(),
      v.minLength(3, 'name must be 3 to 60 characters'),
      v.maxLength(60, 'name must be 3 to 60 characters'),
    ),
    ...definitionEntries,
    schedule: v.optional(v.nullable(ScheduleSpecSchema), null),
  }),
  definitionFits(),
);
export type SavedReportInput = v.InferOutput<typeof SavedReportBody>;
/** A saved report as the browser sends it. */
export type SavedReportBodyInput = v.InferInput<typeof SavedReportBody>;

/** The first problem of a body as the server words it, or null (the page checks before sending). */
export function savedReportProblem(body: unknown): string | null {
  const r = v.safeParse(SavedReportBody, body, { abortPipeEarly: true });
  return r.success ? null : issueText(r.issues[0]);
}

export function queryProblem(body: unknown): string | null {
  const r = v.safeParse(CustomReportQueryBody, body, { abortPipeEarly: true });
  return r.success ? null : issueText(r.issues[0]);
}

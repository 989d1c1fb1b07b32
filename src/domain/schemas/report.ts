import * as v from 'valibot';
import { FORWARD_STATUS_CODES } from '../order-status';
import { CARRIER_CODES } from '../shipping/carriers';
import { PAYMENT_METHODS } from './order';
import { emailField, isoDayField } from './fields';
import { fieldLabel, issueText } from './labels';
import {
  periodDays,
  REPORT_FORMATS,
  REPORT_RULES,
  REPORT_TYPE_INFO,
  REPORT_TYPES,
  SCHEDULE_FREQUENCIES,
  type ReportFilter,
  type ReportType,
} from '../reports';
import type { ReportScheduleRow } from '../reports-contract';
import { oneOf } from './choice';

// What a seller sends to ask for a report or to schedule one. A filter the report does not take
// is refused by name, so a seller never gets a file that silently ignored what they asked.

const filterEntries = {
  status: v.optional(oneOf(FORWARD_STATUS_CODES, 'status', 'orderStatus')),
  carrierCode: v.optional(v.picklist(CARRIER_CODES, 'carrierCode is not a courier we ship with')),
  paymentMethod: v.optional(oneOf(PAYMENT_METHODS, 'paymentMethod', 'paymentMethod')),
};

const common = {
  reportType: oneOf(REPORT_TYPES, 'reportType'),
  format: v.optional(oneOf(REPORT_FORMATS, 'format'), 'CSV'),
  ...filterEntries,
};

const FILTER_KEYS: readonly ReportFilter[] = ['status', 'carrierCode', 'paymentMethod'];
type FilterInput = { reportType: ReportType } & Partial<Record<ReportFilter, string>>;

/** Each filter the report type does not take is refused under its own name. */
const filtersFit = <T extends FilterInput>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const x = dataset.value;
    const key = FILTER_KEYS.find((k) => x[k] && !REPORT_TYPE_INFO[x.reportType].filters.includes(k));
    if (key)
      addIssue({
        message: `${key} does not apply to this report`,
        path: [{ type: 'object', origin: 'value', input: x as Record<string, unknown>, key, value: x[key] }],
      });
  });

export const ReportRequestBody = v.pipe(
  v.object({
    ...common,
    fromDate: isoDayField('fromDate'),
    toDate: isoDayField('toDate'),
  }),
  v.forward(
    v.check((x) => x.fromDate <= x.toDate, `fromDate must be on or before ${fieldLabel('toDate')}`),
    ['fromDate'],
  ),
  v.forward(
    v.check(
      (x) => periodDays(x.fromDate, x.toDate) <= REPORT_RULES.maxPeriodDays,
      `the period may be at most ${REPORT_RULES.maxPeriodDays} days`,
    ),
    ['toDate'],
  ),
  filtersFit(),
);
export type ReportRequestInput = v.InferOutput<typeof ReportRequestBody>;

export const ReportScheduleBody = v.pipe(
  v.object({
    ...common,
    frequency: v.picklist(SCHEDULE_FREQUENCIES, 'frequency must be DAILY, WEEKLY or MONTHLY'),
    email: emailField,
    active: v.optional(v.boolean('active must be true or false'), true),
  }),
  filtersFit(),
);
export type ReportScheduleInput = v.InferOutput<typeof ReportScheduleBody>;

/** What the report form sends: the report, its period (IST days), format and filters ('' = none). */
export interface ReportForm {
  reportType: string;
  format: 'CSV' | 'XLSX';
  fromDate: string;
  toDate: string;
  status?: string;
  carrierCode?: string;
  paymentMethod?: string;
}

/** The fields of a form that are filled in. */
const filledIn = (form: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(form).filter(([, x]) => x !== undefined && x !== ''));

/** The form without its empty filters, as the server takes it (the server checks each value). */
export const requestBody = (form: ReportForm) => filledIn(form) as v.InferInput<typeof ReportRequestBody>;

/** The schedule form: a report's choice, how often, and who it is emailed to. */
export interface ScheduleForm extends ReportForm {
  frequency: 'DAILY' | 'WEEKLY' | 'MONTHLY';
  email: string;
}

type ScheduleBodyInput = v.InferInput<typeof ReportScheduleBody>;

/** A schedule's body: the form's report without its period (each run takes its own). */
export function scheduleBody(form: ScheduleForm, active = true): ScheduleBodyInput {
  const { fromDate: _from, toDate: _to, ...rest } = form;
  return { ...filledIn(rest), active } as ScheduleBodyInput;
}

/** A schedule as it stands, paused or resumed. */
export const scheduleActiveBody = (s: ReportScheduleRow, active: boolean): ScheduleBodyInput =>
  ({
    reportType: s.type,
    format: s.format,
    frequency: s.frequency,
    email: s.email,
    ...s.filters,
    active,
  }) as ScheduleBodyInput;

/** Why the form cannot be sent, in the server's words (the field named by its label), or null. */
export function formProblem(form: ReportForm): string | null {
  const result = v.safeParse(ReportRequestBody, requestBody(form), { abortPipeEarly: true });
  return result.success ? null : issueText(result.issues[0]);
}

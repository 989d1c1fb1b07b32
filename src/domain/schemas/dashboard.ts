import * as v from 'valibot';
import { DASHBOARD_PERIODS, DASHBOARD_PERIOD_CODES, MAX_PERIOD_DAYS, daysBetween } from '../dashboard-period';
import { dayRangeError, isoDayField } from './fields';
import { fieldLabel } from './labels';
import { oneOf } from './choice';

// The dashboard's period: a preset, or "custom" with both days (IST calendar days, at most a year).

const PERIOD_LABELS = Object.fromEntries(DASHBOARD_PERIODS.map((p) => [p.code, p.label]));

export const DashboardQuery = v.pipe(
  v.object({
    period: v.optional(oneOf(DASHBOARD_PERIOD_CODES, 'period', PERIOD_LABELS), '30d'),
    fromDate: v.optional(isoDayField(fieldLabel('fromDate'))),
    toDate: v.optional(isoDayField(fieldLabel('toDate'))),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value.period !== 'custom') return;
    const { fromDate, toDate } = dataset.value;
    if (!fromDate) return addIssue({ message: `${fieldLabel('fromDate')} is required for a custom period` });
    if (!toDate) return addIssue({ message: `${fieldLabel('toDate')} is required for a custom period` });
    const order = dayRangeError(fromDate, toDate, fieldLabel('fromDate'), fieldLabel('toDate'));
    if (order) return addIssue({ message: order });
    if (daysBetween(fromDate, toDate) > MAX_PERIOD_DAYS)
      addIssue({
        message: `${fieldLabel('fromDate')} must be at most ${MAX_PERIOD_DAYS} days before ${fieldLabel('toDate')}`,
      });
  }),
);
export type DashboardQueryInput = v.InferOutput<typeof DashboardQuery>;

/** What is wrong with custom days as a form holds them (empty = not given), or null. */
export function customPeriodError(fromDate: string, toDate: string): string | null {
  const r = v.safeParse(DashboardQuery, {
    period: 'custom',
    fromDate: fromDate || undefined,
    toDate: toDate || undefined,
  });
  return r.success ? null : r.issues[0].message;
}

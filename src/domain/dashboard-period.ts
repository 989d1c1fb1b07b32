import { istDay } from './format';

// The dashboard's periods (docs/decisions/dashboard.md): whole days in India, today included.
// "7 days" is today and the six days before it; "this month" runs from the 1st to today.

export const DASHBOARD_PERIODS = [
  { code: 'today', label: 'Today' },
  { code: '7d', label: '7 days' },
  { code: '30d', label: '30 days' },
  { code: 'month', label: 'This month' },
  { code: 'custom', label: 'Custom' },
] as const;

export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number]['code'];
export const DASHBOARD_PERIOD_CODES = DASHBOARD_PERIODS.map((p) => p.code) as DashboardPeriod[];

/** A custom range is at most a year and a day long. */
export const MAX_PERIOD_DAYS = 366;

/** yyyy-mm-dd plus n days (n may be negative). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The first and last IST day of a period; a custom one is taken as given (the schema checked it). */
export function periodDays(
  period: DashboardPeriod,
  custom: { fromDate?: string; toDate?: string } = {},
  now: Date = new Date(),
): { fromDate: string; toDate: string } {
  const today = istDay(now);
  switch (period) {
    case 'today':
      return { fromDate: today, toDate: today };
    case '7d':
      return { fromDate: addDays(today, -6), toDate: today };
    case '30d':
      return { fromDate: addDays(today, -29), toDate: today };
    case 'month':
      return { fromDate: `${today.slice(0, 8)}01`, toDate: today };
    case 'custom':
      return { fromDate: custom.fromDate ?? today, toDate: custom.toDate ?? today };
  }
}

/** Whole percent with one decimal, of a part of a whole (0 when the whole is 0). */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10;
}

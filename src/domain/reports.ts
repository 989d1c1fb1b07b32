import type { Permission } from './permissions';

// Reports: a seller asks for one of these over a period of IST days (with the filters that fit
// it); a background job writes it as CSV or XLSX, kept for 30 days. Each report has the columns
// and rows of the list it mirrors, under the same filters. docs/decisions/reports.md.

export const REPORT_TYPES = [
  'ORDERS',
  'SHIPMENTS',
  'NDR',
  'RTO',
  'RETURNS',
  'COD_REMITTANCE',
  'WALLET',
  'WEIGHT_DISCREPANCIES',
  'COURIER_PERFORMANCE',
  'PINCODE_PERFORMANCE',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** The filters a report may take besides its period. */
export type ReportFilter = 'status' | 'carrierCode' | 'paymentMethod';

export interface ReportTypeInfo {
  type: ReportType;
  label: string;
  description: string;
  /** the list this report mirrors, as the seller knows it */
  mirrors: string;
  filters: readonly ReportFilter[];
  /** the area's own permission, needed besides reports.view */
  needs: Permission;
}

export const REPORT_TYPE_INFO: Record<ReportType, ReportTypeInfo> = {
  ORDERS: {
    type: 'ORDERS',
    label: 'Orders',
    description: 'Every forward order placed in the period, with its status, buyer, value and courier.',
    mirrors: 'Orders list (order date)',
    filters: ['status', 'carrierCode', 'paymentMethod'],
    needs: 'orders.view',
  },
  SHIPMENTS: {
    type: 'SHIPMENTS',
    label: 'Shipments',
    description: 'Orders whose shipment was booked in the period, with AWB, courier and weight.',
    mirrors: 'Orders list (shipment booked date)',
    filters: ['status', 'carrierCode', 'paymentMethod'],
    needs: 'orders.view',
  },
  NDR: {
    type: 'NDR',
    label: 'NDR',
    description: 'Failed delivery attempts raised in the period and the action taken on each.',
    mirrors: 'NDR list (all tabs)',
    filters: ['carrierCode', 'paymentMethod'],
    needs: 'ndr.view',
  },
  RTO: {
    type: 'RTO',
    label: 'RTO',
    description: 'Shipments returning to origin that began in the period, with RTO charges.',
    mirrors: 'RTO list (all tabs)',
    filters: ['carrierCode'],
    needs: 'ndr.view',
  },
  RETURNS: {
    type: 'RETURNS',
    label: 'Returns',
    description: 'Returns created in the period, with reason, QC and refund decision.',
    mirrors: 'Returns list (all tabs)',
    filters: ['carrierCode'],
    needs: 'returns.view',
  },
  COD_REMITTANCE: {
    type: 'COD_REMITTANCE',
    label: 'COD remittance',
    description: 'Every line of the COD payouts dated in the period, with UTR and remitted date.',
    mirrors: 'COD remittance statement',
    filters: [],
    needs: 'wallet.view',
  },
  WALLET: {
    type: 'WALLET',
    label: 'Wallet and billing',
    description: 'Every wallet entry in the period (recharges, freight, COD, RTO, weight) with the balance after it.',
    mirrors: 'Wallet statement',
    filters: [],
    needs: 'wallet.view',
  },
  WEIGHT_DISCREPANCIES: {
    type: 'WEIGHT_DISCREPANCIES',
    label: 'Weight discrepancies',
    description: "Discrepancies raised in the period: your weight, the courier's, the amount and status.",
    mirrors: 'Weight discrepancies list',
    filters: ['carrierCode'],
    needs: 'billing.view',
  },
  COURIER_PERFORMANCE: {
    type: 'COURIER_PERFORMANCE',
    label: 'Courier performance',
    description: 'Per courier, for shipments booked in the period: delivered %, NDR %, RTO % and days to deliver.',
    mirrors: 'Shipments booked in the period, by courier',
    filters: ['paymentMethod'],
    needs: 'orders.view',
  },
  PINCODE_PERFORMANCE: {
    type: 'PINCODE_PERFORMANCE',
    label: 'Pincode performance',
    description:
      'Per destination pincode and courier, for shipments booked in the period: delivered, RTO and NDR shares and days to deliver.',
    mirrors: 'Pincode performance page (by pincode)',
    filters: ['carrierCode', 'paymentMethod'],
    needs: 'orders.view',
  },
};

/** What a report's column holds: the file writes numbers, dates and text by it (reports.md). */
export const COLUMN_KINDS = ['text', 'money', 'weight', 'count', 'decimal', 'date', 'datetime'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

export const REPORT_FORMATS = ['CSV', 'XLSX'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_STATUSES = ['QUEUED', 'GENERATING', 'READY', 'FAILED', 'EXPIRED'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_TEXT: Record<ReportStatus, string> = {
  QUEUED: 'Queued',
  GENERATING: 'Generating',
  READY: 'Ready',
  FAILED: 'Failed',
  EXPIRED: 'Expired',
};

export const SCHEDULE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];
export const FREQUENCY_TEXT: Record<ScheduleFrequency, string> = {
  DAILY: 'Daily',
  WEEKLY: 'Weekly, on Mondays',
  MONTHLY: 'Monthly, on the 1st',
};

export const REPORT_RULES = {
  /** a generated file can be downloaded for this many days */
  keepDays: 30,
  /** the longest period one report may cover */
  maxPeriodDays: 366,
  /** scheduled reports are made at this IST hour */
  scheduleHourIst: 7,
} as const;

const DAY_MS = 86_400_000;
const IST_MS = 330 * 60_000;

/** yyyy-mm-dd plus n days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Days in a period, both ends included. */
export function periodDays(fromDate: string, toDate: string): number {
  return Math.round((Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The IST day of a moment. */
const istDayOf = (at: Date) => new Date(at.getTime() + IST_MS).toISOString().slice(0, 10);

/** The period a schedule's run on a day covers: yesterday; last Monday–Sunday; last calendar month. */
export function schedulePeriod(frequency: ScheduleFrequency, runDay: string): { fromDate: string; toDate: string } {
  const toDate = addDays(runDay, -1);
  if (frequency === 'DAILY') return { fromDate: toDate, toDate };
  if (frequency === 'WEEKLY') return { fromDate: addDays(runDay, -7), toDate };
  return { fromDate: `${toDate.slice(0, 7)}-01`, toDate };
}

/** The next moment after `after` when a schedule runs: 07:00 IST daily; on Mondays; on the 1st. */
export function nextRunAt(frequency: ScheduleFrequency, after: Date): Date {
  let day = istDayOf(after);
  const at = (d: string) =>
    new Date(Date.parse(`${d}T${String(REPORT_RULES.scheduleHourIst).padStart(2, '0')}:00:00+05:30`));
  for (let i = 0; i < 40; i++, day = addDays(day, 1)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const fits = frequency === 'DAILY' || (frequency === 'WEEKLY' ? weekday === 1 : day.endsWith('-01'));
    if (fits && at(day) > after) return at(day);
  }
  throw new Error('no next run');
}

/** A report's file name: orders-2026-11-01-to-2026-11-30.csv */
export function reportFileName(type: ReportType, format: ReportFormat, fromDate: string, toDate: string): string {
  const stem = type.toLowerCase().replace(/_/g, '-');
  return `${stem}-${fromDate}-to-${toDate}.${format.toLowerCase()}`;
}

import type { Permission } from './permissions';
import { FORWARD_STATUSES } from './order-status';
import { CARRIER_CODES, carrierName } from './shipping/carriers';
import { ZONE_NAMES } from './shipping/zones';
import { WALLET_ENTRY_LABELS } from './wallet-entries';
import { PAYOUT_LINE_LABELS, PAYOUT_STATUS_LABELS } from './cod-remittance';
import { NDR_ACTIONS, NDR_REASONS } from './ndr-contract';
import { DISCREPANCY_STATUS_LABELS } from './weight-contract';
import { fieldLabel } from './schemas/labels';
import { addDays, COLUMN_KINDS, type ColumnKind } from './reports';

// The custom report builder (Premium): a seller picks a data set, its columns, typed filters, a
// grouping with sums, counts and averages, and a sort; previews the first rows; downloads Excel or
// CSV; saves the definition by name and has it emailed on a schedule. Every field a seller can
// name is in this catalogue (the server maps each to its own SQL, never to text from a request).
// Column labels come from the one field label table, the same as the reports' (reports.md).

export { COLUMN_KINDS, type ColumnKind };

export const NUMERIC_KINDS: readonly ColumnKind[] = ['money', 'weight', 'count', 'decimal'];
export const isNumericKind = (k: ColumnKind) => NUMERIC_KINDS.includes(k);
export const isDateKind = (k: ColumnKind) => k === 'date' || k === 'datetime';

export interface FieldOption {
  value: string;
  label: string;
}

export interface DatasetField {
  key: string;
  label: string;
  kind: ColumnKind;
  /** a field with a fixed set of values: filtered by choosing them, shown by their label */
  options?: readonly FieldOption[];
}

export const DATASET_KEYS = ['SHIPMENTS', 'WALLET', 'COD_REMITTANCE', 'WEIGHT_DISPUTES', 'NDR'] as const;
export type DatasetKey = (typeof DATASET_KEYS)[number];

export interface Dataset {
  key: DatasetKey;
  label: string;
  description: string;
  /** the field the report's period (IST days) is on */
  dateField: string;
  /** the area's own permission, besides reports.view */
  needs: Permission;
  fields: readonly DatasetField[];
  /** the columns a new report of this data set starts with */
  starter: readonly string[];
}

const optionsOf = (o: Record<string, string>): FieldOption[] =>
  Object.entries(o).map(([value, label]) => ({ value, label }));

const COURIERS = CARRIER_CODES.map((c) => ({ value: c, label: carrierName(c) }));
const PAYMENT = [
  { value: 'PPD', label: 'Prepaid' },
  { value: 'COD', label: 'COD' },
];
const ZONES = Object.entries(ZONE_NAMES).map(([value, name]) => ({ value, label: `${value} (${name})` }));
const NDR_STATES = optionsOf({
  ACTION_REQUIRED: 'Action required',
  ACTION_TAKEN: 'Action taken',
  DELIVERED: 'Delivered after NDR',
  RTO: 'RTO',
  SUPERSEDED: 'Attempted again',
});
const PAID_TO = optionsOf({ BANK: 'Bank account', WALLET: 'Wallet' });

const f = (key: string, kind: ColumnKind, options?: readonly FieldOption[]): DatasetField => ({
  key,
  label: fieldLabel(key),
  kind,
  ...(options ? { options } : {}),
});

export const DATASETS: Record<DatasetKey, Dataset> = {
  SHIPMENTS: {
    key: 'SHIPMENTS',
    label: 'Orders and shipments',
    description: 'Every forward order placed in the period, with its live shipment’s courier, zone and charges.',
    dateField: 'orderDate',
    needs: 'orders.view',
    fields: [
      f('orderNumber', 'text'),
      f('orderDate', 'date'),
      f('statusText', 'text', optionsOf(FORWARD_STATUSES)),
      f('channel', 'text'),
      f('paymentType', 'text', PAYMENT),
      f('buyerName', 'text'),
      f('city', 'text'),
      f('state', 'text'),
      f('pincode', 'text'),
      f('orderTotal', 'money'),
      f('codAmountRupees', 'money'),
      f('awb', 'text'),
      f('courierName', 'text', COURIERS),
      f('bookedOn', 'date'),
      f('deliveredOn', 'date'),
      f('shippingZone', 'text', ZONES),
      f('chargedWeightKg', 'weight'),
      f('freightCharge', 'money'),
      f('codCharge', 'money'),
      f('rtoCharge', 'money'),
      f('gstCharge', 'money'),
      f('totalCharged', 'money'),
    ],
    starter: ['orderNumber', 'orderDate', 'statusText', 'courierName', 'paymentType', 'orderTotal', 'totalCharged'],
  },
  WALLET: {
    key: 'WALLET',
    label: 'Wallet ledger',
    description: 'Every wallet entry in the period: recharges, freight, COD, RTO and weight charges, refunds.',
    dateField: 'entryDate',
    needs: 'wallet.view',
    fields: [
      f('entryDate', 'datetime'),
      f('entryType', 'text', optionsOf(WALLET_ENTRY_LABELS)),
      f('description', 'text'),
      f('entryReference', 'text'),
      f('debitAmount', 'money'),
      f('creditAmount', 'money'),
      f('netAmount', 'money'),
    ],
    starter: ['entryDate', 'entryType', 'entryReference', 'debitAmount', 'creditAmount'],
  },
  COD_REMITTANCE: {
    key: 'COD_REMITTANCE',
    label: 'COD remittances',
    description: 'Every line of the COD payouts dated in the period, with UTR and remitted date.',
    dateField: 'payoutDate',
    needs: 'wallet.view',
    fields: [
      f('payoutDate', 'date'),
      f('payoutId', 'count'),
      f('payoutStatus', 'text', optionsOf(PAYOUT_STATUS_LABELS)),
      f('payoutLine', 'text', optionsOf(PAYOUT_LINE_LABELS)),
      f('orderNumber', 'text'),
      f('awb', 'text'),
      f('courierName', 'text', COURIERS),
      f('deliveredOn', 'date'),
      f('codAmountRupees', 'money'),
      f('earlyCodFee', 'money'),
      f('deductionsAmount', 'money'),
      f('utr', 'text'),
      f('remittedOn', 'datetime'),
      f('paidTo', 'text', PAID_TO),
    ],
    starter: ['payoutDate', 'payoutStatus', 'awb', 'courierName', 'codAmountRupees', 'utr'],
  },
  WEIGHT_DISPUTES: {
    key: 'WEIGHT_DISPUTES',
    label: 'Weight disputes',
    description: 'Weight discrepancies raised in the period: your weight, the courier’s, the amount and status.',
    dateField: 'raisedOn',
    needs: 'billing.view',
    fields: [
      f('raisedOn', 'datetime'),
      f('awb', 'text'),
      f('orderNumber', 'text'),
      f('courierName', 'text', COURIERS),
      f('statusText', 'text', optionsOf(DISCREPANCY_STATUS_LABELS)),
      f('declaredWeight', 'weight'),
      f('courierWeight', 'weight'),
      f('weightDifference', 'weight'),
      f('discrepancyAmount', 'money'),
      f('answerBy', 'datetime'),
    ],
    starter: ['raisedOn', 'awb', 'courierName', 'statusText', 'weightDifference', 'discrepancyAmount'],
  },
  NDR: {
    key: 'NDR',
    label: 'NDR',
    description: 'Failed delivery attempts raised in the period, their reason and the action taken.',
    dateField: 'raisedOn',
    needs: 'ndr.view',
    fields: [
      f('raisedOn', 'datetime'),
      f('orderNumber', 'text'),
      f('awb', 'text'),
      f('courierName', 'text', COURIERS),
      f('paymentType', 'text', PAYMENT),
      f('codAmountRupees', 'money'),
      f('attempt', 'count'),
      f('ndrReason', 'text', optionsOf(NDR_REASONS)),
      f('ndrState', 'text', NDR_STATES),
      f('actionTaken', 'text', optionsOf(NDR_ACTIONS)),
      f('answerBy', 'datetime'),
    ],
    starter: ['raisedOn', 'orderNumber', 'awb', 'courierName', 'attempt', 'ndrReason', 'actionTaken'],
  },
};

export const fieldOf = (dataset: DatasetKey, key: string): DatasetField | undefined =>
  DATASETS[dataset].fields.find((x) => x.key === key);

/** How a filter compares: one value, any of several, or a range (both ends included). */
export const FILTER_OPS = ['eq', 'in', 'between'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
export const FILTER_OP_TEXT: Record<FilterOp, string> = { eq: 'is', in: 'is any of', between: 'is between' };

/** The comparisons a field takes: text and choices by value, numbers and dates by value or range. */
export function opsFor(field: DatasetField): readonly FilterOp[] {
  if (isNumericKind(field.kind)) return ['between', 'eq'];
  if (isDateKind(field.kind)) return ['between'];
  return ['eq', 'in'];
}

export const AGGREGATE_FNS = ['sum', 'avg', 'count'] as const;
export type AggregateFn = (typeof AGGREGATE_FNS)[number];
export const AGGREGATE_TEXT: Record<AggregateFn, string> = { sum: 'Sum', avg: 'Average', count: 'Count' };

/** Fields a report may be grouped by: text, choices and days (a date-time groups by its IST day). */
export const isGroupable = (field: DatasetField) => !isNumericKind(field.kind);

export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export interface ReportFilterRule {
  field: string;
  op: FilterOp;
  /** eq: one value; in: one or more; between: from and to (yyyy-mm-dd for days, numbers for amounts) */
  values: string[];
}

export interface ReportAggregate {
  field: string;
  fn: AggregateFn;
}

/** The period a report covers, in IST days, relative to the day it is run or fixed. */
export const PERIOD_PRESETS = [
  'YESTERDAY',
  'LAST_7_DAYS',
  'LAST_30_DAYS',
  'THIS_MONTH',
  'LAST_MONTH',
  'CUSTOM',
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const PERIOD_TEXT: Record<PeriodPreset, string> = {
  YESTERDAY: 'Yesterday',
  LAST_7_DAYS: 'Last 7 days',
  LAST_30_DAYS: 'Last 30 days',
  THIS_MONTH: 'This month',
  LAST_MONTH: 'Last month',
  CUSTOM: 'Dates of your choice',
};

export interface ReportPeriod {
  preset: PeriodPreset;
  /** CUSTOM only */
  fromDate?: string;
  toDate?: string;
}

/** What a report is: everything but its name and schedule. */
export interface ReportDefinition {
  dataset: DatasetKey;
  period: ReportPeriod;
  columns: string[];
  filters: ReportFilterRule[];
  groupBy: string | null;
  aggregates: ReportAggregate[];
  sort: { key: string; direction: SortDirection } | null;
}

export const CUSTOM_REPORT_LIMITS = {
  /** rows the page previews */
  previewRows: 50,
  /** rows a download or a scheduled file holds at most; beyond it the file says it was cut */
  maxRows: 50_000,
  maxColumns: 30,
  maxFilters: 10,
  maxValues: 50,
  maxAggregates: 10,
  maxRecipients: 10,
  /** the longest period a report may cover, as the reports' */
  maxPeriodDays: 366,
  /** a query that runs longer is stopped (milliseconds) */
  queryTimeoutMs: 10_000,
  /** saved reports per account */
  maxSaved: 100,
} as const;

/** Rows counted per group: the column every grouped report has. */
export const ROW_COUNT_KEY = 'rowCount';

/** The key of an aggregate's column: sum_orderTotal. */
export const aggregateKey = (a: ReportAggregate) => `${a.fn}_${a.field}`;

export interface OutputColumn {
  key: string;
  label: string;
  kind: ColumnKind;
}

/** The columns the report has, in order: the chosen ones, or the group with its figures. */
export function outputColumns(
  d: Pick<ReportDefinition, 'dataset' | 'columns' | 'groupBy' | 'aggregates'>,
): OutputColumn[] {
  const field = (key: string) => fieldOf(d.dataset, key);
  if (!d.groupBy) {
    return d.columns.flatMap((key) => {
      const x = field(key);
      return x ? [{ key, label: x.label, kind: x.kind }] : [];
    });
  }
  const g = field(d.groupBy);
  const group: OutputColumn[] = g
    ? [{ key: g.key, label: g.label, kind: g.kind === 'datetime' ? 'date' : g.kind }]
    : [];
  return [
    ...group,
    { key: ROW_COUNT_KEY, label: 'Rows', kind: 'count' },
    ...d.aggregates.flatMap((a) => {
      const x = field(a.field);
      if (!x) return [];
      const kind: ColumnKind = a.fn === 'count' ? 'count' : a.fn === 'avg' && x.kind === 'count' ? 'decimal' : x.kind;
      return [{ key: aggregateKey(a), label: `${AGGREGATE_TEXT[a.fn]} of ${x.label}`, kind }];
    }),
  ];
}

/** The IST days a period covers when run on `today` (yyyy-mm-dd). */
export function resolvePeriod(period: ReportPeriod, today: string): { fromDate: string; toDate: string } {
  const yesterday = addDays(today, -1);
  switch (period.preset) {
    case 'YESTERDAY':
      return { fromDate: yesterday, toDate: yesterday };
    case 'LAST_7_DAYS':
      return { fromDate: addDays(today, -7), toDate: yesterday };
    case 'LAST_30_DAYS':
      return { fromDate: addDays(today, -30), toDate: yesterday };
    case 'THIS_MONTH':
      return { fromDate: `${today.slice(0, 8)}01`, toDate: today };
    case 'LAST_MONTH': {
      const end = addDays(`${today.slice(0, 8)}01`, -1);
      return { fromDate: `${end.slice(0, 8)}01`, toDate: end };
    }
    case 'CUSTOM':
      return { fromDate: period.fromDate ?? today, toDate: period.toDate ?? today };
  }
}

// ---- schedules

export const CUSTOM_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type CustomFrequency = (typeof CUSTOM_FREQUENCIES)[number];
export const WEEKDAY_TEXT = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export interface ReportScheduleSpec {
  frequency: CustomFrequency;
  /** the IST hour it is sent at, 0–23 */
  hourIst: number;
  /** WEEKLY: 1 (Monday) to 7 (Sunday) */
  weekday: number;
  /** MONTHLY: the day of the month, 1–28 (every month has it) */
  monthDay: number;
  format: 'XLSX' | 'CSV';
  /** team members' email addresses */
  recipients: string[];
  active: boolean;
}

const IST_MS = 330 * 60_000;
const hh = (h: number) => String(h).padStart(2, '0');

/** When a schedule next sends after `after`: its IST hour on every day, its weekday, or its day of the month. */
export function nextCustomRunAt(
  s: Pick<ReportScheduleSpec, 'frequency' | 'hourIst' | 'weekday' | 'monthDay'>,
  after: Date,
): Date {
  let day = new Date(after.getTime() + IST_MS).toISOString().slice(0, 10);
  for (let i = 0; i < 40; i++, day = addDays(day, 1)) {
    const weekday = ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const fits =
      s.frequency === 'DAILY' ||
      (s.frequency === 'WEEKLY' ? weekday === s.weekday : Number(day.slice(8, 10)) === s.monthDay);
    const at = new Date(`${day}T${hh(s.hourIst)}:00:00+05:30`);
    if (fits && at > after) return at;
  }
  throw new Error('no next run');
}

/** "Every Monday at 09:00 IST" */
export function scheduleText(s: Pick<ReportScheduleSpec, 'frequency' | 'hourIst' | 'weekday' | 'monthDay'>): string {
  const at = `at ${hh(s.hourIst)}:00 IST`;
  if (s.frequency === 'DAILY') return `Every day ${at}`;
  if (s.frequency === 'WEEKLY') return `Every ${WEEKDAY_TEXT[s.weekday - 1]} ${at}`;
  return `On day ${s.monthDay} of every month ${at}`;
}

/** The value a seller reads for a field's stored value (a code becomes its label). */
export function displayValue(field: DatasetField | undefined, value: string): string {
  return field?.options?.find((o) => o.value === value)?.label ?? value;
}

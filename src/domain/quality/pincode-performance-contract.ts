import * as v from 'valibot';
import { operation } from '../operation';
import { dayFilter, listExportOf, listQuerySchema, pagedSchema, pagingEntries } from '../paging';
import { CARRIER_CODES } from '../shipping/carriers';
import { INDIAN_STATES } from '../indian-states';
import { SORT_ORDER_TEXT, oneOf } from '../schemas/choice';

// The seller's pincode performance (docs/decisions/lane-quality.md): their own forward shipments
// booked in a period, by destination pincode (or district, or state) and courier — shipments,
// delivered, RTO and NDR shares, average days to deliver. A page, and the same as CSV.

export const PLACE_GROUPS = ['PINCODE', 'DISTRICT', 'STATE'] as const;
export type PlaceGroup = (typeof PLACE_GROUPS)[number];
export const PLACE_GROUP_TEXT: Record<PlaceGroup, string> = {
  PINCODE: 'Pincode',
  DISTRICT: 'District',
  STATE: 'State',
};

export const PERFORMANCE_SORTS = ['place', 'shipments', 'deliveredPct', 'rtoPct', 'ndrPct', 'avgDays'] as const;
export type PerformanceSort = (typeof PERFORMANCE_SORTS)[number];
/** Each sort as its column reads (the place's column by the grouping: "Place" when it is not known). */
export const PERFORMANCE_SORT_TEXT: Record<PerformanceSort, string> = {
  place: 'Place',
  shipments: 'Shipments',
  deliveredPct: 'Delivered',
  rtoPct: 'RTO',
  ndrPct: 'NDR',
  avgDays: 'Avg days',
};

/** The period shown when none is asked for: the last 90 days, today included (IST). */
export const PERFORMANCE_DEFAULT_DAYS = 90;
/** The longest period one page or export covers. */
export const PERFORMANCE_MAX_DAYS = 366;

const STATE_NAMES = INDIAN_STATES.map((s) => s.name);

export const PERFORMANCE_FILTERS = {
  fromDate: dayFilter('fromDate'),
  toDate: dayFilter('toDate'),
  carrierCode: v.optional(oneOf(CARRIER_CODES, 'carrierCode', 'courier')),
  paymentMethod: v.optional(oneOf(['PPD', 'COD'], 'paymentMethod', 'paymentMethod')),
  state: v.optional(v.picklist(STATE_NAMES, 'state must be a state or union territory of India')),
  groupBy: v.optional(oneOf(PLACE_GROUPS, 'groupBy', PLACE_GROUP_TEXT), 'PINCODE'),
  sortBy: v.optional(oneOf(PERFORMANCE_SORTS, 'sortBy', PERFORMANCE_SORT_TEXT), 'shipments'),
  sortOrder: v.optional(oneOf(['ASC', 'DESC'], 'sortOrder', SORT_ORDER_TEXT), 'DESC'),
};
const DAY_RANGES = [['fromDate', 'toDate']] as const;

export const PincodePerformanceRowSchema = v.object({
  /** the pincode, the district's name or the state's, by the grouping asked for */
  place: v.string(),
  district: v.string(),
  state: v.string(),
  carrierCode: v.string(),
  carrierName: v.string(),
  shipments: v.number(),
  delivered: v.number(),
  rto: v.number(),
  ndr: v.number(),
  deliveredPct: v.number(),
  rtoPct: v.number(),
  /** shipments with at least one failed delivery attempt */
  ndrPct: v.number(),
  /** average days from pickup to delivery over the delivered ones; null when none was */
  avgDays: v.nullable(v.number()),
});
export type PincodePerformanceRow = v.InferOutput<typeof PincodePerformanceRowSchema>;

const TAG = 'reports';
const list = operation({
  method: 'get',
  path: '/api/v1/reports/pincode-performance',
  tag: TAG,
  query: listQuerySchema({ ...pagingEntries, ...PERFORMANCE_FILTERS }, DAY_RANGES),
  summary:
    'Your shipments booked in a period (the last 90 days unless asked) by destination pincode, district or state and courier: delivered, RTO and NDR shares and average days',
  returns: 'PincodePerformancePage',
  response: pagedSchema(PincodePerformanceRowSchema),
});

export const API_PINCODE_PERFORMANCE = {
  list,
  export: listExportOf(list, 'pincode performance', PERFORMANCE_FILTERS, DAY_RANGES),
};

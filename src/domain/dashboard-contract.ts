import * as v from 'valibot';

// The seller's dashboard and the home page's headline figures (spec section 7: dashboard and home
// stats; top products, locations, stores and carriers, top 5 by the report limit of section 9).
// Every figure is over forward orders created, or shipments booked, in the period's IST days;
// docs/decisions/dashboard.md says which rows each one counts.

const BASE = '/api/v1/dashboard';

export const API_DASHBOARD = {
  summary: `${BASE}/summary`, // GET ?period=&fromDate=&toDate= → DashboardSummary (orders.view)
  money: `${BASE}/money`, // GET same query → DashboardMoney (wallet.view)
  couriers: `${BASE}/couriers`, // GET same query → CourierPerformance (orders.view)
  top: `${BASE}/top`, // GET same query → DashboardTop (orders.view)
  home: `${BASE}/home`, // GET → HomeStats (orders.view)
  checklist: `${BASE}/checklist`, // GET → HomeChecklist (orders.view)
  codVerification: `${BASE}/cod-verification`, // GET same query → CodVerificationFigures (orders.view; Pro and above)
} as const;

/** The report limit of spec section 9: top 5. */
export const TOP_LIMIT = 5;

const period = { fromDate: v.string(), toDate: v.string() };

export const DashboardSummarySchema = v.object({
  ...period,
  orders: v.number(),
  shipments: v.number(),
  delivered: v.number(),
  deliveredPercent: v.number(),
  ndr: v.number(),
  ndrPercent: v.number(),
  rto: v.number(),
  rtoPercent: v.number(),
  /** average days from booking to delivery, one decimal; null when nothing was delivered */
  avgDeliveryDays: v.nullable(v.number()),
  /** every day of the period, oldest first */
  byDay: v.array(v.object({ day: v.string(), orders: v.number(), shipments: v.number() })),
});
export type DashboardSummary = v.InferOutput<typeof DashboardSummarySchema>;

export const DashboardMoneySchema = v.object({
  ...period,
  /** COD of delivered orders not paid out yet */
  codPendingPaise: v.number(),
  /** COD of delivered orders in a paid payout */
  codPaidPaise: v.number(),
  /** what the period's live shipments cost (freight, COD fee and GST) */
  freightPaise: v.number(),
});
export type DashboardMoney = v.InferOutput<typeof DashboardMoneySchema>;

export const CourierZoneRowSchema = v.object({
  carrierCode: v.string(),
  carrierName: v.string(),
  zone: v.string(),
  shipments: v.number(),
  delivered: v.number(),
  deliveredPercent: v.number(),
  rtoPercent: v.number(),
  avgDeliveryDays: v.nullable(v.number()),
});
export const CourierPerformanceSchema = v.object({ ...period, rows: v.array(CourierZoneRowSchema) });
export type CourierPerformance = v.InferOutput<typeof CourierPerformanceSchema>;
export type CourierZoneRow = v.InferOutput<typeof CourierZoneRowSchema>;

const named = v.object({ name: v.string(), orders: v.number() });
export const DashboardTopSchema = v.object({
  ...period,
  products: v.array(v.object({ name: v.string(), sku: v.string(), units: v.number(), orders: v.number() })),
  states: v.array(named),
  cities: v.array(v.object({ name: v.string(), state: v.string(), orders: v.number() })),
  channels: v.array(v.object({ name: v.string(), orders: v.number(), revenuePaise: v.number() })),
  carriers: v.array(
    v.object({ code: v.string(), name: v.string(), shipments: v.number(), deliveredPercent: v.number() }),
  ),
});
export type DashboardTop = v.InferOutput<typeof DashboardTopSchema>;

export const HomeStatsSchema = v.object({
  ordersToday: v.number(),
  shipmentsToday: v.number(),
  /** forward orders waiting to be shipped (status RTS) */
  readyToShip: v.number(),
  /** shipments in NDR now, waiting for the seller's word */
  openNdr: v.number(),
});
export type HomeStats = v.InferOutput<typeof HomeStatsSchema>;

/**
 * COD order verification over the period's verifications (opened in its IST days), and those
 * awaiting their buyer now whenever they were opened.
 */
export const CodVerificationFiguresSchema = v.object({
  ...period,
  /** the seller's settings verify new COD orders now */
  enabled: v.boolean(),
  opened: v.number(),
  confirmed: v.number(),
  cancelled: v.number(),
  /** the buyer paid now: the order became prepaid */
  switched: v.number(),
  /** no answer in the wait, by the rule then applied */
  expiredShipped: v.number(),
  expiredHeld: v.number(),
  expiredCancelled: v.number(),
  pendingNow: v.number(),
  /** confirmed or paid, as a share of the period's verifications that have ended; null while none has */
  confirmationPercent: v.nullable(v.number()),
});
export type CodVerificationFigures = v.InferOutput<typeof CodVerificationFiguresSchema>;

import * as v from 'valibot';
import { HomeChecklistSchema } from './home-checklist';
import { operation } from './operation';
import { DashboardQuery } from './schemas/dashboard';

// The seller's dashboard and the home page's headline figures (spec section 7: dashboard and home
// stats; top products, locations, stores and carriers, top 5 by the report limit of section 9).
// Every figure is over forward orders created, or shipments booked, in the period's IST days;
// docs/decisions/dashboard.md says which rows each one counts.

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

// The operations: each declared once, served by server/modules/dashboard/routes.ts, sent by the
// browser with call() and by the server's tests with the same typed call. The period's figures
// take ?period=&fromDate=&toDate=.

const TAG = 'dashboard';
const BASE = '/api/v1/dashboard';

export const API_DASHBOARD = {
  summary: operation({
    method: 'get',
    path: `${BASE}/summary`,
    tag: TAG,
    query: DashboardQuery,
    summary:
      'Orders, shipments, delivered, NDR and RTO (counts and %), average days to deliver and the figures by day, over a period of IST days',
    response: DashboardSummarySchema,
  }),
  money: operation({
    method: 'get',
    path: `${BASE}/money`,
    tag: TAG,
    query: DashboardQuery,
    summary: "COD pending and paid out of the period's delivered orders, and the freight spent on its shipments",
    response: DashboardMoneySchema,
  }),
  couriers: operation({
    method: 'get',
    path: `${BASE}/couriers`,
    tag: TAG,
    query: DashboardQuery,
    summary: 'Courier performance by zone: shipments, delivered %, RTO % and average days to deliver',
    response: CourierPerformanceSchema,
  }),
  top: operation({
    method: 'get',
    path: `${BASE}/top`,
    tag: TAG,
    query: DashboardQuery,
    summary: 'The top 5 products, states, cities, stores (channels) and carriers of the period',
    response: DashboardTopSchema,
  }),
  codVerification: operation({
    method: 'get',
    path: `${BASE}/cod-verification`,
    tag: TAG,
    query: DashboardQuery,
    summary:
      'COD verification of the period: opened, confirmed, cancelled by the buyer, paid now, ended without an answer by rule, awaiting now, and the confirmation rate (Pro and Premium)',
    errors: { 403: 'the plan does not include COD order verification (Pro and Premium do)' },
    response: CodVerificationFiguresSchema,
  }),
  home: operation({
    method: 'get',
    path: `${BASE}/home`,
    tag: TAG,
    summary: "The home page's headline figures: today's orders and shipments, orders ready to ship, open NDR",
    response: HomeStatsSchema,
  }),
  checklist: operation({
    method: 'get',
    path: `${BASE}/checklist`,
    tag: TAG,
    summary:
      "Home's first-parcel checklist, ticked from the seller's records: KYC verified, a pickup address, a wallet that can pay, a first order, a first parcel booked",
    response: HomeChecklistSchema,
  }),
};

import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import {
  API_DASHBOARD,
  CodVerificationFiguresSchema,
  CourierPerformanceSchema,
  DashboardMoneySchema,
  DashboardSummarySchema,
  DashboardTopSchema,
  HomeStatsSchema,
} from '../../../src/domain/dashboard-contract';
import { DashboardQuery } from '../../../src/domain/schemas/dashboard';
import * as dashboard from './service';
import { homeChecklist } from './checklist';
import { HomeChecklistSchema } from '../../../src/domain/home-checklist';

const TAG = 'dashboard';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;

export function registerDashboardRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_DASHBOARD.summary,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    query: DashboardQuery,
    summary:
      'Orders, shipments, delivered, NDR and RTO (counts and %), average days to deliver and the figures by day, over a period of IST days',
    response: DashboardSummarySchema,
    handler: ({ caller, query }) => dashboard.summary(deps.db, caller.orgId, dashboard.spanOf(query, deps.now())),
  });
  router.add({
    method: 'get',
    path: API_DASHBOARD.money,
    tag: TAG,
    access: SELLERS,
    permission: 'wallet.view',
    query: DashboardQuery,
    summary: "COD pending and paid out of the period's delivered orders, and the freight spent on its shipments",
    response: DashboardMoneySchema,
    handler: ({ caller, query }) => dashboard.money(deps.db, caller.orgId, dashboard.spanOf(query, deps.now())),
  });
  router.add({
    method: 'get',
    path: API_DASHBOARD.couriers,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    query: DashboardQuery,
    summary: 'Courier performance by zone: shipments, delivered %, RTO % and average days to deliver',
    response: CourierPerformanceSchema,
    handler: ({ caller, query }) => dashboard.couriers(deps.db, caller.orgId, dashboard.spanOf(query, deps.now())),
  });
  router.add({
    method: 'get',
    path: API_DASHBOARD.top,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    query: DashboardQuery,
    summary: 'The top 5 products, states, cities, stores (channels) and carriers of the period',
    response: DashboardTopSchema,
    handler: ({ caller, query }) => dashboard.top(deps.db, caller.orgId, dashboard.spanOf(query, deps.now())),
  });
  router.add({
    method: 'get',
    path: API_DASHBOARD.codVerification,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    query: DashboardQuery,
    summary:
      'COD verification of the period: opened, confirmed, cancelled by the buyer, paid now, ended without an answer by rule, awaiting now, and the confirmation rate (Pro and Premium)',
    errors: { 403: 'the plan does not include COD order verification (Pro and Premium do)' },
    response: CodVerificationFiguresSchema,
    handler: ({ caller, query }) =>
      dashboard.codVerification(deps.db, caller.orgId, dashboard.spanOf(query, deps.now())),
  });
  router.add({
    method: 'get',
    path: API_DASHBOARD.home,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    summary: "The home page's headline figures: today's orders and shipments, orders ready to ship, open NDR",
    response: HomeStatsSchema,
    handler: ({ caller }) => dashboard.homeStats(deps.db, caller.orgId, deps.now()),
  });
  router.add({
    method: 'get',
    path: API_DASHBOARD.checklist,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    summary:
      "Home's first-parcel checklist, ticked from the seller's records: KYC verified, a pickup address, a wallet that can pay, a first order, a first parcel booked",
    response: HomeChecklistSchema,
    handler: ({ caller }) => homeChecklist(deps, caller.orgId),
  });
}

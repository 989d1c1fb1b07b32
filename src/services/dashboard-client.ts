import type { HomeChecklist } from '../domain/home-checklist';
import {
  API_DASHBOARD,
  type CodVerificationFigures,
  type CourierPerformance,
  type DashboardMoney,
  type DashboardSummary,
  type DashboardTop,
  type HomeStats,
} from '../domain/dashboard-contract';
import type { DashboardQueryInput } from '../domain/schemas/dashboard';
import { dataOf } from './answer';
import type { Http } from './types';

// The dashboard's figures for a period, and the home page's headline figures.

export interface DashboardFigures {
  summary: DashboardSummary;
  /** null for a login without wallet.view */
  money: DashboardMoney | null;
  couriers: CourierPerformance;
  top: DashboardTop;
  /** null when the plan has no COD verification */
  codVerification: CodVerificationFigures | null;
}

const params = (q: DashboardQueryInput) =>
  q.period === 'custom' ? { period: q.period, fromDate: q.fromDate, toDate: q.toDate } : { period: q.period };

export async function fetchDashboard(
  http: Http,
  q: DashboardQueryInput,
  withMoney: boolean,
  withCodVerification = false,
): Promise<DashboardFigures> {
  const [summary, money, couriers, top, codVerification] = await Promise.all([
    dataOf<DashboardSummary>(http.get(API_DASHBOARD.summary, params(q))),
    withMoney ? dataOf<DashboardMoney>(http.get(API_DASHBOARD.money, params(q))) : Promise.resolve(null),
    dataOf<CourierPerformance>(http.get(API_DASHBOARD.couriers, params(q))),
    dataOf<DashboardTop>(http.get(API_DASHBOARD.top, params(q))),
    withCodVerification
      ? dataOf<CodVerificationFigures>(http.get(API_DASHBOARD.codVerification, params(q)))
      : Promise.resolve(null),
  ]);
  return { summary, money, couriers, top, codVerification };
}

export const fetchHomeChecklist = (http: Http): Promise<HomeChecklist> => dataOf(http.get(API_DASHBOARD.checklist));
export const fetchHomeStats = (http: Http): Promise<HomeStats> => dataOf(http.get(API_DASHBOARD.home));

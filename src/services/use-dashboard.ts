import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { mayUse } from '../domain/permissions';
import { planAllowsFeature, sessionPlan } from '../domain/plans';
import { DashboardQuery, type DashboardQueryInput } from '../domain/schemas/dashboard';
import { createDashboardMachine } from '../machines/dashboard.machine';
import {
  API_DASHBOARD,
  type CodVerificationFigures,
  type CourierPerformance,
  type DashboardMoney,
  type DashboardSummary,
  type DashboardTop,
} from '../domain/dashboard-contract';
import { call } from './call';
import type { Http } from './types';
import { inspector } from './inspector';
import { useHttp, useScreenSession } from './screen-services';

// The dashboard bound to the API and the address: the period comes from ?period=&fromDate=&toDate=
// (a reload shows the same figures), and each choice is written back there. Money figures are
// asked for only when the login may see the wallet; COD verification's only when the plan has it.

export interface DashboardFigures {
  summary: DashboardSummary;
  /** null for a login without wallet.view */
  money: DashboardMoney | null;
  couriers: CourierPerformance;
  top: DashboardTop;
  /** null when the plan has no COD verification */
  codVerification: CodVerificationFigures | null;
}

/** The period's figures, each asked for with the same period. */
async function fetchDashboard(
  http: Http,
  q: DashboardQueryInput,
  withMoney: boolean,
  withCodVerification: boolean,
): Promise<DashboardFigures> {
  const query =
    q.period === 'custom' ? { period: q.period, fromDate: q.fromDate, toDate: q.toDate } : { period: q.period };
  const [summary, money, couriers, top, codVerification] = await Promise.all([
    call(http, API_DASHBOARD.summary, { query }),
    withMoney ? call(http, API_DASHBOARD.money, { query }) : Promise.resolve(null),
    call(http, API_DASHBOARD.couriers, { query }),
    call(http, API_DASHBOARD.top, { query }),
    withCodVerification ? call(http, API_DASHBOARD.codVerification, { query }) : Promise.resolve(null),
  ]);
  return { summary, money, couriers, top, codVerification };
}

function queryFrom(params: URLSearchParams): DashboardQueryInput {
  const parsed = v.safeParse(DashboardQuery, {
    period: params.get('period') ?? undefined,
    fromDate: params.get('fromDate') ?? undefined,
    toDate: params.get('toDate') ?? undefined,
  });
  return parsed.success ? parsed.output : { period: '30d' };
}

export function useDashboard() {
  const http = useHttp();
  const session = useScreenSession();
  const { account } = session;
  const [params, setParams] = useSearchParams();
  const withMoney = !account || mayUse(account.role, account.permissions, 'wallet.view');
  const withCodVerification = planAllowsFeature(sessionPlan(session) ?? '', 'codVerification');
  const [machine] = useState(() =>
    createDashboardMachine<DashboardFigures>().provide({
      actors: {
        load: fromPromise(({ input }: { input: DashboardQueryInput }) =>
          fetchDashboard(http, input, withMoney, withCodVerification),
        ),
      },
      actions: {
        remember: (_, q) =>
          setParams(
            q.period === 'custom'
              ? { period: q.period, fromDate: q.fromDate ?? '', toDate: q.toDate ?? '' }
              : { period: q.period },
            { replace: true },
          ),
      },
    }),
  );
  return useMachine(machine, { input: { query: queryFrom(params) }, inspect: inspector() });
}

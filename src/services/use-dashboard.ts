import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { mayUse } from '../domain/permissions';
import { planAllowsFeature } from '../domain/plans';
import { DashboardQuery, type DashboardQueryInput } from '../domain/schemas/dashboard';
import { createDashboardMachine } from '../machines/dashboard.machine';
import { fetchDashboard, type DashboardFigures } from './dashboard-client';
import { inspector } from './inspector';
import { useHttp, useScreenSession } from './screen-services';

// The dashboard bound to the API and the address: the period comes from ?period=&fromDate=&toDate=
// (a reload shows the same figures), and each choice is written back there. Money figures are
// asked for only when the login may see the wallet; COD verification's only when the plan has it.

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
  const { account } = useScreenSession();
  const [params, setParams] = useSearchParams();
  const withMoney = !account || mayUse(account.role, account.permissions, 'wallet.view');
  const withCodVerification = planAllowsFeature(account?.subscriptionType ?? '', 'codVerification');
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

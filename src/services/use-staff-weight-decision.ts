import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { staffWeightDecisionMachine, type StaffWeightRequest } from '../machines/staff-weight-decision.machine';
import { API_WEIGHT } from '../domain/weight-contract';
import { call } from './call';
import { inspector } from './inspector';
import { useHttp } from './screen-services';

// Staff on one weight discrepancy: send it to the courier, decide it, decide its escalation.

export function useStaffWeightDecision(discrepancyId: number) {
  const http = useHttp();
  const [machine] = useState(() =>
    staffWeightDecisionMachine.provide({
      actors: {
        loadDiscrepancy: fromPromise(({ input }: { input: { discrepancyId: number } }) =>
          call(http, API_WEIGHT.staffDiscrepancy, { params: { discrepancyId: input.discrepancyId } }),
        ),
        act: fromPromise(({ input: r }: { input: StaffWeightRequest }) => {
          const params = { discrepancyId: r.discrepancyId };
          if (r.action === 'COURIER') return call(http, API_WEIGHT.sendToCourier, { params });
          // the server names a missing outcome or note
          const body = { outcome: r.outcome!, note: r.note! };
          return call(http, r.action === 'DECIDE' ? API_WEIGHT.decide : API_WEIGHT.decideEscalation, { params, body });
        }),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input: { discrepancyId } });
}

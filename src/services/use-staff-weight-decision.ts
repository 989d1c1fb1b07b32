import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { staffWeightDecisionMachine, type StaffWeightRequest } from '../machines/staff-weight-decision.machine';
import { actOnDiscrepancy, fetchStaffDiscrepancy } from './weight-client';
import { inspector } from './inspector';
import { useHttp } from './screen-services';

// Staff on one weight discrepancy: send it to the courier, decide it, decide its escalation.

export function useStaffWeightDecision(discrepancyId: number) {
  const http = useHttp();
  const [machine] = useState(() =>
    staffWeightDecisionMachine.provide({
      actors: {
        loadDiscrepancy: fromPromise(({ input }: { input: { discrepancyId: number } }) =>
          fetchStaffDiscrepancy(http, input.discrepancyId),
        ),
        act: fromPromise(({ input }: { input: StaffWeightRequest }) => actOnDiscrepancy(http, input)),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input: { discrepancyId } });
}

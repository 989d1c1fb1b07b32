import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { staffDisputeDecisionMachine, type DisputeDecision } from '../machines/staff-dispute-decision.machine';
import { API_DISPUTES } from '../domain/disputes-contract';
import { call } from './call';
import { inspector } from './inspector';
import { notify } from './notify';
import { useHttp } from './screen-services';

// Staff's decision on one delivery dispute: the staff-dispute-decision machine's calls go to the
// disputes API, and each step the dispute takes is told as a notice.

export function useStaffDisputeDecision(disputeId: number) {
  const http = useHttp();
  const [machine] = useState(() =>
    staffDisputeDecisionMachine.provide({
      actors: {
        loadDispute: fromPromise(({ input }: { input: { disputeId: number } }) =>
          call(http, API_DISPUTES.staffDispute, { params: { disputeId: input.disputeId } }),
        ),
        sendToCourier: fromPromise(({ input }: { input: DisputeDecision }) =>
          call(http, API_DISPUTES.sendToCourier, { params: { disputeId: input.disputeId } }),
        ),
        acceptDispute: fromPromise(({ input }: { input: DisputeDecision }) =>
          call(http, API_DISPUTES.accept, {
            params: { disputeId: input.disputeId },
            body: { amount: input.amount, note: input.note },
          }),
        ),
        rejectDispute: fromPromise(({ input }: { input: DisputeDecision }) =>
          call(http, API_DISPUTES.reject, { params: { disputeId: input.disputeId }, body: { note: input.note } }),
        ),
      },
      actions: {
        settled: ({ context }) =>
          context.dispute && notify({ kind: 'info', message: `Dispute ${context.dispute.statusText.toLowerCase()}` }),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input: { disputeId } });
}

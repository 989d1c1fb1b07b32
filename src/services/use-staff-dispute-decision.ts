import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { staffDisputeDecisionMachine, type DisputeDecision } from '../machines/staff-dispute-decision.machine';
import { acceptDispute, fetchStaffDispute, rejectDispute, sendDisputeToCourier } from './disputes-client';
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
          fetchStaffDispute(http, input.disputeId),
        ),
        sendToCourier: fromPromise(({ input }: { input: DisputeDecision }) =>
          sendDisputeToCourier(http, input.disputeId),
        ),
        acceptDispute: fromPromise(({ input }: { input: DisputeDecision }) =>
          acceptDispute(http, input.disputeId, input.amount, input.note),
        ),
        rejectDispute: fromPromise(({ input }: { input: DisputeDecision }) =>
          rejectDispute(http, input.disputeId, input.note),
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

import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import {
  API_DISPUTES,
  type DisputeEligibility,
  type DisputeEvidence,
  type DisputeRow,
  type EvidenceFile,
} from '../domain/disputes-contract';
import { deliveryDisputeMachine, type RaiseDisputeRequest } from '../machines/delivery-dispute.machine';
import { call, sendFile } from './call';
import { useHttp } from './screen-services';
import { inspector } from './inspector';

// The order page's delivery dispute bound to the disputes calls.

export function useDeliveryDispute(orderId: number) {
  const http = useHttp();
  const [machine] = useState(() =>
    deliveryDisputeMachine.provide({
      actors: {
        loadEligibility: fromPromise<DisputeEligibility, { orderId: number }>(({ input }) =>
          call(http, API_DISPUTES.eligibility, { params: { orderId: input.orderId } }),
        ),
        // the machine holds what the browser picked: a File
        uploadEvidence: fromPromise<DisputeEvidence, { file: EvidenceFile }>(({ input }) => {
          const file = input.file as unknown as Blob & { name?: string };
          return sendFile(http, API_DISPUTES.evidence, { blob: file, name: file.name ?? 'evidence' });
        }),
        raiseDispute: fromPromise<DisputeRow, RaiseDisputeRequest>(({ input }) =>
          call(http, API_DISPUTES.raise, { body: input }),
        ),
        loadDispute: fromPromise<DisputeRow, { disputeId: number }>(({ input }) =>
          call(http, API_DISPUTES.dispute, { params: { disputeId: input.disputeId } }),
        ),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input: { orderId } });
}

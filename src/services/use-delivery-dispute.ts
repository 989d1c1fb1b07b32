import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import {
  type DisputeEligibility,
  type DisputeEvidence,
  type DisputeRow,
  type EvidenceFile,
} from '../domain/disputes-contract';
import { deliveryDisputeMachine, type RaiseDisputeRequest } from '../machines/delivery-dispute.machine';
import { fetchDispute, fetchDisputeEligibility, raiseDispute, uploadDisputeEvidence } from './disputes-client';
import { useHttp } from './screen-services';
import { inspector } from './inspector';

// The order page's delivery dispute bound to the disputes calls.

export function useDeliveryDispute(orderId: number) {
  const http = useHttp();
  const [machine] = useState(() =>
    deliveryDisputeMachine.provide({
      actors: {
        loadEligibility: fromPromise<DisputeEligibility, { orderId: number }>(({ input }) =>
          fetchDisputeEligibility(http, input.orderId),
        ),
        // the machine holds what the browser picked: a File
        uploadEvidence: fromPromise<DisputeEvidence, { file: EvidenceFile }>(({ input }) =>
          uploadDisputeEvidence(http, input.file as unknown as File),
        ),
        raiseDispute: fromPromise<DisputeRow, RaiseDisputeRequest>(({ input }) => raiseDispute(http, input)),
        loadDispute: fromPromise<DisputeRow, { disputeId: number }>(({ input }) => fetchDispute(http, input.disputeId)),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input: { orderId } });
}

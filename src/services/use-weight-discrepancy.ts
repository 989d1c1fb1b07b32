import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { weightDiscrepancyMachine, type DisputeRequest } from '../machines/weight-discrepancy.machine';
import { API_WEIGHT } from '../domain/weight-contract';
import { call } from './call';
import { weightPhotos } from './weight-photos';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { useHttp } from './screen-services';

// A seller's weight discrepancy: accept (the wallet is read again), dispute with photos, escalate.

export function useWeightDiscrepancy(discrepancyId: number) {
  const http = useHttp();
  const [machine] = useState(() =>
    weightDiscrepancyMachine.provide({
      actors: {
        loadDiscrepancy: fromPromise(({ input }: { input: { discrepancyId: number } }) =>
          call(http, API_WEIGHT.discrepancy, { params: { discrepancyId: input.discrepancyId } }),
        ),
        acceptDiscrepancy: fromPromise(async ({ input }: { input: { discrepancyId: number } }) => {
          const d = await call(http, API_WEIGHT.accept, { params: { discrepancyId: input.discrepancyId } });
          invalidate('wallet');
          return d;
        }),
        disputeDiscrepancy: fromPromise(({ input: { discrepancyId, ...body } }: { input: DisputeRequest }) =>
          call(http, API_WEIGHT.dispute, { params: { discrepancyId }, body }),
        ),
        escalateDiscrepancy: fromPromise(({ input }: { input: { discrepancyId: number; note: string } }) =>
          call(http, API_WEIGHT.escalate, {
            params: { discrepancyId: input.discrepancyId },
            body: { note: input.note },
          }),
        ),
        photoUpload: weightPhotos(http),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input: { discrepancyId } });
}

import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { weightDiscrepancyMachine, type DisputeRequest } from '../machines/weight-discrepancy.machine';
import { acceptDiscrepancy, disputeDiscrepancy, escalateDiscrepancy, fetchDiscrepancy } from './weight-client';
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
          fetchDiscrepancy(http, input.discrepancyId),
        ),
        acceptDiscrepancy: fromPromise(async ({ input }: { input: { discrepancyId: number } }) => {
          const d = await acceptDiscrepancy(http, input.discrepancyId);
          invalidate('wallet');
          return d;
        }),
        disputeDiscrepancy: fromPromise(({ input }: { input: DisputeRequest }) => disputeDiscrepancy(http, input)),
        escalateDiscrepancy: fromPromise(({ input }: { input: { discrepancyId: number; note: string } }) =>
          escalateDiscrepancy(http, input.discrepancyId, input.note),
        ),
        photoUpload: weightPhotos(http),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input: { discrepancyId } });
}

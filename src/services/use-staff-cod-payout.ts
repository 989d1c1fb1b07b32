import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { staffCodPayoutMachine, type StaffCodRequest } from '../machines/staff-cod-payout.machine';
import { actOnPayout, fetchStaffPayout } from './cod-client';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { useHttp } from './screen-services';

// Staff on one COD payout: mark it paid with the bank's UTR, hold it, release it.

export function useStaffCodPayout(payoutId: number) {
  const http = useHttp();
  const [machine] = useState(() =>
    staffCodPayoutMachine.provide({
      actors: {
        loadPayout: fromPromise(({ input }: { input: { payoutId: number } }) => fetchStaffPayout(http, input.payoutId)),
        act: fromPromise(async ({ input }: { input: StaffCodRequest }) => {
          const detail = await actOnPayout(http, input);
          invalidate('codPayouts');
          return detail;
        }),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input: { payoutId } });
}

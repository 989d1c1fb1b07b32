import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { staffCodPayoutMachine, type StaffCodRequest } from '../machines/staff-cod-payout.machine';
import { API_COD } from '../domain/cod-contract';
import { call } from './call';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { useHttp } from './screen-services';
import type { Http } from './types';

// Staff on one COD payout: mark it paid with the bank's UTR, hold it, release it.

function actOnPayout(http: Http, r: StaffCodRequest) {
  const params = { payoutId: r.payoutId };
  if (r.action === 'MARK_PAID')
    return call(http, API_COD.markPaid, { params, body: { utr: r.utr!, comments: r.comments ?? '' } });
  if (r.action === 'HOLD') return call(http, API_COD.hold, { params, body: { holdReason: r.holdReason! } });
  return call(http, API_COD.release, { params });
}

export function useStaffCodPayout(payoutId: number) {
  const http = useHttp();
  const [machine] = useState(() =>
    staffCodPayoutMachine.provide({
      actors: {
        loadPayout: fromPromise(({ input }: { input: { payoutId: number } }) =>
          call(http, API_COD.staffPayout, { params: { payoutId: input.payoutId } }),
        ),
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

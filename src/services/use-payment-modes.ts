import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { paymentModesMachine, type SaveInput } from '../machines/payment-modes.machine';
import { API_PAYMENT_MODES } from '../domain/payment-modes-contract';
import { call } from './call';
import { inspector } from './inspector';
import { notify } from './notify';
import { useHttp } from './screen-services';

// The payment modes page bound to its calls and the notice on save.

export function usePaymentModes() {
  const http = useHttp();
  const [machine] = useState(() =>
    paymentModesMachine.provide({
      actors: {
        load: fromPromise(({ input }: { input: { showArchived: boolean } }) =>
          call(http, API_PAYMENT_MODES.modes, { query: input.showArchived ? { archived: 'true' } : undefined }),
        ),
        save: fromPromise(({ input }: { input: SaveInput }) =>
          input.modeId === null
            ? call(http, API_PAYMENT_MODES.addMode, { body: input.body })
            : call(http, API_PAYMENT_MODES.mode, { params: { modeId: input.modeId }, body: input.body }),
        ),
        setArchived: fromPromise(({ input }: { input: { modeId: number; archived: boolean } }) =>
          call(http, input.archived ? API_PAYMENT_MODES.archive : API_PAYMENT_MODES.restore, {
            params: { modeId: input.modeId },
          }),
        ),
      },
      actions: { saved: () => notify({ kind: 'info', message: 'Payment mode saved' }) },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}

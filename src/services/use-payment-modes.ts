import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { paymentModesMachine, type SaveInput } from '../machines/payment-modes.machine';
import { fetchPaymentModes, savePaymentMode, setPaymentModeArchived } from './payment-modes-client';
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
          fetchPaymentModes(http, input.showArchived),
        ),
        save: fromPromise(({ input }: { input: SaveInput }) => savePaymentMode(http, input)),
        setArchived: fromPromise(({ input }: { input: { modeId: number; archived: boolean } }) =>
          setPaymentModeArchived(http, input.modeId, input.archived),
        ),
      },
      actions: { saved: () => notify({ kind: 'info', message: 'Payment mode saved' }) },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}

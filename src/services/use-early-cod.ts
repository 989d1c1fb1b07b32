import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { earlyCodMachine, type EarlyCodRequest } from '../machines/early-cod.machine';
import { API_COD } from '../domain/cod-contract';
import type { EarlyCodInput } from '../domain/schemas/cod';
import { call } from './call';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { notify } from './notify';
import { useHttp } from './screen-services';

// The seller's early-COD choice on the COD remittance page: the forecast follows a change.

export function useEarlyCod() {
  const http = useHttp();
  const [machine] = useState(() =>
    earlyCodMachine.provide({
      actors: {
        loadSettings: fromPromise(() => call(http, API_COD.settings)),
        // the days are one of the options the settings offered (the server checks them again)
        saveEarlyCod: fromPromise(({ input }: { input: EarlyCodRequest }) =>
          call(http, API_COD.earlyCod, { body: input as EarlyCodInput }),
        ),
      },
      actions: {
        notify: ({ context }) => {
          invalidate('codPayouts');
          notify({
            kind: 'info',
            message: context.settings?.earlyCodDays
              ? `Early COD is on: D+${context.settings.earlyCodDays}`
              : 'Early COD is off: your plan’s cycle applies',
          });
        },
      },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}

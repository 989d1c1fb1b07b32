import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { splitShipmentMachine } from '../machines/split-shipment.machine';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { notify } from './notify';
import { API_SPLIT } from '../domain/split-contract';
import { call } from './call';
import { useHttp } from './screen-services';

// The split dialog's one binding: the machine's calls go to the split API; once saved the order
// page reads the order and its packages again.

/** `onSaved` closes the dialog once the packages are saved. */
export function useSplitShipment(orderId: number, onSaved: () => void) {
  const http = useHttp();
  const [machine] = useState(() =>
    splitShipmentMachine.provide({
      actors: {
        loadPackages: fromPromise(({ input }) =>
          call(http, API_SPLIT.packages, { params: { orderId: input.orderId } }),
        ),
        saveSplit: fromPromise(({ input }) =>
          call(http, API_SPLIT.saveSplit, { params: { orderId: input.orderId }, body: input.body }),
        ),
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: { orderId }, inspect: inspector() });
  const done = state.status === 'done';
  const saved = useRef(onSaved);
  saved.current = onSaved;
  useEffect(() => {
    if (!done) return;
    saved.current();
    notify({ kind: 'info', message: 'Packages saved: ship them from the order page' });
    invalidate('order');
  }, [done]);
  return [state, send] as const;
}

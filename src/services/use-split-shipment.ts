import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { splitShipmentMachine } from '../machines/split-shipment.machine';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { notify } from './notify';
import { fetchPackages, saveSplit } from './split-client';
import { useHttp } from './screen-services';

// The split dialog's one binding: the machine's calls go to the split API; once saved the order
// page reads the order and its packages again.

/** `onSaved` closes the dialog once the packages are saved. */
export function useSplitShipment(orderId: number, onSaved: () => void) {
  const http = useHttp();
  const [machine] = useState(() =>
    splitShipmentMachine.provide({
      actors: {
        loadPackages: fromPromise(({ input }) => fetchPackages(http, input.orderId)),
        saveSplit: fromPromise(({ input }) => saveSplit(http, input.orderId, input.body)),
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

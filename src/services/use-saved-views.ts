import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { savedViewsMachine } from '../machines/saved-views.machine';
import { inspector } from './inspector';
import { deleteOrderView, fetchOrderViews, saveOrderView } from './order-views-client';
import { useHttp } from './screen-services';

// The saved-views machine bound to the order views API.

export function useSavedViews() {
  const http = useHttp();
  const [machine] = useState(() =>
    savedViewsMachine.provide({
      actors: {
        loadViews: fromPromise(() => fetchOrderViews(http)),
        saveView: fromPromise(({ input }) => saveOrderView(http, input)),
        deleteView: fromPromise(({ input }) => deleteOrderView(http, input.viewId)),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}

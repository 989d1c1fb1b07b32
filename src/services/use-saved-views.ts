import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { savedViewsMachine } from '../machines/saved-views.machine';
import { inspector } from './inspector';
import { API_ORDER_VIEWS } from '../domain/order-views-contract';
import { call } from './call';
import { useHttp } from './screen-services';

// The saved-views machine bound to the order views API.

export function useSavedViews() {
  const http = useHttp();
  const [machine] = useState(() =>
    savedViewsMachine.provide({
      actors: {
        loadViews: fromPromise(() => call(http, API_ORDER_VIEWS.views)),
        saveView: fromPromise(({ input }) => call(http, API_ORDER_VIEWS.save, { body: input })),
        deleteView: fromPromise(async ({ input }) => {
          await call(http, API_ORDER_VIEWS.delete, { params: { viewId: input.viewId } });
          return { viewId: input.viewId };
        }),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}

import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { orderActionsMachine } from '../machines/order-actions.machine';
import { inspector } from './inspector';
import { invalidate, useOnInvalidate, type InvalidationArea } from './invalidate';
import { notify } from './notify';
import { API_ORDERS } from '../domain/orders-contract';
import { call } from './call';
import { useHttp } from './screen-services';

// The order page's one binding: the order-actions machine's calls go to the orders API, its
// notices to the banner, a clone opens the copy, and an 'order' invalidation reads the order again.

export function useOrderActions(orderId: string) {
  const http = useHttp();
  const navigate = useNavigate();
  const [machine] = useState(() =>
    orderActionsMachine.provide({
      actors: {
        fetchOrder: fromPromise(({ input }) => call(http, API_ORDERS.order, { params: { orderId: input.orderId } })),
        saveWeight: fromPromise(({ input }) =>
          call(http, API_ORDERS.dimensions, { params: { orderId: input.orderId }, body: input.body }),
        ),
        saveNumber: fromPromise(({ input }) =>
          call(http, API_ORDERS.orderNumber, {
            params: { orderId: input.orderId },
            body: { orderNumber: input.orderNumber },
          }),
        ),
        escalate: fromPromise(({ input }) =>
          call(http, API_ORDERS.escalation, { params: { orderId: input.orderId }, body: { reason: input.reason } }),
        ),
        cancelOrder: fromPromise(({ input }) => call(http, API_ORDERS.cancel, { params: { orderId: input.orderId } })),
        archive: fromPromise(({ input }) =>
          call(http, API_ORDERS.archive, { body: { orderIds: [input.orderId], archived: input.archived } }),
        ),
        cloneOrder: fromPromise(({ input }) => call(http, API_ORDERS.clone, { params: { orderId: input.orderId } })),
      },
      actions: {
        tell: ({ context }) => context.notice && notify(context.notice),
        invalidate: (_, params) => invalidate(...(params.areas as InvalidationArea[])),
        openCopy: ({ context }) => context.copy && navigate(`/orders/${context.copy.orderId}`),
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: { orderId }, inspect: inspector() });
  useOnInvalidate('order', () => send({ type: 'RELOAD' }));
  return [state, send] as const;
}

import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { orderActionsMachine } from '../machines/order-actions.machine';
import { inspector } from './inspector';
import { invalidate, useOnInvalidate, type InvalidationArea } from './invalidate';
import { notify } from './notify';
import {
  archiveOrders,
  cancelOrder,
  cloneOrder,
  escalateOrder,
  fetchOrder,
  updateDimensions,
  updateOrderNumber,
} from './orders-client';
import { useHttp } from './screen-services';

// The order page's one binding: the order-actions machine's calls go to the orders API, its
// notices to the banner, a clone opens the copy, and an 'order' invalidation reads the order again.

export function useOrderActions(orderId: string) {
  const http = useHttp();
  const navigate = useNavigate();
  const [machine] = useState(() =>
    orderActionsMachine.provide({
      actors: {
        fetchOrder: fromPromise(({ input }) => fetchOrder(http, input.orderId)),
        saveWeight: fromPromise(({ input }) => updateDimensions(http, input.orderId, input.body)),
        saveNumber: fromPromise(({ input }) => updateOrderNumber(http, input.orderId, input.orderNumber)),
        escalate: fromPromise(({ input }) => escalateOrder(http, input.orderId, input.reason)),
        cancelOrder: fromPromise(({ input }) => cancelOrder(http, input.orderId)),
        archive: fromPromise(({ input }) => archiveOrders(http, [input.orderId], input.archived)),
        cloneOrder: fromPromise(({ input }) => cloneOrder(http, input.orderId)),
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

import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { shipmentFollowMachine } from '../machines/shipment-follow.machine';
import { inspector } from './inspector';
import { invalidate, useOnInvalidate } from './invalidate';
import { orderLiveUpdates } from './live-stream-reader';
import { notify } from './notify';
import { useHttp } from './screen-services';
import { API_SHIPPING } from '../domain/shipping-contract';
import { call } from './call';

// The shipment panel's one binding: the machine's reads and cancel go to the shipping API, its
// live updates to the order's event stream, a cancellation makes the order and the wallet stale,
// and a 'shipment' invalidation reads again.

export function useShipmentFollow(orderId: number, orderStatus: string) {
  const http = useHttp();
  const [machine] = useState(() =>
    shipmentFollowMachine.provide({
      actors: {
        fetchShipment: fromPromise(({ input }) =>
          call(http, API_SHIPPING.shipment, { params: { orderId: input.orderId } }),
        ),
        cancelShipment: fromPromise(({ input }) =>
          call(http, API_SHIPPING.cancelShipment, { params: { orderId: input.orderId } }),
        ),
        liveUpdates: orderLiveUpdates,
      },
      actions: {
        orderMoved: () => invalidate('order'),
        cancelled: ({ context }) => {
          if (context.notice) notify(context.notice);
          invalidate('order', 'shipment', 'orders', 'wallet');
        },
        cancelFailed: ({ context }) => context.notice && notify(context.notice),
      },
    }),
  );
  const [state, send, actor] = useMachine(machine, { input: { orderId, orderStatus }, inspect: inspector() });
  useOnInvalidate('shipment', () => send({ type: 'REFRESH' }));
  return [state, send, actor] as const;
}

import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { API_B2B, type B2bOrderDetail } from '../domain/b2b-contract';
import { b2bPickupRequestMachine, type B2bPickupRequestInput } from '../machines/b2b-pickup-request.machine';
import { call } from './call';
import { inspector } from './inspector';
import { notify } from './notify';
import { useHttp } from './screen-services';

// A B2B order's pickup dialog bound to the B2B API; the order as the server now has it goes to
// `onDone` (the page shows the pickup) with a notice naming the day.

export function useB2bPickupRequest(input: B2bPickupRequestInput, onDone: (order: B2bOrderDetail) => void) {
  const http = useHttp();
  const [machine] = useState(() =>
    b2bPickupRequestMachine.provide({
      actors: {
        requestPickup: fromPromise(async ({ input: req }) => {
          const order = await call(http, API_B2B.requestPickup, { params: { orderId: req.orderId }, body: req.body });
          notify({ kind: 'info', message: `Pickup asked for ${order.pickup?.whenText ?? ''}`.trim() });
          onDone(order);
          return order;
        }),
      },
    }),
  );
  return useMachine(machine, { input, inspect: inspector() });
}

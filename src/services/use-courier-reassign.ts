import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { courierReassignMachine } from '../machines/courier-reassign.machine';
import { inspector } from './inspector';
import { newIdempotencyKey as newKey } from './idempotency-key';
import { invalidate } from './invalidate';
import { useHttp } from './screen-services';
import { API_SHIPPING } from '../domain/shipping-contract';
import { call } from './call';

// The change-courier dialog's one binding: the machine's quotes and reassignment go to the
// shipping API, and a done reassignment makes the order (its history), its shipment panel, the
// orders list and the wallet stale.

export function useCourierReassign(orderId: number, currentCarrierCode: string) {
  const http = useHttp();
  const [machine] = useState(() =>
    courierReassignMachine.provide({
      actors: {
        loadQuotes: fromPromise(({ input }) =>
          call(http, API_SHIPPING.courierQuotes, { params: { orderId: input.orderId } }),
        ),
        reassign: fromPromise(({ input }) =>
          call(http, API_SHIPPING.reassign, {
            params: { orderId: input.orderId },
            body: { carrierCode: input.carrierCode, idempotencyKey: input.idempotencyKey },
          }),
        ),
      },
      actions: { reassigned: () => invalidate('order', 'shipment', 'orders', 'wallet') },
    }),
  );
  return useMachine(machine, {
    input: { orderId, currentCarrierCode, idempotencyKey: newKey() },
    inspect: inspector(),
  });
}

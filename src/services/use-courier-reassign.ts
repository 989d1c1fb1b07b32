import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { courierReassignMachine } from '../machines/courier-reassign.machine';
import { inspector } from './inspector';
import { newIdempotencyKey as newKey } from './idempotency-key';
import { invalidate } from './invalidate';
import { useHttp } from './screen-services';
import { fetchCourierQuotes, reassignOrder } from './shipping-client';

// The change-courier dialog's one binding: the machine's quotes and reassignment go to the
// shipping API, and a done reassignment makes the order (its history), its shipment panel, the
// orders list and the wallet stale.

export function useCourierReassign(orderId: number, currentCarrierCode: string) {
  const http = useHttp();
  const [machine] = useState(() =>
    courierReassignMachine.provide({
      actors: {
        loadQuotes: fromPromise(({ input }) => fetchCourierQuotes(http, input.orderId)),
        reassign: fromPromise(({ input }) =>
          reassignOrder(http, input.orderId, input.carrierCode, input.idempotencyKey),
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

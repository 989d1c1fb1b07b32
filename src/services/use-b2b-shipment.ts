import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { API_B2B } from '../domain/b2b-contract';
import type { FreightCarrierCode } from '../domain/b2b/order-facts';
import { b2bShipmentMachine } from '../machines/b2b-shipment.machine';
import { call } from './call';
import { newIdempotencyKey } from './idempotency-key';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { notify } from './notify';
import { useHttp } from './screen-services';

// A B2B order's page bound to the B2B API: the order, its e-way bills (generated or entered),
// the carriers' quotes, the booking (the server charges and books once however often it is
// asked) and the cancel. What an action
// did is a notice; a booking or a cancel makes the wallet and the lists stale.

export function useB2bShipment(orderId: number) {
  const http = useHttp();
  const [machine] = useState(() =>
    b2bShipmentMachine.provide({
      actors: {
        fetchOrder: fromPromise(({ input }) => call(http, API_B2B.one, { params: { orderId: input.orderId } })),
        saveEwayBill: fromPromise(({ input }) => {
          const params = { orderId: input.orderId, invoiceId: input.invoiceId };
          return input.mode === 'GENERATE'
            ? call(http, API_B2B.generateEwayBill, { params, body: input.body })
            : call(http, API_B2B.enterEwayBill, { params, body: input.body });
        }),
        loadQuotes: fromPromise(({ input }) => call(http, API_B2B.orderQuotes, { params: { orderId: input.orderId } })),
        book: fromPromise(({ input }) =>
          call(http, API_B2B.book, {
            params: { orderId: input.orderId },
            body: { carrierCode: input.carrierCode as FreightCarrierCode },
          }),
        ),
        cancel: fromPromise(({ input }) =>
          call(http, API_B2B.cancel, { params: { orderId: input.orderId }, body: { reason: '' } }),
        ),
      },
      actions: {
        tell: ({ context }) => context.notice && notify(context.notice),
        orderChanged: () => invalidate('orders', 'wallet'),
      },
    }),
  );
  return useMachine(machine, { input: { orderId, idempotencyKey: newIdempotencyKey() }, inspect: inspector() });
}

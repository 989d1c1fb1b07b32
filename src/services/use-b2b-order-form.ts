import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { API_B2B } from '../domain/b2b-contract';
import type { DraftWarehouse } from '../domain/b2b/order-draft';
import { istDay } from '../domain/format';
import { b2bOrderFormMachine } from '../machines/b2b-order-form.machine';
import { call } from './call';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { notify } from './notify';
import { useHttp } from './screen-services';

// The new B2B order form's one binding: the warehouses and the live quote from the B2B API, the
// create; a saved order is announced and opened, and the orders lists are stale. The API takes
// an invoice's file by id only; the product has no upload of a B2B invoice file yet, so the
// form does not offer one and the actor says so if asked.

export function useB2bOrderForm() {
  const http = useHttp();
  const navigate = useNavigate();
  const [machine] = useState(() =>
    b2bOrderFormMachine.provide({
      actors: {
        loadWarehouses: fromPromise<DraftWarehouse[]>(
          async () => (await call(http, API_B2B.warehouses, { query: { recordsPerPage: 100 } })).items,
        ),
        quote: fromPromise(({ input }) => call(http, API_B2B.quote, { body: input })),
        uploadInvoice: fromPromise(async (): Promise<{ fileId: string }> => {
          throw new Error('Invoice files cannot be attached here yet');
        }),
        createOrder: fromPromise(({ input }) => call(http, API_B2B.create, { body: input })),
      },
      actions: {
        needsAttention: () => notify({ kind: 'error', message: 'Some fields need attention' }),
        saved: ({ context }) => {
          const o = context.saved!;
          notify({ kind: 'info', message: `B2B order ${o.orderNumber} added` });
          invalidate('orders');
          navigate(`/b2b/orders/${o.orderId}`);
        },
      },
    }),
  );
  return useMachine(machine, { input: { today: istDay() }, inspect: inspector() });
}

import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { API_B2B } from '../domain/b2b-contract';
import type { DraftWarehouse } from '../domain/b2b/order-draft';
import { istDay } from '../domain/format';
import { b2bOrderFormMachine } from '../machines/b2b-order-form.machine';
import { call, sendFile } from './call';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { notify } from './notify';
import { useHttp } from './screen-services';

// The new B2B order form's one binding: the warehouses, the live quote, an invoice's file (stored
// as it is picked, then named by its id) and the create, from the B2B API; a saved order is
// announced and opened, and the orders lists are stale.

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
        uploadInvoice: fromPromise(async ({ input }) => {
          // the form sends the File the browser picked
          if (!(input.file instanceof Blob)) throw new Error('Choose the invoice file again');
          return sendFile(http, API_B2B.invoiceFile, { blob: input.file, name: input.file.name });
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

import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { API_B2B, type B2bInvoiceRow } from '../domain/b2b-contract';
import { ewayBillChangeMachine, type EwayBillChangeInput } from '../machines/eway-bill-change.machine';
import { call } from './call';
import { inspector } from './inspector';
import { notify } from './notify';
import { useHttp } from './screen-services';

// An e-way bill's Part B or extension dialog bound to the B2B API; the changed invoice goes to
// `onDone` (the order's page shows its new validity) with a notice saying what was done.

export function useEwayBillChange(input: EwayBillChangeInput, onDone: (invoice: B2bInvoiceRow) => void) {
  const http = useHttp();
  const [machine] = useState(() =>
    ewayBillChangeMachine.provide({
      actors: {
        saveChange: fromPromise(async ({ input: req }) => {
          const params = { orderId: req.orderId, invoiceId: req.invoiceId };
          const invoice =
            req.mode === 'PART_B'
              ? await call(http, API_B2B.ewayBillPartB, { params, body: req.body })
              : await call(http, API_B2B.extendEwayBill, { params, body: req.body });
          notify({ kind: 'info', message: req.mode === 'PART_B' ? 'Part B updated' : 'E-way bill extended' });
          onDone(invoice);
          return invoice;
        }),
      },
    }),
  );
  return useMachine(machine, { input, inspect: inspector() });
}

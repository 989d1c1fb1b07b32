import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { sellerAccountOptions } from '../domain/live/simulation';
import { simulationPickerMachine } from '../machines/simulation-picker.machine';
import { API_CORPORATE } from '../domain/corporate-contract';
import { call } from './call';
import { inspector } from './inspector';
import { useHttp } from './screen-services';
import { createTestOrder, findSimulationOrderId } from './simulation-client';

// Choosing the order to simulate: the accounts list for a test order, the order behind an id or
// AWB, and then its simulation page.

export function useSimulationPicker() {
  const http = useHttp();
  const navigate = useNavigate();
  const [machine] = useState(() =>
    simulationPickerMachine.provide({
      actors: {
        loadAccounts: fromPromise(async ({ input }: { input: { search: string } }) =>
          sellerAccountOptions(
            (
              await call(http, API_CORPORATE.accounts, {
                query: { pageNumber: 0, recordsPerPage: 50, searchPattern: input.search || undefined },
              })
            ).items,
          ),
        ),
        findOrder: fromPromise(({ input }: { input: { ref: string } }) => findSimulationOrderId(http, input.ref)),
        createTestOrder: fromPromise(
          async ({ input }: { input: { accountId: number } }) => (await createTestOrder(http, input.accountId)).orderId,
        ),
      },
      actions: { opened: ({ context }) => navigate(`/dakiya/simulation/${context.orderId}`) },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}

import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { parseOrderRef, sellerAccountOptions, SIMULATION_TEXT } from '../domain/live/simulation';
import { simulationPickerMachine } from '../machines/simulation-picker.machine';
import { API_CORPORATE } from '../domain/corporate-contract';
import { call } from './call';
import { inspector } from './inspector';
import { useHttp } from './screen-services';
import { API_SIMULATION } from '../domain/simulation-contract';
import type { ApiFailure, Http } from './types';

// Choosing the order to simulate: the accounts list for a test order, the order behind an id or
// AWB, and then its simulation page.

/** The order id behind what staff typed: the id itself, or for an AWB the order its shipment belongs to. */
async function findSimulationOrderId(http: Http, ref: string): Promise<number> {
  const parsed = parseOrderRef(ref);
  if (!parsed) throw { status: 400, message: SIMULATION_TEXT.ref } satisfies ApiFailure;
  if ('orderId' in parsed) return parsed.orderId;
  return (await call(http, API_SIMULATION.orderByAwb, { params: { awb: parsed.awb } })).orderId;
}

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
          async ({ input }: { input: { accountId: number } }) =>
            (await call(http, API_SIMULATION.testOrder, { body: { accountId: input.accountId } })).orderId,
        ),
      },
      actions: { opened: ({ context }) => navigate(`/dakiya/simulation/${context.orderId}`) },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}

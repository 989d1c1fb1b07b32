import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { SimulationStep } from '../domain/live-events-contract';
import { API_SIMULATION } from '../domain/simulation-contract';
import { call } from './call';
import { simulationOrderMachine, type RunRequest } from '../machines/simulation-order.machine';
import { inspector } from './inspector';
import { orderLiveUpdates } from './live-stream-reader';
import { useHttp } from './screen-services';

// Driving one order: its reads, steps, runs and stops go to the simulation API, and its live
// updates to the staff event stream.

export function useSimulationOrder(orderId: number) {
  const http = useHttp();
  const [machine] = useState(() =>
    simulationOrderMachine.provide({
      actors: {
        loadOrder: fromPromise(({ input }: { input: { orderId: number } }) =>
          call(http, API_SIMULATION.order, { params: { orderId: input.orderId } }),
        ),
        step: fromPromise(({ input }: { input: { orderId: number; step: SimulationStep } }) =>
          call(http, API_SIMULATION.step, { params: { orderId: input.orderId }, body: { step: input.step } }),
        ),
        run: fromPromise(({ input }: { input: RunRequest }) =>
          call(http, API_SIMULATION.run, {
            params: { orderId: input.orderId },
            body: { steps: input.steps, intervalSeconds: input.intervalSeconds },
          }),
        ),
        stop: fromPromise(({ input }: { input: { orderId: number } }) =>
          call(http, API_SIMULATION.stop, { params: { orderId: input.orderId } }),
        ),
        liveUpdates: orderLiveUpdates,
      },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input: { orderId } });
}

import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { SimulationStep } from '../domain/live-events-contract';
import { simulationOrderMachine, type RunRequest } from '../machines/simulation-order.machine';
import { inspector } from './inspector';
import { orderLiveUpdates } from './live-stream-reader';
import { useHttp } from './screen-services';
import { fetchSimulationOrder, runSimulation, stepSimulation, stopSimulation } from './simulation-client';

// Driving one order: its reads, steps, runs and stops go to the simulation API, and its live
// updates to the staff event stream.

export function useSimulationOrder(orderId: number) {
  const http = useHttp();
  const [machine] = useState(() =>
    simulationOrderMachine.provide({
      actors: {
        loadOrder: fromPromise(({ input }: { input: { orderId: number } }) =>
          fetchSimulationOrder(http, input.orderId),
        ),
        step: fromPromise(({ input }: { input: { orderId: number; step: SimulationStep } }) =>
          stepSimulation(http, input.orderId, input.step),
        ),
        run: fromPromise(({ input }: { input: RunRequest }) =>
          runSimulation(http, input.orderId, input.steps, input.intervalSeconds),
        ),
        stop: fromPromise(({ input }: { input: { orderId: number } }) => stopSimulation(http, input.orderId)),
        liveUpdates: orderLiveUpdates,
      },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input: { orderId } });
}

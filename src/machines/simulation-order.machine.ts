import { and, assign, fromPromise, sendTo, setup } from 'xstate';
import { LIVE_API, type SimulationOrder, type SimulationStep } from '../domain/live-events-contract';
import { pathOf } from '../domain/operation';
import {
  parseInterval,
  runPath,
  SIMULATION_INTERVAL,
  SIMULATION_TEXT,
  withLiveEvent,
  type SimulationGoal,
} from '../domain/live/simulation';
import { takeFailure } from './failure';
import { noLiveUpdates, type LiveState, type LiveUpdate } from './live-updates';

// Staff drive one order's courier life (/dakiya/simulation/:orderId): load it, then follow its
// staff live stream while they move it one allowed step at a time, or run it to an end at an
// interval and stop the run. Two regions while viewing: `work` (one request at a time) and
// `sync` (each live status event joins the order at once, then the order is read again for
// its next steps and the run's progress). The stream's state is shown; a refused stream is
// passed on with its error, and RETRY_LIVE asks it again.

export interface SimulationOrderContext {
  orderId: number;
  order: SimulationOrder | null;
  /** the interval as typed */
  interval: string;
  goal: SimulationGoal;
  live: LiveState;
  liveError: string | null;
  error: string | null;
}

export type SimulationOrderEvent =
  | { type: 'STEP'; step: SimulationStep }
  | { type: 'INTERVAL'; value: string }
  | { type: 'GOAL'; goal: SimulationGoal }
  | { type: 'RUN' }
  | { type: 'STOP' }
  | { type: 'RETRY' }
  | { type: 'RETRY_LIVE' }
  | LiveUpdate;

export interface RunRequest {
  orderId: number;
  steps: SimulationStep[];
  intervalSeconds: number;
}

export const simulationOrderMachine = setup({
  types: {
    context: {} as SimulationOrderContext,
    events: {} as SimulationOrderEvent,
    input: {} as { orderId: number },
  },
  actors: {
    loadOrder: fromPromise<SimulationOrder, { orderId: number }>(async () => {
      throw new Error('loadOrder not provided');
    }),
    step: fromPromise<SimulationOrder, { orderId: number; step: SimulationStep }>(async () => {
      throw new Error('step not provided');
    }),
    run: fromPromise<SimulationOrder, RunRequest>(async () => {
      throw new Error('run not provided');
    }),
    stop: fromPromise<SimulationOrder, { orderId: number }>(async () => {
      throw new Error('stop not provided');
    }),
    liveUpdates: noLiveUpdates,
  },
  guards: {
    stepAllowed: ({ context, event }) =>
      event.type === 'STEP' && !context.order?.running && !!context.order?.nextSteps.includes(event.step),
    intervalValid: ({ context }) => parseInterval(context.interval) !== null,
    runnable: ({ context }) =>
      !!context.order && !context.order.running && runPath(context.order.status, context.goal).length > 0,
    running: ({ context }) => !!context.order?.running,
  },
  actions: {
    takeOrder: assign({ order: (_, order: SimulationOrder) => order, error: null }),
    takeError: assign(takeFailure),
  },
}).createMachine({
  id: 'simulationOrder',
  context: ({ input }) => ({
    orderId: input.orderId,
    order: null,
    interval: String(SIMULATION_INTERVAL.initial),
    goal: 'DLV',
    live: 'connecting',
    liveError: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'viewing', actions: { type: 'takeOrder', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: 'takeError' },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    viewing: {
      type: 'parallel',
      invoke: {
        id: 'liveUpdates',
        src: 'liveUpdates',
        input: ({ context }) => ({ url: pathOf(LIVE_API.staffOrder, { orderId: context.orderId }) }),
      },
      on: {
        LIVE_STATE: { actions: assign({ live: ({ event }) => event.state, liveError: ({ event }) => event.error }) },
        RETRY_LIVE: { actions: sendTo('liveUpdates', { type: 'RETRY' }) },
        INTERVAL: { actions: assign({ interval: ({ event }) => event.value.slice(0, 3), error: null }) },
        GOAL: { actions: assign({ goal: ({ event }) => event.goal, error: null }) },
      },
      states: {
        work: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                STEP: { guard: 'stepAllowed', target: 'stepping' },
                RUN: [
                  { guard: and(['runnable', 'intervalValid']), target: 'starting' },
                  { guard: 'runnable', actions: assign({ error: SIMULATION_TEXT.interval }) },
                  { actions: assign({ error: SIMULATION_TEXT.noRun }) },
                ],
                STOP: { guard: 'running', target: 'stopping' },
              },
            },
            stepping: {
              invoke: {
                id: 'step',
                src: 'step',
                input: ({ context, event }) => ({
                  orderId: context.orderId,
                  step: (event as { step: SimulationStep }).step,
                }),
                onDone: { target: 'idle', actions: { type: 'takeOrder', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: 'takeError' },
              },
            },
            starting: {
              invoke: {
                id: 'run',
                src: 'run',
                input: ({ context }) => ({
                  orderId: context.orderId,
                  steps: runPath(context.order?.status ?? '', context.goal),
                  intervalSeconds: parseInterval(context.interval) ?? SIMULATION_INTERVAL.initial,
                }),
                onDone: { target: 'idle', actions: { type: 'takeOrder', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: 'takeError' },
              },
            },
            stopping: {
              invoke: {
                id: 'stop',
                src: 'stop',
                input: ({ context }) => ({ orderId: context.orderId }),
                onDone: { target: 'idle', actions: { type: 'takeOrder', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: 'takeError' },
              },
            },
          },
        },
        sync: {
          initial: 'current',
          on: {
            // shown at once; the read after it brings the next steps and the run's progress
            LIVE_STATUS: {
              target: '.reading',
              reenter: true,
              actions: assign({
                order: ({ context, event }) => context.order && withLiveEvent(context.order, event.event),
              }),
            },
          },
          states: {
            current: {},
            reading: {
              invoke: {
                id: 'refreshOrder',
                src: 'loadOrder',
                input: ({ context }) => ({ orderId: context.orderId }),
                onDone: { target: 'current', actions: assign({ order: ({ event }) => event.output }) },
                // the live event is already shown; the next one reads again
                onError: { target: 'current' },
              },
            },
          },
        },
      },
    },
  },
});

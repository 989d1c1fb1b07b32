import { assign, fromPromise, setup } from 'xstate';
import { takeFailure } from './failure';

// One server call behind a screen: a page that loads on arrival (plans, staff counts, the
// accounts table) or an action the user starts (change password, open a seller panel).
// A page load sends RUN when it mounts. While a call runs, further RUNs are ignored, so a
// double click (or React's development double mount) never sends twice. A RELOAD (a page's read
// asked again: another part of the page changed what it shows, or its input changed) restarts a
// call under way instead, so the answer shown is the one asked for last and no change is lost.

export interface RequestContext {
  params: unknown;
  data: unknown;
  error: string | null;
}

export type RequestEvent =
  { type: 'RUN'; params?: unknown } | { type: 'RELOAD'; params?: unknown } | { type: 'RETRY' } | { type: 'RESET' };

export const requestMachine = setup({
  types: {
    context: {} as RequestContext,
    events: {} as RequestEvent,
  },
  actors: {
    // replaced through provide(): the screen's service call
    request: fromPromise<unknown, unknown>(async () => {
      throw new Error('request actor not provided');
    }),
  },
  actions: {
    takeParams: assign({
      params: ({ event }) => ('params' in event ? event.params : undefined),
    }),
    clear: assign({ data: null, error: null }),
    /** what the screen does with an answer (navigate, open a window, notify): provided by it */
    reportDone: () => {},
    reportError: () => {},
  },
}).createMachine({
  id: 'request',
  context: { params: undefined, data: null, error: null },
  initial: 'idle',
  // from any state; from running it stops the call under way and drops its answer: the later ask
  // is the one that counts
  on: { RELOAD: { target: '.running', reenter: true, actions: 'takeParams' } },
  states: {
    idle: {
      on: { RUN: { target: 'running', actions: 'takeParams' } },
    },
    running: {
      invoke: {
        id: 'request',
        src: 'request',
        input: ({ context }: { context: RequestContext }) => context.params,
        onDone: {
          target: 'succeeded',
          actions: [assign({ data: ({ event }) => event.output, error: null }), 'reportDone'],
        },
        onError: {
          target: 'failed',
          actions: [assign(takeFailure), 'reportError'],
        },
      },
    },
    succeeded: {
      on: {
        RUN: { target: 'running', actions: 'takeParams' },
        RESET: { target: 'idle', actions: 'clear' },
      },
    },
    failed: {
      on: {
        RUN: { target: 'running', actions: 'takeParams' },
        RETRY: { target: 'running' },
        RESET: { target: 'idle', actions: 'clear' },
      },
    },
  },
});

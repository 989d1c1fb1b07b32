import { assign, fromPromise, setup } from 'xstate';
import type { DashboardPeriod } from '../domain/dashboard-period';
import { customPeriodError, type DashboardQueryInput } from '../domain/schemas/dashboard';
import { takeFailure } from './failure';

// The dashboard (/dashboard): its figures for a period. A preset period loads at once; a custom
// one is checked first (both days, in order, at most a year) and its mistake said beside the
// days. The chosen period is remembered in the address, so a reload shows the same figures.

export interface DashboardContext<F> {
  query: DashboardQueryInput;
  figures: F | null;
  error: string | null;
  /** what is wrong with the custom days */
  rangeError: string | null;
}

export type DashboardEvent =
  | { type: 'PERIOD'; period: Exclude<DashboardPeriod, 'custom'> }
  | { type: 'CUSTOM'; fromDate: string; toDate: string }
  | { type: 'RETRY' };

export function createDashboardMachine<F>() {
  return setup({
    types: {
      context: {} as DashboardContext<F>,
      events: {} as DashboardEvent,
      input: {} as { query: DashboardQueryInput },
    },
    actors: {
      load: fromPromise<F, DashboardQueryInput>(async () => {
        throw new Error('not provided');
      }),
    },
    actions: {
      /** keeps the period in the address */
      remember: (_, _q: DashboardQueryInput) => {},
    },
    guards: {
      customValid: ({ event }) => event.type === 'CUSTOM' && customPeriodError(event.fromDate, event.toDate) === null,
    },
  }).createMachine({
    id: 'dashboard',
    context: ({ input }) => ({ query: input.query, figures: null, error: null, rangeError: null }),
    initial: 'loading',
    on: {
      PERIOD: {
        target: '.loading',
        actions: [
          assign({ query: ({ event }) => ({ period: event.period }), rangeError: null }),
          { type: 'remember', params: ({ event }) => ({ period: event.period }) },
        ],
      },
      CUSTOM: [
        {
          guard: 'customValid',
          target: '.loading',
          actions: [
            assign({
              query: ({ event }) => ({ period: 'custom' as const, fromDate: event.fromDate, toDate: event.toDate }),
              rangeError: null,
            }),
            {
              type: 'remember',
              params: ({ event }) => ({ period: 'custom' as const, fromDate: event.fromDate, toDate: event.toDate }),
            },
          ],
        },
        { actions: assign({ rangeError: ({ event }) => customPeriodError(event.fromDate, event.toDate) }) },
      ],
    },
    states: {
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => context.query,
          onDone: { target: 'ready', actions: assign({ figures: ({ event }) => event.output, error: null }) },
          onError: { target: 'failed', actions: assign(takeFailure) },
        },
      },
      ready: {},
      failed: { on: { RETRY: 'loading' } },
    },
  });
}

export const dashboardMachine = createDashboardMachine<unknown>();

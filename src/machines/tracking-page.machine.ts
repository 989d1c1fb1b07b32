import { assign, fromPromise, setup } from 'xstate';
import type { TrackingData } from '../domain/tracking-contract';
import { TIMING } from '../domain/constants';
import { LIVE_API } from '../domain/live-events-contract';
import { pathOf } from '../domain/operation';
import { noLiveUpdates, type LiveUpdate } from './live-updates';

// The buyer's tracking page (spec sections 2 and 9): the data loads while a spinner shows for
// at least the loading period (2 s, TIMING.trackingLoadingMs; 0 for measurements); then the page,
// or /error when the data cannot be had. Once shown, the page follows the shipment's public live
// stream (by AWB) and reads the tracking again on each status event; a stream or a read that
// fails leaves the page as it is (the buyer has nothing to do about it). The page's HTML may carry
// the answer (server/http/page-hints.ts): then nothing is read, and with no loading period the
// page is shown from the first render on, as the server drew it.

export interface TrackingPageInput {
  /** which lookup: by order and tracking number, by number, by short code */
  ref: { orderRef?: string; trackingRef?: string; shortCode?: string; isReturn?: boolean };
  minimumLoadingMs?: number;
  /** the answer the page's HTML carried, when it did */
  data?: TrackingData;
}

export interface TrackingPageContext extends Omit<TrackingPageInput, 'data'> {
  data: TrackingData | null;
}

export const trackingPageMachine = setup({
  types: { context: {} as TrackingPageContext, input: {} as TrackingPageInput, events: {} as LiveUpdate },
  actors: {
    fetchTracking: fromPromise<TrackingData, TrackingPageInput['ref']>(async () => {
      throw new Error('fetchTracking not provided');
    }),
    liveUpdates: noLiveUpdates,
  },
  guards: {
    answerGiven: ({ context }) => context.data !== null,
    shownAtOnce: ({ context }) => context.data !== null && context.minimumLoadingMs === 0,
  },
  delays: { minimumLoading: ({ context }) => context.minimumLoadingMs ?? TIMING.trackingLoadingMs },
}).createMachine({
  id: 'trackingPage',
  context: ({ input }) => ({ ...input, data: input.data ?? null }),
  initial: 'loading',
  states: {
    loading: {
      type: 'parallel',
      // the answer came with the page and nothing is to wait for: no spinner at all
      always: { guard: 'shownAtOnce', target: 'loaded' },
      states: {
        data: {
          initial: 'fetching',
          states: {
            fetching: {
              always: { guard: 'answerGiven', target: 'ready' },
              invoke: {
                id: 'fetchTracking',
                src: 'fetchTracking',
                input: ({ context }) => context.ref,
                onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output }) },
                onError: { target: '#trackingPage.error' },
              },
            },
            ready: { type: 'final' },
          },
        },
        minimum: {
          initial: 'waiting',
          states: {
            waiting: { after: { minimumLoading: 'elapsed' } },
            elapsed: { type: 'final' },
          },
        },
      },
      onDone: 'loaded',
    },
    loaded: {
      invoke: {
        id: 'liveUpdates',
        src: 'liveUpdates',
        input: ({ context }) => ({
          url: pathOf(LIVE_API.tracking, { trackingRef: context.data?.trackingNumber ?? '' }),
        }),
      },
      initial: 'shown',
      states: {
        shown: { on: { LIVE_STATUS: 'refreshing' } },
        refreshing: {
          invoke: {
            id: 'refreshTracking',
            src: 'fetchTracking',
            input: ({ context }) => context.ref,
            onDone: { target: 'shown', actions: assign({ data: ({ event }) => event.output }) },
            onError: { target: 'shown' },
          },
          // a newer change while reading: read again so the page ends on it
          on: { LIVE_STATUS: { target: 'refreshing', reenter: true } },
        },
      },
    },
    error: { type: 'final' },
  },
});

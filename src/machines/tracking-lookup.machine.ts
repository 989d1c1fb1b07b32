import { assign, fromPromise, setup } from 'xstate';
import { MSG_TRACKING } from '../domain/tracking/messages';
import type { TrackingLookup } from '../domain/tracking-contract';

// The tracking-number lookup (spec section 4: idle, loading, then redirect or an invalid-number
// error). The page it opens is /tracking/{AWB}: the address carries the tracking number only,
// never the internal order id (docs/decisions/public-tracking-view.md). A number is valid only
// when the lookup says it is found; a failed call reads the same to the buyer.

export interface TrackingLookupContext {
  trackingNumber: string;
  target: string | null;
  error: string | null;
}

export type TrackingLookupEvent = { type: 'TYPE'; value: string } | { type: 'TRACK' };

export const trackingLookupMachine = setup({
  types: { context: {} as TrackingLookupContext, events: {} as TrackingLookupEvent },
  actors: {
    lookup: fromPromise<TrackingLookup, { trackingNumber: string }>(async () => {
      throw new Error('lookup not provided');
    }),
  },
  guards: {
    hasNumber: ({ context }) => context.trackingNumber.trim().length > 0,
    found: (_, lookup: TrackingLookup) => lookup.found === true,
  },
}).createMachine({
  id: 'trackingLookup',
  context: { trackingNumber: '', target: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        TYPE: { actions: assign({ trackingNumber: ({ event }) => event.value.slice(0, 40), error: null }) },
        TRACK: [{ guard: 'hasNumber', target: 'loading' }, { actions: assign({ error: MSG_TRACKING.invalidNumber }) }],
      },
    },
    loading: {
      invoke: {
        id: 'lookup',
        src: 'lookup',
        input: ({ context }) => ({ trackingNumber: context.trackingNumber.trim() }),
        onDone: [
          {
            guard: { type: 'found', params: ({ event }) => event.output },
            target: 'redirect',
            actions: assign({
              target: ({ event }) => `/tracking/${encodeURIComponent(event.output.trackingNumber)}`,
            }),
          },
          { target: 'idle', actions: assign({ error: MSG_TRACKING.invalidNumber }) },
        ],
        onError: { target: 'idle', actions: assign({ error: MSG_TRACKING.invalidNumber }) },
      },
    },
    redirect: { type: 'final' },
  },
});

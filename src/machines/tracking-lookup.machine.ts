import { assign, fromPromise, setup } from 'xstate';
import { MSG_TRACKING } from '../domain/tracking/messages';

// The tracking-number lookup (spec section 4: idle, loading, then redirect to
// /v2/track/{orderId}/{trackingNumber} or an invalid-number error). A number is valid only when
// the lookup answers an order id above 0; a failed call reads the same to the buyer.

export interface TrackingLookupContext {
  trackingNumber: string;
  target: string | null;
  error: string | null;
}

export type TrackingLookupEvent = { type: 'TYPE'; value: string } | { type: 'TRACK' };

export const trackingLookupMachine = setup({
  types: { context: {} as TrackingLookupContext, events: {} as TrackingLookupEvent },
  actors: {
    lookup: fromPromise<{ orderId: number; trackingNumber: string }, { trackingNumber: string }>(async () => {
      throw new Error('lookup not provided');
    }),
  },
  guards: {
    hasNumber: ({ context }) => context.trackingNumber.trim().length > 0,
    found: ({ event }) => ((event as unknown as { output: { orderId: number } }).output?.orderId ?? 0) > 0,
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
            guard: 'found',
            target: 'redirect',
            actions: assign({
              target: ({ event }) =>
                `/v2/track/${event.output.orderId}/${encodeURIComponent(event.output.trackingNumber)}`,
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

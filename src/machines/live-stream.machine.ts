import { assign, fromCallback, setup, type EventObject } from 'xstate';
import type { LiveSignal } from '../domain/live/event-stream';
import { LIVE_HEARTBEAT_MS, LIVE_RECONNECT_BACKOFF_MS } from '../domain/live-events-contract';

// One live stream of an order's status events (spec section 8: "A closed server event stream
// ends quietly; other stream errors are passed on"). The reader (an injected callback actor)
// opens the request and reports what the stream says; this machine decides what happens next:
// - connecting until the server answers, then open while events and pings arrive;
// - a dropped connection, a server error, a close without `event: end` (a server restarting or
//   deploying) or a silent stream reconnects after the backoff
//   (LIVE_RECONNECT_BACKOFF_MS), sending Last-Event-ID so the server replays what was missed;
// - `event: end` closes quietly: the order can move no further (the spec's "closed stream ends quietly");
// - a refusal (401, 403, 404 and other 4xx but timeouts and rate limits) fails, and the error is
//   passed on to whoever shows the stream; asking again would get the same answer.

export interface LiveStreamInput {
  url: string;
}

export interface ReadStreamInput {
  url: string;
  /** the id of the last event received, sent as Last-Event-ID on a reconnect */
  lastEventId: string | null;
}

export interface LiveStreamContext {
  url: string;
  lastEventId: string | null;
  /** reconnects since the stream was last open (1-based while reconnecting; capped at the last backoff) */
  attempt: number;
  error: { status: number; message: string } | null;
}

export type LiveStreamEvent = LiveSignal | { type: 'RETRY' };

/** Asking again would get the same answer: a 4xx other than a timeout or a rate limit. */
export const isRefusal = (status: number): boolean => status >= 400 && status < 500 && status !== 408 && status !== 429;

/** The wait before the n-th reconnect (1-based); the last wait repeats. */
export const reconnectWaitMs = (attempt: number): number =>
  LIVE_RECONNECT_BACKOFF_MS[Math.min(Math.max(attempt, 1), LIVE_RECONNECT_BACKOFF_MS.length) - 1];

/** No event and no ping for this long: the connection is dead even if no error said so. */
export const LIVE_SILENCE_MS = LIVE_HEARTBEAT_MS * 2 + 5_000;

export const liveStreamMachine = setup({
  types: {
    context: {} as LiveStreamContext,
    events: {} as LiveStreamEvent,
    input: {} as LiveStreamInput,
  },
  actors: {
    readStream: fromCallback<EventObject, ReadStreamInput>(() => {
      throw new Error('readStream not provided');
    }),
  },
  delays: {
    BACKOFF: ({ context }) => reconnectWaitMs(context.attempt),
    SILENCE: LIVE_SILENCE_MS,
  },
  guards: {
    refused: ({ event }) => event.type === 'STREAM.ERROR' && isRefusal(event.error.status),
  },
  actions: {
    /** an order status event arrived (provided: hand it to the screen's machine) */
    received: () => {},
    takeError: assign({ error: ({ event }) => (event.type === 'STREAM.ERROR' ? event.error : null) }),
  },
}).createMachine({
  id: 'liveStream',
  context: ({ input }) => ({ url: input.url, lastEventId: null, attempt: 0, error: null }),
  initial: 'streaming',
  states: {
    streaming: {
      invoke: {
        id: 'readStream',
        src: 'readStream',
        input: ({ context }) => ({ url: context.url, lastEventId: context.lastEventId }),
      },
      initial: 'connecting',
      on: {
        'STREAM.END': '#liveStream.closed',
        'STREAM.ERROR': [
          { guard: 'refused', target: '#liveStream.failed', actions: 'takeError' },
          { target: '#liveStream.reconnecting', actions: 'takeError' },
        ],
      },
      states: {
        connecting: { on: { 'STREAM.OPENED': 'open' } },
        open: {
          entry: assign({ attempt: 0, error: null }),
          // every event or ping starts the silence count again
          after: { SILENCE: '#liveStream.reconnecting' },
          on: {
            'STREAM.STATUS': {
              target: 'open',
              reenter: true,
              actions: [assign({ lastEventId: ({ event }) => event.event.eventId }), 'received'],
            },
            'STREAM.PING': { target: 'open', reenter: true },
          },
        },
      },
    },
    reconnecting: {
      entry: assign({ attempt: ({ context }) => Math.min(context.attempt + 1, LIVE_RECONNECT_BACKOFF_MS.length) }),
      after: { BACKOFF: 'streaming' },
    },
    // quietly: nothing is said, the screen keeps what it has
    closed: { type: 'final' },
    failed: { on: { RETRY: { target: 'streaming', actions: assign({ attempt: 0, error: null }) } } },
  },
});

import { fromCallback, type EventObject } from 'xstate';
import { runLiveStream } from '../domain/live/event-stream';
import type { ReadStreamInput } from '../machines/live-stream.machine';
import { liveUpdates } from '../machines/live-updates';

// The buyer's live stream: the public tracking stream by AWB, plain fetch and no token.

const readPublicStream = fromCallback<EventObject, ReadStreamInput>(({ input, sendBack }) =>
  runLiveStream(
    (signal) =>
      fetch(input.url, {
        headers: { accept: 'text/event-stream', ...(input.lastEventId ? { 'last-event-id': input.lastEventId } : {}) },
        signal,
        cache: 'no-store',
      }),
    sendBack,
  ),
);

export const publicLiveUpdates = liveUpdates(readPublicStream);

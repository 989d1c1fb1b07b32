import { fromCallback, type EventObject } from 'xstate';
import { errorText } from '../domain/error-text';
import { runLiveStream } from '../domain/live/event-stream';
import type { ReadStreamInput } from '../machines/live-stream.machine';
import { liveUpdates } from '../machines/live-updates';
import { openStream } from './http';

// The seller's and staff's live streams: fetch with the session's bearer token and Last-Event-ID
// on a reconnect, read incrementally (src/domain/live/event-stream.ts).

export const readOrderStream = fromCallback<EventObject, ReadStreamInput>(({ input, sendBack }) =>
  runLiveStream(
    (signal) => openStream(input.url, input.lastEventId ? { 'last-event-id': input.lastEventId } : {}, signal),
    sendBack,
    errorText,
  ),
);

/** What a screen machine's `liveUpdates` is provided with in the seller app and the staff console. */
export const orderLiveUpdates = liveUpdates(readOrderStream);

import { createActor, fromCallback, type AnyActorLogic, type EventObject, type SnapshotFrom } from 'xstate';
import type { OrderStatusEvent } from '../domain/live-events-contract';
import { liveStreamMachine } from './live-stream.machine';

// A screen's machine invokes `liveUpdates` (id and input `{ url }`) to follow an order live: it
// runs the live-stream machine and sends back, in the screen machine's own words, each status
// event and each change of the stream's state. Screens' machines stay free of the stream's
// reconnect rules, and their model tests send these two events directly.

export type LiveState = 'connecting' | 'open' | 'reconnecting' | 'closed' | 'failed';

export type LiveUpdate =
  { type: 'LIVE_STATUS'; event: OrderStatusEvent } | { type: 'LIVE_STATE'; state: LiveState; error: string | null };

export interface LiveUpdatesInput {
  url: string;
}

export function liveStateOf(snapshot: SnapshotFrom<typeof liveStreamMachine>): LiveState {
  if (snapshot.matches({ streaming: 'open' })) return 'open';
  if (snapshot.matches('streaming')) return 'connecting';
  return snapshot.value as LiveState;
}

/** The invokable actor, given the side's stream reader (with or without the session's token). */
export function liveUpdates(readStream: AnyActorLogic) {
  return fromCallback<EventObject, LiveUpdatesInput>(({ input, sendBack, receive }) => {
    const actor = createActor(
      liveStreamMachine.provide({
        actors: { readStream },
        actions: {
          received: ({ event }) =>
            event.type === 'STREAM.STATUS' && sendBack({ type: 'LIVE_STATUS', event: event.event }),
        },
      }),
      { input },
    );
    let said = '';
    const sub = actor.subscribe((s) => {
      const update = { type: 'LIVE_STATE' as const, state: liveStateOf(s), error: s.context.error?.message ?? null };
      const key = `${update.state}|${update.error}`;
      if (key !== said) sendBack(update);
      said = key;
    });
    actor.start();
    // RETRY from the screen (after a failure) goes to the stream
    receive((event) => event.type === 'RETRY' && actor.send({ type: 'RETRY' }));
    return () => {
      sub.unsubscribe();
      actor.stop();
    };
  });
}

/** The default for a screen machine's `liveUpdates` until its binding provides the real one. */
export const noLiveUpdates = fromCallback<EventObject, LiveUpdatesInput>(() => {});

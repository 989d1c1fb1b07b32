import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, setup, SimulatedClock, type AnyEventObject } from 'xstate';
import { LIVE_RECONNECT_BACKOFF_MS } from '../../src/domain/live-events-contract';
import {
  isRefusal,
  LIVE_SILENCE_MS,
  liveStreamMachine,
  reconnectWaitMs,
  type ReadStreamInput,
} from '../../src/machines/live-stream.machine';
import { liveUpdates, type LiveUpdate } from '../../src/machines/live-updates';
import { describeModel } from './describe-model';
import { EVENTS, model as liveStream } from './models/live-stream.model';

// The live stream of an order's status events (spec section 8: a closed stream ends quietly,
// other errors are passed on): the model-based suite, and the reconnect rules told as stories.

describeModel(liveStream, (a, e) => {
  expect(a.context.lastEventId).toBe(e.context.lastEventId);
  expect(a.context.error).toEqual(e.context.error);
});

/** The machine over a reader that records each connection and lets the test speak for it. */
function streamWithReader() {
  const clock = new SimulatedClock();
  const connections: ReadStreamInput[] = [];
  let say: (e: AnyEventObject) => void = () => {};
  const received: string[] = [];
  const machine = liveStreamMachine.provide({
    actors: {
      readStream: fromCallback<AnyEventObject, ReadStreamInput>(({ input, sendBack }) => {
        connections.push(input);
        say = sendBack;
      }),
    },
    actions: { received: ({ event }) => event.type === 'STREAM.STATUS' && received.push(event.event.eventId) },
  });
  const actor = createActor(machine, { input: { url: '/api/v1/orders/7/events' }, clock }).start();
  return { actor, clock, connections, received, say: (e: AnyEventObject) => say(e) };
}

describe('reconnecting', () => {
  it('waits 1, 2, 5, 10, 30, 30 s between tries and sends the last event id each time', () => {
    const s = streamWithReader();
    s.say({ type: 'STREAM.OPENED' });
    s.say({ type: 'STREAM.STATUS', event: EVENTS.picked });
    expect(s.received).toEqual(['41']);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      s.say({ type: 'STREAM.ERROR', error: { status: 0, message: 'dropped' } });
      expect(s.actor.getSnapshot().value).toBe('reconnecting');
      const before = s.connections.length;
      let waited = 0;
      while (s.connections.length === before) {
        s.clock.increment(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 5_000, 10_000, 30_000, 30_000]);
    expect(s.connections.map((c) => c.lastEventId)).toEqual([null, '41', '41', '41', '41', '41', '41']);
    // once open again the waits start from the first
    s.say({ type: 'STREAM.OPENED' });
    expect(s.actor.getSnapshot().context.attempt).toBe(0);
  });

  it('a silent stream (no ping for two heartbeats) is taken as dropped', () => {
    const s = streamWithReader();
    s.say({ type: 'STREAM.OPENED' });
    s.clock.increment(LIVE_SILENCE_MS - 1);
    s.say({ type: 'STREAM.PING' });
    s.clock.increment(LIVE_SILENCE_MS - 1);
    expect(s.actor.getSnapshot().matches({ streaming: 'open' })).toBe(true);
    s.clock.increment(1);
    expect(s.actor.getSnapshot().value).toBe('reconnecting');
  });

  it('a refusal fails for good and keeps the error; nothing is tried again until RETRY', () => {
    const s = streamWithReader();
    s.say({ type: 'STREAM.ERROR', error: { status: 403, message: 'UNAUTHORIZED ACCESS' } });
    s.clock.increment(60_000);
    expect(s.actor.getSnapshot().value).toBe('failed');
    expect(s.actor.getSnapshot().context.error).toEqual({ status: 403, message: 'UNAUTHORIZED ACCESS' });
    expect(s.connections).toHaveLength(1);
    s.actor.send({ type: 'RETRY' });
    expect(s.connections).toHaveLength(2);
  });

  it('`event: end` closes quietly: the actor is done, with no error', () => {
    const s = streamWithReader();
    s.say({ type: 'STREAM.OPENED' });
    s.say({ type: 'STREAM.END' });
    expect(s.actor.getSnapshot().status).toBe('done');
    expect(s.actor.getSnapshot().context.error).toBeNull();
  });

  it('which statuses are refusals, and the waits by attempt', () => {
    expect([0, 401, 403, 404, 408, 429, 500, 503].map(isRefusal)).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect([1, 2, 3, 4, 5, 6, 99].map(reconnectWaitMs)).toEqual([...LIVE_RECONNECT_BACKOFF_MS, 30_000, 30_000]);
  });
});

describe('live updates for a screen machine', () => {
  it('tells each status event and each change of the stream, and passes RETRY on', () => {
    let say: (e: AnyEventObject) => void = () => {};
    let tries = 0;
    const logic = liveUpdates(
      fromCallback<AnyEventObject, ReadStreamInput>(({ sendBack }) => {
        tries++;
        say = sendBack;
      }),
    );
    const heard: LiveUpdate[] = [];
    // what it sends back goes to the machine that invokes it: a host machine that only listens
    const host = setup({ actors: { live: logic } }).createMachine({
      invoke: { id: 'live', src: 'live', input: { url: '/x' } },
      on: { '*': { actions: ({ event }) => heard.push(event as LiveUpdate) } },
    });
    const actor = createActor(host).start();
    say({ type: 'STREAM.OPENED' });
    say({ type: 'STREAM.STATUS', event: EVENTS.inTransit });
    say({ type: 'STREAM.ERROR', error: { status: 404, message: 'Order not found' } });
    actor.getSnapshot().children.live?.send({ type: 'RETRY' });
    expect(heard).toEqual([
      { type: 'LIVE_STATE', state: 'connecting', error: null },
      { type: 'LIVE_STATE', state: 'open', error: null },
      { type: 'LIVE_STATUS', event: EVENTS.inTransit },
      { type: 'LIVE_STATE', state: 'failed', error: 'Order not found' },
      { type: 'LIVE_STATE', state: 'connecting', error: null },
    ]);
    expect(tries).toBe(2);
    actor.stop();
  });
});

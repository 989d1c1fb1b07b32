import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor, type AnyEventObject } from 'xstate';
import type { TrackingData, TrackingLookup } from '../../src/domain/tracking-contract';
import { ratingMachine } from '../../src/machines/rating.machine';
import { trackingLookupMachine } from '../../src/machines/tracking-lookup.machine';
import { trackingPageMachine } from '../../src/machines/tracking-page.machine';
import { describeModel } from './describe-model';
import { model as rating } from './models/rating.model';
import { model as trackingLookup } from './models/tracking-lookup.model';
import { statusEvent } from './models/live-stream.model';
import { model as trackingPage } from './models/tracking-page.model';

// Model-based suites of the buyer's tracking flows, and the rules worth stating on their own.

describeModel(trackingLookup, (a, e) =>
  expect([a.context.error, a.context.target]).toEqual([e.context.error, e.context.target]),
);
describeModel(trackingPage, (a, e) =>
  expect(a.context.data?.orderStatusCode ?? null).toBe(e.context.data?.orderStatusCode ?? null),
);
describeModel(rating, (a, e) => expect(a.context.score).toBe(e.context.score));

describe('tracking lookup rules', () => {
  it('opens the tracking page by its AWB: the address never carries the internal order id', async () => {
    const machine = trackingLookupMachine.provide({
      actors: {
        lookup: fromPromise(async (): Promise<TrackingLookup> => ({ found: true, trackingNumber: 'SF017400792702' })),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'TYPE', value: 'abcdefgh' });
    actor.send({ type: 'TRACK' });
    await waitFor(actor, (s) => s.matches('redirect'));
    expect(actor.getSnapshot().context.target).toBe('/tracking/SF017400792702');
  });
});

describe('tracking page rules', () => {
  it('shows the page no sooner than two seconds, even when the data is there at once', async () => {
    const clock = new SimulatedClock();
    const machine = trackingPageMachine.provide({
      actors: { fetchTracking: fromPromise(async () => ({ orderId: 7 }) as TrackingData) },
    });
    const actor = createActor(machine, { input: { ref: { shortCode: 'abcdefgh' } }, clock }).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    clock.increment(1999);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
  });

  it('reads nothing when the page’s HTML carried the answer: shown from the first snapshot without a loading period, after it with one', () => {
    let reads = 0;
    const machine = trackingPageMachine.provide({
      actors: { fetchTracking: fromPromise(async () => (reads++, { orderId: 7 }) as TrackingData) },
    });
    const data = { orderId: 7, orderStatusCode: 'INT' } as TrackingData;
    const ref = { shortCode: 'abcdefgh' };
    const atOnce = createActor(machine, { input: { ref, data, minimumLoadingMs: 0 } });
    expect(atOnce.getSnapshot().matches('loaded')).toBe(true);
    const clock = new SimulatedClock();
    const later = createActor(machine, { input: { ref, data }, clock }).start();
    expect(later.getSnapshot().matches('loading')).toBe(true);
    clock.increment(2000);
    expect(later.getSnapshot().context.data).toBe(data);
    expect(later.getSnapshot().matches('loaded')).toBe(true);
    expect(reads).toBe(0);
  });

  it('once shown, follows the public stream by AWB and reads the tracking again on each status event', async () => {
    const streams: string[] = [];
    let reads = 0;
    const machine = trackingPageMachine.provide({
      actors: {
        fetchTracking: fromPromise(
          async () => ({ trackingNumber: '14000000000007', orderStatusCode: reads++ ? 'OFD' : 'INT' }) as TrackingData,
        ),
        liveUpdates: fromCallback<AnyEventObject, { url: string }>(({ input }) => {
          streams.push(input.url);
        }),
      },
    });
    const actor = createActor(machine, { input: { ref: { shortCode: 'abcdefgh' }, minimumLoadingMs: 0 } }).start();
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(streams).toEqual(['/rest/v1/tracking/14000000000007/events']);
    actor.send({ type: 'LIVE_STATUS', event: statusEvent('43', 'OFD', 'Out For Delivery') });
    await waitFor(actor, (s) => s.context.data?.orderStatusCode === 'OFD' && s.matches({ loaded: 'shown' }));
    expect(reads).toBe(2);
  });

  it('keeps submit shut while the score is 0, and scores within 0 to 10', () => {
    const fresh = createActor(ratingMachine).start();
    fresh.send({ type: 'SUBMIT' });
    expect(fresh.getSnapshot().matches('notGiven')).toBe(true);
    fresh.send({ type: 'SCORE', value: 14 });
    expect(fresh.getSnapshot().context.score).toBe(10);
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { TrackingData } from '../../src/domain/tracking-contract';
import { ratingMachine } from '../../src/machines/rating.machine';
import { trackingPageMachine } from '../../src/machines/tracking-page.machine';
import { describeModel } from './describe-model';
import { model as rating } from './models/rating.model';
import { model as trackingLookup } from './models/tracking-lookup.model';
import { model as trackingPage } from './models/tracking-page.model';

// Model-based suites of the buyer's tracking flows, and the rules worth stating on their own.

describeModel(trackingLookup, (a, e) =>
  expect([a.context.error, a.context.target]).toEqual([e.context.error, e.context.target]),
);
describeModel(trackingPage, (a, e) => expect(a.context.data?.orderId ?? null).toBe(e.context.data?.orderId ?? null));
describeModel(rating, (a, e) => expect(a.context.score).toBe(e.context.score));

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

  it('keeps submit shut while the score is 0, and scores within 0 to 10', () => {
    const fresh = createActor(ratingMachine).start();
    fresh.send({ type: 'SUBMIT' });
    expect(fresh.getSnapshot().matches('notGiven')).toBe(true);
    fresh.send({ type: 'SCORE', value: 14 });
    expect(fresh.getSnapshot().context.score).toBe(10);
  });
});

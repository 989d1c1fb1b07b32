import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PickupRequestRow } from '../../src/domain/pickups-contract';
import { pickupRescheduleMachine } from '../../src/machines/pickup-reschedule.machine';
import { describeModel } from './describe-model';
import { model } from './models/pickup-reschedule.model';

// Moving a courier pickup to another day: the model-based suite, and the rules worth stating on their own.

describeModel(model, (a, e) =>
  expect([a.context.chosen, a.context.error, a.context.moved?.pickupDate]).toEqual([
    e.context.chosen,
    e.context.error,
    e.context.moved?.pickupDate,
  ]),
);

describe('changing the date of a pickup', () => {
  it('asks nothing until a day of the coming week is chosen and saved, then sends that day once', async () => {
    const calls: string[] = [];
    const machine = pickupRescheduleMachine.provide({
      actors: {
        move: fromPromise(async ({ input }: { input: { pickupRequestId: number; pickupDate: string } }) => {
          calls.push(`${input.pickupRequestId}:${input.pickupDate}`);
          return { pickupRequestId: input.pickupRequestId, pickupDate: input.pickupDate } as PickupRequestRow;
        }),
      },
    });
    const actor = createActor(machine, {
      input: { pickupRequestId: 9, currentDate: '2026-11-20', today: '2026-11-20' },
    }).start();
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'CHOOSE', date: '2026-11-27' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.chosen).toBeNull();
    actor.send({ type: 'CHOOSE', date: '2026-11-26' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('moved'));
    expect(calls).toEqual(['9:2026-11-26']);
  });
});

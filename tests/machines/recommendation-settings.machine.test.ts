import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { recommendationSettingsMachine } from '../../src/machines/recommendation-settings.machine';
import type { RecommendationSettings } from '../../src/domain/recommendation-contract';
import { describeModel } from './describe-model';
import { model } from './models/recommendation-settings.model';

describeModel(model, (actual, expected) => {
  expect(actual.context).toEqual(expected.context);
  // a refused floor is said by its label, never its key
  if (actual.context.error) expect(actual.context.error).not.toMatch(/deliveredFloorPct|recommendationRule/);
});

describe('recommendation settings: what is sent and what is said', () => {
  it('sends the edited rule and floor, then holds the saved answer', async () => {
    const sent: unknown[] = [];
    const actor = createActor(
      recommendationSettingsMachine.provide({
        actors: {
          load: fromPromise(async (): Promise<RecommendationSettings> => ({
            recommendationRule: 'CHEAPEST_ABOVE_FLOOR',
            deliveredFloorPct: 90,
            outcomesAt: null,
          })),
          save: fromPromise(async ({ input }) => {
            sent.push(input);
            return { ...input, outcomesAt: '2026-11-20T04:30:00.000Z' };
          }),
        },
      }),
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'FLOOR', floorPct: 40 });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.error).toBe('Delivered % floor must be at least 50');
    expect(sent).toEqual([]);
    actor.send({ type: 'RULE', rule: 'BEST_VALUE' });
    actor.send({ type: 'FLOOR', floorPct: 80 });
    actor.send({ type: 'SAVE' });
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([{ recommendationRule: 'BEST_VALUE', deliveredFloorPct: 80 }]);
    expect(actor.getSnapshot().context).toMatchObject({ rule: 'BEST_VALUE', floorPct: 80, dirty: false, error: null });
  });
});

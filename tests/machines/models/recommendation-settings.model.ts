import { recommendationSettingsMachine } from '../../../src/machines/recommendation-settings.machine';
import type { MachineModel } from '../model-harness';

const answer = (recommendationRule: string, deliveredFloorPct: number) => ({
  recommendationRule,
  deliveredFloorPct,
  outcomesAt: '2026-11-20T04:30:00.000Z',
});

export const model: MachineModel = {
  name: 'recommendation-settings',
  machine: recommendationSettingsMachine,
  options: {
    promiseActors: ['load', 'save'],
    events: () => [
      { type: 'RULE', rule: 'FASTEST' },
      { type: 'FLOOR', floorPct: 85 },
      { type: 'FLOOR', floorPct: 40 },
      { type: 'SAVE' },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.load', output: answer('CHEAPEST_ABOVE_FLOOR', 90) },
      { type: 'xstate.error.actor.load', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.save', output: answer('FASTEST', 85) },
      {
        type: 'xstate.error.actor.save',
        error: { status: 403, message: 'The carrier recommendation engine comes with the Premium plan.' },
      },
    ],
    // the floor's values tried are few; the dirty flag and the error make the states worth telling apart
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.rule, s.context.floorPct, s.context.dirty, s.context.error]),
    limit: 3000,
  },
};

import { ratingMachine } from '../../../src/machines/rating.machine';
import type { MachineModel } from '../model-harness';

export const model: MachineModel = {
  name: 'rating',
  machine: ratingMachine,
  options: {
    promiseActors: ['submitRating'],
    events: () => [
      { type: 'SCORE', value: 8 },
      { type: 'SCORE', value: 0 },
      { type: 'FEEDBACK', value: 'Quick delivery' },
      { type: 'SUBMIT' },
      { type: 'xstate.done.actor.submitRating' },
      { type: 'xstate.error.actor.submitRating', error: { status: 0, message: 'offline' } },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.score > 0]),
  },
};

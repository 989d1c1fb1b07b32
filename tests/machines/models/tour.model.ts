import { tourMachine } from '../../../src/machines/tour.machine';
import type { MachineModel } from '../model-harness';

// The tour with and without the stop confirmation; each step's anchor found or missing.
const options = (confirmStop: boolean): MachineModel['options'] => ({
  input: { confirmStop },
  promiseActors: ['prepareStep'],
  events: () => [
    { type: 'START' },
    { type: 'NEXT' },
    { type: 'BACK' },
    { type: 'CLOSE' },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    { type: 'EXIT' },
    { type: 'xstate.done.actor.prepareStep' },
    { type: 'xstate.error.actor.prepareStep', error: { message: 'absent' } },
  ],
});

export const model: MachineModel = { name: 'tour', machine: tourMachine, options: options(true) };
export const modelWithoutConfirm: MachineModel = {
  name: 'tour (no confirmation)',
  machine: tourMachine,
  options: options(false),
};

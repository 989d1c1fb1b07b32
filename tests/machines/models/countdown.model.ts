import { countdownMachine } from '../../../src/machines/countdown.machine';
import type { MachineModel } from '../model-harness';

// Two seconds keep the state space small; the rule is the same from 5.
export const model: MachineModel = {
  name: 'countdown',
  machine: countdownMachine,
  options: {
    input: { seconds: 2 },
    events: () => [],
  },
};

import { listKeysMachine } from '../../../src/machines/list-keys.machine';
import type { MachineModel } from '../model-harness';

/** Three rows, then one: the cursor moves within them, and acts only on a row. */
export const model: MachineModel = {
  name: 'list-keys',
  machine: listKeysMachine,
  options: {
    events: () => [
      { type: 'ROWS', count: 3 },
      { type: 'ROWS', count: 1 },
      { type: 'ROWS', count: 0 },
    ],
  },
};

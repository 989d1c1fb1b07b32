import { requestMachine } from '../../../src/machines/request.machine';
import type { MachineModel } from '../model-harness';

export const model: MachineModel = {
  name: 'request',
  machine: requestMachine,
  options: {
    events: () => [
      { type: 'RUN', params: { accountId: 7 } },
      { type: 'RELOAD', params: { accountId: 8 } },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.error !== null, s.context.data !== null]),
    promiseActors: ['request'],
  },
};

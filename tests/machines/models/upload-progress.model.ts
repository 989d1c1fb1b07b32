import { uploadProgressMachine } from '../../../src/machines/upload-progress.machine';
import type { MachineModel } from '../model-harness';

export const model: MachineModel = {
  name: 'upload-progress',
  machine: uploadProgressMachine,
  options: {
    promiseActors: ['upload', 'pollStatus'],
    events: () => [
      { type: 'SELECT', file: { name: 'products.csv', size: 2048 } },
      { type: 'SELECT', file: { name: 'products.xlsx', size: 2048 } },
      { type: 'START' },
      { type: 'PROGRESS', loaded: 1024, total: 2048 },
      { type: 'CANCEL' },
      { type: 'RETRY' },
      { type: 'RESET' },
      { type: 'xstate.done.actor.upload', output: 'upl_1' },
      { type: 'xstate.error.actor.upload', error: { message: 'No Internet Connection' } },
      { type: 'xstate.done.actor.pollStatus', output: { status: 'IN_PROGRESS', percent: 40, result: null } },
      {
        type: 'xstate.done.actor.pollStatus',
        output: { status: 'DONE', percent: 100, result: { created: 99, rejected: 1, errorFileUrl: '/x.csv' } },
      },
      {
        type: 'xstate.done.actor.pollStatus',
        output: { status: 'FAILED', percent: 10, result: null, error: 'Wrong header' },
      },
      { type: 'xstate.error.actor.pollStatus', error: { message: 'offline' } },
    ],
  },
};

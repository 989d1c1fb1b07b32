import { dashboardMachine } from '../../../src/machines/dashboard.machine';
import type { MachineModel } from '../model-harness';

export const model: MachineModel = {
  name: 'dashboard',
  machine: dashboardMachine,
  options: {
    input: { query: { period: '30d' } },
    promiseActors: ['load'],
    events: () => [
      { type: 'PERIOD', period: '7d' },
      { type: 'CUSTOM', fromDate: '2026-11-01', toDate: '2026-11-10' },
      { type: 'CUSTOM', fromDate: '2026-11-10', toDate: '2026-11-01' },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.load', output: { orders: 3 } },
      { type: 'xstate.error.actor.load', error: { message: 'Period must be one of today, 7d' } },
    ],
  },
};

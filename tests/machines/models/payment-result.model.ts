import { paymentResultMachine } from '../../../src/machines/payment-result.machine';
import type { MachineModel } from '../model-harness';

const result = (status: string, success: boolean) => ({
  success,
  status,
  amount: 500,
  source: 'DAKIYA',
  date: '2026-11-20T06:30:00.000Z',
});

export const model: MachineModel = {
  name: 'payment-result',
  machine: paymentResultMachine,
  options: {
    promiseActors: ['checkStatus'],
    events: () => [
      { type: 'xstate.done.actor.checkStatus', output: result('SUCCESS', true) },
      { type: 'xstate.done.actor.checkStatus', output: result('FAILED', false) },
      { type: 'xstate.done.actor.checkStatus', output: result('PENDING', false) },
      { type: 'xstate.error.actor.checkStatus', error: { message: 'Something went wrong' } },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.result?.status ?? null]),
  },
};

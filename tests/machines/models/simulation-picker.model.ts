import { simulationPickerMachine } from '../../../src/machines/simulation-picker.machine';
import type { MachineModel } from '../model-harness';

export const ACCOUNTS = [
  { accountId: 11, label: 'Kirana Kart · owner@kiranakart.in' },
  { accountId: 12, label: 'Desi Threads · hello@desithreads.in' },
];

export const model: MachineModel = {
  name: 'simulation-picker',
  machine: simulationPickerMachine,
  options: {
    promiseActors: ['loadAccounts', 'findOrder', 'createTestOrder'],
    limit: 20_000,
    events: () => [
      { type: 'REF', value: '14000000000007' },
      { type: 'REF', value: 'ORD#7' },
      { type: 'FIND' },
      { type: 'SEARCH', value: 'kirana' },
      { type: 'SEARCH_ACCOUNTS' },
      { type: 'CHOOSE_ACCOUNT', accountId: 11 },
      { type: 'CREATE' },
      { type: 'xstate.done.actor.loadAccounts', output: ACCOUNTS },
      { type: 'xstate.done.actor.loadAccounts', output: [ACCOUNTS[1]] },
      { type: 'xstate.error.actor.loadAccounts', error: { status: 0, message: 'No Internet Connection' } },
      { type: 'xstate.done.actor.findOrder', output: 7 },
      { type: 'xstate.error.actor.findOrder', error: { status: 404, message: 'No order has that AWB' } },
      { type: 'xstate.done.actor.createTestOrder', output: 8 },
      { type: 'xstate.error.actor.createTestOrder', error: { status: 403, message: 'UNAUTHORIZED ACCESS' } },
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.ref,
        s.context.search,
        s.context.accounts.length,
        s.context.accountId,
        s.context.error,
        s.context.orderId,
      ]),
  },
};

import { staffEditFormMachine } from '../../../src/machines/staff-edit-form.machine';
import type { MachineModel } from '../model-harness';

/** Turning a seller off: the reason, the confirmation, the server's answer or its refusal. */
export const model: MachineModel = {
  name: 'staff-edit-form',
  machine: staffEditFormMachine,
  options: {
    input: { kind: 'ACCOUNT_STATUS', target: '7', initial: { activated: 'false', reason: '' } },
    promiseActors: ['submit'],
    events: () => [
      { type: 'FIELD', name: 'reason', value: 'Suspected fraud ring' },
      { type: 'FIELD', name: 'activated', value: 'true' },
      { type: 'xstate.done.actor.submit', output: { accountId: 7, activated: false } },
      { type: 'xstate.error.actor.submit', error: { status: 404, message: 'Account not found' } },
    ],
  },
};

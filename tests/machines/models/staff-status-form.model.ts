import { staffEditFormMachine } from '../../../src/machines/staff-edit-form.machine';
import type { MachineModel } from '../model-harness';

/** Turning a staff login off from the staff list: the reason, the confirmation, the answer or its refusal. */
export const model: MachineModel = {
  name: 'staff-status-form',
  machine: staffEditFormMachine,
  options: {
    input: { kind: 'STAFF_STATUS', target: '12', initial: { activated: 'false', reason: '' } },
    promiseActors: ['submit'],
    events: () => [
      { type: 'FIELD', name: 'reason', value: 'Left the company on 27 Nov' },
      { type: 'FIELD', name: 'activated', value: 'true' },
      { type: 'xstate.done.actor.submit', output: { accountId: 12, activated: false } },
      {
        type: 'xstate.error.actor.submit',
        error: { status: 400, message: 'You cannot change the status of your own login: another admin can' },
      },
    ],
  },
};

import { staffDisputeDecisionMachine } from '../../../src/machines/staff-dispute-decision.machine';
import type { MachineModel } from '../model-harness';
import { dispute } from './delivery-dispute.model';

const refusal = { status: 409, message: 'The dispute is settled already' };

export const model: MachineModel = {
  name: 'staff-dispute-decision',
  machine: staffDisputeDecisionMachine,
  options: {
    input: { disputeId: 11 },
    promiseActors: ['loadDispute', 'sendToCourier', 'acceptDispute', 'rejectDispute'],
    events: () => [
      { type: 'xstate.done.actor.loadDispute', output: dispute('OPEN') },
      { type: 'xstate.done.actor.loadDispute', output: dispute('WITH_COURIER') },
      { type: 'xstate.done.actor.loadDispute', output: dispute('ACCEPTED') },
      { type: 'xstate.error.actor.loadDispute', error: { status: 0, message: 'You are offline' } },
      { type: 'AMOUNT', value: '500' },
      { type: 'NOTE', value: 'Courier accepted the damage claim' },
      { type: 'xstate.done.actor.sendToCourier', output: dispute('WITH_COURIER') },
      { type: 'xstate.error.actor.sendToCourier', error: refusal },
      { type: 'xstate.done.actor.acceptDispute', output: dispute('ACCEPTED') },
      {
        type: 'xstate.error.actor.acceptDispute',
        error: { status: 400, message: 'Amount to credit (₹) must be at most ₹2,500.00' },
      },
      { type: 'xstate.done.actor.rejectDispute', output: dispute('REJECTED') },
      { type: 'xstate.error.actor.rejectDispute', error: refusal },
    ],
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.dispute?.status ?? null, s.context.error, s.context.amount, s.context.note]),
  },
};

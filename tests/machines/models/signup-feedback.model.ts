import { signupFeedbackMachine } from '../../../src/machines/signup-feedback.machine';
import type { MachineModel } from '../model-harness';

export const model: MachineModel = {
  name: 'signupFeedback',
  machine: signupFeedbackMachine,
  options: {
    input: { idempotencyKey: '6f1c2b0e-8a4d-4c1e-9f3a-2b7d5e9c1a00' },
    promiseActors: ['sendFeedback'],
    events: () => [
      { type: 'RATE', value: 8 },
      { type: 'RATE', value: 11 },
      { type: 'TYPE', value: '  OTP came late  ' },
      { type: 'TYPE', value: 'x'.repeat(501) },
      { type: 'SUBMIT' },
      { type: 'xstate.done.actor.sendFeedback' },
      { type: 'xstate.error.actor.sendFeedback', error: { status: 0, message: 'You are offline' } },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.rating, s.context.message, s.context.error]),
  },
};

import { accountVerificationMachine } from '../../../src/machines/account-verification.machine';
import type { MachineModel } from '../model-harness';

export const model: MachineModel = {
  name: 'account-verification',
  machine: accountVerificationMachine,
  options: {
    input: { email: 'new@seller.in', password: 'Secret@123' },
    promiseActors: ['verifyAccount'],
    events: () => [
      { type: 'CODE', value: '123456' },
      { type: 'CODE', value: '12' },
      { type: 'PHONE_CODE', value: '654321' },
      { type: 'PHONE_CODE', value: '65' },
      { type: 'VERIFY' },
      { type: 'RESEND' },
      { type: 'xstate.done.actor.verifyAccount' },
      { type: 'xstate.error.actor.verifyAccount', error: { message: 'Incorrect OTP entered' } },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.code, s.context.phoneCode, s.context.incorrect]),
  },
};

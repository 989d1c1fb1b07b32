import { addressVerificationMachine } from '../../../src/machines/address-verification.machine';
import type { MachineModel } from '../model-harness';

export const model: MachineModel = {
  name: 'address-verification',
  machine: addressVerificationMachine,
  options: {
    input: { addressId: 7, phoneNumber: '9845012345' },
    promiseActors: ['verifyPhone'],
    events: () => [
      { type: 'CODE', value: '123456' },
      { type: 'CODE', value: '12' },
      { type: 'VERIFY' },
      { type: 'RESEND' },
      { type: 'xstate.done.actor.verifyPhone' },
      { type: 'xstate.error.actor.verifyPhone', error: { message: 'Incorrect OTP entered' } },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.code, s.context.error]),
  },
};

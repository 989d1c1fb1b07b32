import { otpTimerMachine } from '../../../src/machines/otp-timer.machine';
import type { MachineModel } from '../model-harness';

// Two seconds keep the countdown's state space small; the rule is the same for 30 and 60.
export const model: MachineModel = {
  name: 'otp-timer',
  machine: otpTimerMachine,
  options: {
    input: { seconds: 2 },
    promiseActors: ['send'],
    events: () => [
      { type: 'SEND', payload: { phone: '9876543210', firstName: 'Aarav' } },
      { type: 'SENT' },
      {
        type: 'xstate.done.actor.send',
        output: 'OTP sent to your Phone Number. Please enter the phone OTP section and verify',
      },
      { type: 'xstate.error.actor.send', error: { message: 'Please wait 42 seconds before requesting another OTP' } },
    ],
  },
};

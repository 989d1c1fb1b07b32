import { loginPageMachine } from '../../../src/machines/login-page.machine';
import type { MachineModel } from '../model-harness';

export const model: MachineModel = {
  name: 'login-page',
  machine: loginPageMachine,
  options: {
    promiseActors: ['login', 'generateOtp', 'resetPassword', 'accountVerification'],
    events: () => [
      { type: 'SUBMIT_LOGIN', email: 'seller@demo.dakiya.in', password: 'Seller@123' },
      { type: 'SUBMIT_FORGOT', email: 'seller@demo.dakiya.in' },
      { type: 'xstate.done.actor.login', output: { accessToken: 'token', mustChangePassword: false } },
      { type: 'xstate.error.actor.login', error: { message: 'User account is disabled' } },
      { type: 'xstate.error.actor.login', error: { message: 'User account is locked' } },
      { type: 'xstate.error.actor.login', error: { message: 'Invalid Username/Password' } },
      { type: 'xstate.done.actor.generateOtp', output: { email: 'se****@demo.dakiya.in', phoneNumber: '+91 ******3210' } },
      { type: 'xstate.error.actor.generateOtp', error: { message: 'Too many attempts' } },
      { type: 'xstate.done.actor.resetPassword', output: 'Password sent to registered email' },
      { type: 'xstate.error.actor.resetPassword', error: { message: 'No Internet Connection' } },
      { type: 'xstate.done.actor.accountVerification', output: { verified: true } },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context]),
  },
};

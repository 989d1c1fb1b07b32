import { loginPageMachine } from '../../../src/machines/login-page.machine';
import { MSG } from '../../../src/domain/messages';
import type { MachineModel } from '../model-harness';

export const model: MachineModel = {
  name: 'login-page',
  machine: loginPageMachine,
  options: {
    // 'login' serves both invocations: 'login' and 'loginWithOtp' (the same call with the code)
    promiseActors: ['login', 'generateOtp', 'resetPassword', 'accountVerification'],
    events: () => [
      { type: 'SUBMIT_LOGIN', email: 'seller@demo.dakiya.in', password: 'Seller@123' },
      { type: 'SUBMIT_FORGOT', email: 'seller@demo.dakiya.in' },
      { type: 'SUBMIT_LOGIN_OTP', code: '482913' },
      { type: 'xstate.done.actor.login', output: { accessToken: 'token', mustChangePassword: false } },
      { type: 'xstate.error.actor.login', error: { message: 'User account is disabled' } },
      { type: 'xstate.error.actor.login', error: { message: 'User account is locked' } },
      {
        type: 'xstate.error.actor.login',
        error: {
          message: 'This account has been deactivated by Dakiya. Write to support@dakiya.in to have it reactivated.',
        },
      },
      { type: 'xstate.error.actor.login', error: { message: 'Invalid Username/Password' } },
      { type: 'xstate.error.actor.login', error: { status: 401, message: MSG.loginOtpRequired, step: 'otp' } },
      { type: 'xstate.done.actor.loginWithOtp', output: { accessToken: 'token', mustChangePassword: false } },
      { type: 'xstate.error.actor.loginWithOtp', error: { status: 400, message: MSG.incorrectOtp } },
      { type: 'xstate.error.actor.loginWithOtp', error: { status: 429, message: MSG.tooManyAttempts } },
      {
        type: 'xstate.done.actor.generateOtp',
        output: { email: 'se****@demo.dakiya.in', phoneNumber: '+91 ******3210' },
      },
      { type: 'xstate.error.actor.generateOtp', error: { message: 'Too many attempts' } },
      { type: 'xstate.done.actor.resetPassword', output: 'Password sent to registered email' },
      { type: 'xstate.error.actor.resetPassword', error: { message: 'No Internet Connection' } },
      { type: 'xstate.done.actor.accountVerification', output: { verified: true } },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context]),
  },
};

import { assign, fromPromise, sendTo, setup } from 'xstate';
import { SIX_DIGITS } from '../domain/schemas/fields';
import { TIMING } from '../domain/constants';
import { otpTimerMachine } from './otp-timer.machine';

// Verify account by OTP (login page form 4, spec section 4): a 6-digit code from the email and
// another from the SMS (each contact proves itself); success leads back to login, failure raises
// the 'Incorrect OTP entered' flag; 'Resend OTP' after a
// 30-second countdown (the otp-timer machine, started locked because a code was just sent).

export interface AccountVerificationInput {
  email: string;
  /** kept only while this form is open: resending the code proves the password again */
  password: string;
}

export interface AccountVerificationContext extends AccountVerificationInput {
  code: string;
  phoneCode: string;
  incorrect: boolean;
}

export type AccountVerificationEvent =
  { type: 'CODE'; value: string } | { type: 'PHONE_CODE'; value: string } | { type: 'VERIFY' } | { type: 'RESEND' };

export const accountVerificationMachine = setup({
  types: {
    context: {} as AccountVerificationContext,
    events: {} as AccountVerificationEvent,
    input: {} as AccountVerificationInput,
  },
  actors: {
    verifyAccount: fromPromise<void, { email: string; code: string; phoneCode: string }>(async () => {
      throw new Error('verifyAccount not provided');
    }),
    resendTimer: otpTimerMachine,
  },
  guards: {
    codeComplete: ({ context }) => SIX_DIGITS.test(context.code) && SIX_DIGITS.test(context.phoneCode),
  },
}).createMachine({
  id: 'accountVerification',
  context: ({ input }) => ({ email: input.email, password: input.password, code: '', phoneCode: '', incorrect: false }),
  invoke: { id: 'resendTimer', src: 'resendTimer', input: { seconds: TIMING.accountOtpResendS } },
  entry: sendTo('resendTimer', { type: 'SENT' }),
  initial: 'entering',
  states: {
    entering: {
      on: {
        CODE: {
          actions: assign({ code: ({ event }) => event.value.replace(/\D/g, '').slice(0, 6), incorrect: false }),
        },
        PHONE_CODE: {
          actions: assign({ phoneCode: ({ event }) => event.value.replace(/\D/g, '').slice(0, 6), incorrect: false }),
        },
        VERIFY: { guard: 'codeComplete', target: 'verifying' },
        RESEND: {
          actions: sendTo('resendTimer', ({ context }) => ({
            type: 'SEND' as const,
            payload: { email: context.email, password: context.password },
          })),
        },
      },
    },
    verifying: {
      invoke: {
        id: 'verifyAccount',
        src: 'verifyAccount',
        input: ({ context }) => ({ email: context.email, code: context.code, phoneCode: context.phoneCode }),
        onDone: { target: 'verified' },
        onError: { target: 'entering', actions: assign({ incorrect: true }) },
      },
    },
    verified: { type: 'final' },
  },
  output: () => ({ verified: true }),
});

import { assign, fromPromise, sendTo, setup } from 'xstate';
import { SIX_DIGITS } from '../domain/schemas/fields';
import { TIMING } from '../domain/constants';
import { takeFailure } from './failure';
import { otpTimerMachine } from './otp-timer.machine';

// A pickup address proves its phone (spec section 5: phone OTP verification, code and phone
// number): the code is sent on opening, through the otp-timer machine that also runs the
// 60-second resend lockout; the seller types the 6 digits and verifies; a wrong code says why
// and lets them try again or resend.

export interface AddressVerificationInput {
  addressId: number;
  phoneNumber: string;
}

export interface AddressVerificationContext extends AddressVerificationInput {
  code: string;
  error: string | null;
}

export type AddressVerificationEvent = { type: 'CODE'; value: string } | { type: 'VERIFY' } | { type: 'RESEND' };

export const addressVerificationMachine = setup({
  types: {
    context: {} as AddressVerificationContext,
    events: {} as AddressVerificationEvent,
    input: {} as AddressVerificationInput,
  },
  actors: {
    verifyPhone: fromPromise<unknown, { addressId: number; code: string; phoneNumber: string }>(async () => {
      throw new Error('verifyPhone not provided');
    }),
    resendTimer: otpTimerMachine,
  },
  guards: {
    codeComplete: ({ context }) => SIX_DIGITS.test(context.code),
  },
}).createMachine({
  id: 'addressVerification',
  context: ({ input }) => ({ addressId: input.addressId, phoneNumber: input.phoneNumber, code: '', error: null }),
  invoke: { id: 'resendTimer', src: 'resendTimer', input: { seconds: TIMING.otpResendLockoutS } },
  entry: sendTo('resendTimer', ({ context }) => ({ type: 'SEND' as const, payload: { addressId: context.addressId } })),
  initial: 'entering',
  states: {
    entering: {
      on: {
        CODE: { actions: assign({ code: ({ event }) => event.value.replace(/\D/g, '').slice(0, 6), error: null }) },
        VERIFY: { guard: 'codeComplete', target: 'verifying' },
        RESEND: {
          actions: [
            assign({ code: '', error: null }),
            sendTo('resendTimer', ({ context }) => ({
              type: 'SEND' as const,
              payload: { addressId: context.addressId },
            })),
          ],
        },
      },
    },
    verifying: {
      invoke: {
        id: 'verifyPhone',
        src: 'verifyPhone',
        input: ({ context }) => ({
          addressId: context.addressId,
          code: context.code,
          phoneNumber: context.phoneNumber,
        }),
        onDone: { target: 'verified' },
        onError: { target: 'entering', actions: assign(takeFailure) },
      },
    },
    verified: { type: 'final' },
  },
});

import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { addressVerificationMachine } from '../machines/address-verification.machine';
import { otpTimerMachine } from '../machines/otp-timer.machine';
import { sendAddressOtp, verifyAddressOtp } from './setup-client';
import { useHttp } from './screen-services';
import { inspector } from './inspector';

// A pickup address's phone check bound to its calls: the OTP sent, resent after the lockout, and verified.

export function useAddressVerification(address: { addressId: number; phoneNumber: string }) {
  const http = useHttp();
  const [machine] = useState(() =>
    addressVerificationMachine.provide({
      actors: {
        verifyPhone: fromPromise<unknown, { addressId: number; code: string; phoneNumber: string }>(({ input }) =>
          verifyAddressOtp(http, input.addressId, input.code, input.phoneNumber),
        ),
        resendTimer: otpTimerMachine.provide({
          actors: {
            send: fromPromise(({ input }) => sendAddressOtp(http, (input as { addressId: number }).addressId)),
          },
        }),
      },
    }),
  );
  return useMachine(machine, {
    inspect: inspector(),
    input: { addressId: address.addressId, phoneNumber: address.phoneNumber },
  });
}

import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { addressVerificationMachine } from '../machines/address-verification.machine';
import { otpTimerMachine } from '../machines/otp-timer.machine';
import { API_SETUP } from '../domain/setup-contract';
import { call } from './call';
import { useHttp } from './screen-services';
import { inspector } from './inspector';

// A pickup address's phone check bound to its calls: the OTP sent, resent after the lockout, and verified.

export function useAddressVerification(address: { addressId: number; phoneNumber: string }) {
  const http = useHttp();
  const [machine] = useState(() =>
    addressVerificationMachine.provide({
      actors: {
        verifyPhone: fromPromise<unknown, { addressId: number; code: string; phoneNumber: string }>(({ input }) =>
          call(http, API_SETUP.verifyAddressOtp, {
            params: { addressId: input.addressId },
            body: { code: input.code, phoneNumber: input.phoneNumber },
          }),
        ),
        resendTimer: otpTimerMachine.provide({
          actors: {
            send: fromPromise(({ input }) =>
              call(http, API_SETUP.sendAddressOtp, {
                params: { addressId: (input as { addressId: number }).addressId },
              }).then((r) => r.message),
            ),
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

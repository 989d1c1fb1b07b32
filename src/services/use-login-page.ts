import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { loginPageMachine } from '../machines/login-page.machine';
import { accountVerificationMachine } from '../machines/account-verification.machine';
import { otpTimerMachine } from '../machines/otp-timer.machine';
import { MSG } from '../domain/messages';
import { generateOtp, login, resetPassword } from './login-calls';
import { API_REGISTRATION } from '../domain/registration-contract';
import { call } from './call';
import { http } from './http';
import { useSessionActor } from './session-context';
import { ANALYTICS_EVENTS, trackEvent } from './analytics';
import { inspector } from './inspector';

// The login page's machine bound to the auth calls: a login answered hands its token to the session.

const verificationWithCalls = accountVerificationMachine.provide({
  actors: {
    verifyAccount: fromPromise(({ input }: { input: { email: string; code: string; phoneCode: string } }) =>
      call(http, API_REGISTRATION.verifyAccount, { body: input }).then(() => undefined),
    ),
    resendTimer: otpTimerMachine.provide({
      actors: {
        send: fromPromise(async ({ input }) => {
          const { email, password } = input as { email: string; password: string };
          await generateOtp(email, password);
          return MSG.otpSentMobileAndEmail;
        }),
      },
    }),
  },
});

export function useLoginPage() {
  const session = useSessionActor();
  return useMachine(
    loginPageMachine.provide({
      actors: {
        login: fromPromise(({ input }: { input: { email: string; password: string; otp?: string } }) =>
          login(input.email, input.password, input.otp),
        ),
        generateOtp: fromPromise(({ input }: { input: { email: string; password: string } }) =>
          generateOtp(input.email, input.password),
        ),
        resetPassword: fromPromise(({ input }: { input: { email: string } }) => resetPassword(input.email)),
        accountVerification: verificationWithCalls,
      },
      actions: {
        loggedIn: (_, params) => {
          trackEvent(ANALYTICS_EVENTS.login);
          session.send({ type: 'LOGGED_IN', token: params.answer.accessToken });
        },
      },
    }),
    { inspect: inspector() },
  );
}

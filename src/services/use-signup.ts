import { useMachine } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { signupMachine } from '../machines/signup.machine';
import { otpTimerMachine } from '../machines/otp-timer.machine';
import type { RegistrationPayload } from '../domain/schemas/account';
import { MSG } from '../domain/messages';
import { loadSignupReference, register, sendEmailOtp, sendPhoneOtp, verifyOtp } from './signup-client';
import { login } from './auth-client';
import { useSessionActor } from './session-context';
import { notify } from './notify';
import { ANALYTICS_EVENTS, trackEvent } from './analytics';
import { inspector } from './inspector';

// Sign-up's machine bound to its calls and its two OTP timers; registered, it signs in or goes to login.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const timerSending = (sendOtp: (payload: any) => Promise<string>) =>
  otpTimerMachine.provide({ actors: { send: fromPromise<string, unknown>(({ input }) => sendOtp(input)) } });

export function useSignup() {
  const navigate = useNavigate();
  const session = useSessionActor();
  return useMachine(
    signupMachine.provide({
      actors: {
        loadReference: fromPromise(() => loadSignupReference()),
        verifyOtp: fromPromise(({ input }: { input: { target: string; otp: string; firstName: string } }) =>
          verifyOtp(input),
        ),
        register: fromPromise(({ input }: { input: RegistrationPayload }) => register(input)),
        signIn: fromPromise(({ input }: { input: { email: string; password: string } }) =>
          login(input.email, input.password),
        ),
        phoneTimer: timerSending(sendPhoneOtp),
        emailTimer: timerSending(sendEmailOtp),
      },
      actions: {
        registered: () => {
          trackEvent(ANALYTICS_EVENTS.newSignup);
          notify({ kind: 'info', message: MSG.registrationDone });
          navigate('/login', { replace: true });
        },
        signedIn: (_, params) => {
          trackEvent(ANALYTICS_EVENTS.newSignup);
          trackEvent(ANALYTICS_EVENTS.login);
          notify({ kind: 'info', message: MSG.registrationDone });
          session.send({ type: 'LOGGED_IN', token: params.answer.accessToken });
          navigate('/home', { replace: true });
        },
      },
    }),
    { inspect: inspector(), input: {} },
  );
}

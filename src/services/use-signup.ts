import { useMachine } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { signupMachine } from '../machines/signup.machine';
import { otpTimerMachine } from '../machines/otp-timer.machine';
import type { RegistrationPayload } from '../domain/schemas/account';
import { MSG } from '../domain/messages';
import { API, type ApiAnswer, type ReferralSource } from '../domain/account-contract';
import { API_REGISTRATION } from '../domain/registration-contract';
import { call } from './call';
import { http, rawCall } from './http';
import { login } from './login-calls';
import { useSessionActor } from './session-context';
import { notify } from './notify';
import { ANALYTICS_EVENTS, trackEvent } from './analytics';
import { inspector } from './inspector';

// Sign-up's machine bound to its calls and its two OTP timers; registered, it signs in or goes to login.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const timerSending = (sendOtp: (payload: any) => Promise<string>) =>
  otpTimerMachine.provide({ actors: { send: fromPromise<string, unknown>(({ input }) => sendOtp(input)) } });

async function loadSignupReference(): Promise<{ referralSources: ReferralSource[]; ipAddress: string }> {
  const [sources, ip] = await Promise.all([
    rawCall<ApiAnswer<ReferralSource[]>>(API.referralSources),
    rawCall<ApiAnswer<{ ip: string }>>(API.ip),
  ]);
  return { referralSources: sources.data, ipAddress: ip.data.ip };
}

const sendEmailOtp = async (body: { email: string; firstName: string }): Promise<string> =>
  (await call(http, API_REGISTRATION.sendEmailOtp, { body })).message;
const sendPhoneOtp = async (body: { phone: string; firstName: string }): Promise<string> =>
  (await call(http, API_REGISTRATION.sendPhoneOtp, { body })).message;

export function useSignup() {
  const navigate = useNavigate();
  const session = useSessionActor();
  return useMachine(
    signupMachine.provide({
      actors: {
        loadReference: fromPromise(() => loadSignupReference()),
        verifyOtp: fromPromise(({ input }: { input: { target: string; otp: string; firstName: string } }) =>
          call(http, API_REGISTRATION.verifyOtp, { body: input }).then(() => undefined),
        ),
        register: fromPromise(({ input }: { input: RegistrationPayload }) =>
          call(http, API_REGISTRATION.register, { body: input }).then(() => undefined),
        ),
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

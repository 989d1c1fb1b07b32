import { assign, fromPromise, setup } from 'xstate';
import type { LoginAnswer, OtpTargets } from '../domain/account-contract';
import { loginFailureKind } from '../domain/error-text';
import { MSG } from '../domain/messages';
import { accountVerificationMachine } from './account-verification.machine';

// The login page's four switchable forms (spec sections 2 and 4): login (1), forgot password (2),
// sign-up (3, its own machine), verify account by OTP (4); and the sign-in code an account asks
// for after many failed sign-ins (the server's X-Login-Step: otp).

export interface PageMessage {
  kind: 'info' | 'error';
  text: string;
}

export interface LoginPageContext {
  email: string;
  /** held only between a 'disabled' login and the verification form, or the sign-in code form */
  password: string;
  /** the sign-in code being sent with the login */
  code: string;
  otpTargets: OtpTargets | null;
  message: PageMessage | null;
}

export type LoginPageEvent =
  | { type: 'SHOW_LOGIN' }
  | { type: 'SHOW_FORGOT' }
  | { type: 'SHOW_SIGNUP' }
  | { type: 'SUBMIT_LOGIN'; email: string; password: string }
  | { type: 'SUBMIT_LOGIN_OTP'; code: string }
  | { type: 'SUBMIT_FORGOT'; email: string };

export const loginPageMachine = setup({
  types: {
    context: {} as LoginPageContext,
    events: {} as LoginPageEvent,
  },
  actors: {
    login: fromPromise<LoginAnswer, { email: string; password: string; otp?: string }>(async () => {
      throw new Error('login not provided');
    }),
    generateOtp: fromPromise<OtpTargets, { email: string; password: string }>(async () => {
      throw new Error('generateOtp not provided');
    }),
    resetPassword: fromPromise<string, { email: string }>(async () => {
      throw new Error('resetPassword not provided');
    }),
    accountVerification: accountVerificationMachine,
  },
  actions: {
    /** hand the token to the session and leave the page */
    loggedIn: (_, _params: { answer: LoginAnswer }) => {},
  },
  guards: {
    isDisabled: ({ event }) => loginFailureKind((event as { error?: Error }).error?.message ?? '') === 'disabled',
    isLocked: ({ event }) => loginFailureKind((event as { error?: Error }).error?.message ?? '') === 'locked',
    isDeactivated: ({ event }) => loginFailureKind((event as { error?: Error }).error?.message ?? '') === 'deactivated',
    needsLoginOtp: ({ event }) => (event as { error?: { step?: string } }).error?.step === 'otp',
    /** a wrong, expired or used-up code (400): the seller may type it again */
    isCodeRefused: ({ event }) => (event as { error?: { status?: number } }).error?.status === 400,
  },
}).createMachine({
  id: 'loginPage',
  context: { email: '', password: '', code: '', otpTargets: null, message: null },
  initial: 'login',
  on: {
    SHOW_LOGIN: { target: '.login', actions: assign({ message: null, password: '', code: '' }) },
    SHOW_FORGOT: { target: '.forgot', actions: assign({ message: null, password: '', code: '' }) },
    SHOW_SIGNUP: { target: '.signup', actions: assign({ message: null, password: '', code: '' }) },
  },
  states: {
    login: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            SUBMIT_LOGIN: {
              target: 'submitting',
              actions: assign({
                email: ({ event }) => event.email,
                password: ({ event }) => event.password,
                message: null,
              }),
            },
          },
        },
        submitting: {
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ context }) => ({ email: context.email, password: context.password }),
            onDone: {
              target: 'done',
              actions: [
                { type: 'loggedIn', params: ({ event }) => ({ answer: event.output }) },
                assign({ password: '' }),
              ],
            },
            onError: [
              // not verified yet: send a code to phone and email and open form 4
              { guard: 'isDisabled', target: 'generatingOtp' },
              // many failed sign-ins on the account: a code went to its email and mobile
              {
                guard: 'needsLoginOtp',
                target: '#loginPage.loginOtp',
                actions: assign({
                  message: ({ event }) => ({ kind: 'info' as const, text: (event.error as Error).message }),
                }),
              },
              {
                guard: 'isLocked',
                target: 'idle',
                actions: assign({ password: '', message: { kind: 'error', text: MSG.userInactive } }),
              },
              {
                guard: 'isDeactivated',
                target: 'idle',
                actions: assign({
                  password: '',
                  message: ({ event }) => ({ kind: 'error' as const, text: (event.error as Error).message }),
                }),
              },
              { target: 'idle', actions: assign({ password: '', message: { kind: 'error', text: MSG.invalidLogin } }) },
            ],
          },
        },
        generatingOtp: {
          invoke: {
            id: 'generateOtp',
            src: 'generateOtp',
            input: ({ context }) => ({ email: context.email, password: context.password }),
            onDone: {
              target: '#loginPage.verify',
              actions: assign({
                otpTargets: ({ event }) => event.output,
                message: { kind: 'info', text: MSG.otpSentMobileAndEmail },
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({ password: '', message: { kind: 'error', text: MSG.userValidationFailed } }),
            },
          },
        },
        done: { type: 'final' },
      },
    },
    forgot: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            SUBMIT_FORGOT: {
              target: 'submitting',
              actions: assign({ email: ({ event }) => event.email, message: null }),
            },
          },
        },
        submitting: {
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: ({ context }) => ({ email: context.email }),
            onDone: {
              target: '#loginPage.login',
              actions: assign({
                message: ({ event }) => ({ kind: 'info' as const, text: event.output || MSG.passwordSent }),
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({
                message: ({ event }) => ({
                  kind: 'error' as const,
                  text: (event.error as Error)?.message ?? MSG.genericError,
                }),
              }),
            },
          },
        },
      },
    },
    loginOtp: {
      initial: 'idle',
      states: {
        idle: {
          on: { SUBMIT_LOGIN_OTP: { target: 'submitting', actions: assign({ code: ({ event }) => event.code }) } },
        },
        submitting: {
          invoke: {
            id: 'loginWithOtp',
            src: 'login',
            input: ({ context }) => ({ email: context.email, password: context.password, otp: context.code }),
            onDone: {
              target: '#loginPage.login.done',
              actions: [
                { type: 'loggedIn', params: ({ event }) => ({ answer: event.output }) },
                assign({ password: '', code: '', message: null }),
              ],
            },
            onError: [
              {
                guard: 'isCodeRefused',
                target: 'idle',
                actions: assign({
                  code: '',
                  message: ({ event }) => ({ kind: 'error' as const, text: (event.error as Error).message }),
                }),
              },
              {
                target: '#loginPage.login.idle',
                actions: assign({
                  password: '',
                  code: '',
                  message: ({ event }) => ({
                    kind: 'error' as const,
                    text: (event.error as Error)?.message ?? MSG.genericError,
                  }),
                }),
              },
            ],
          },
        },
      },
    },
    signup: {},
    verify: {
      invoke: {
        id: 'accountVerification',
        src: 'accountVerification',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: {
          target: 'login',
          actions: assign({ password: '', message: { kind: 'info', text: MSG.otpVerifiedLogin } }),
        },
      },
    },
  },
});

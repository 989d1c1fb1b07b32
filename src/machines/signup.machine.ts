import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { ReferralSource } from '../domain/account-contract';
import { TIMING } from '../domain/constants';
import { MSG } from '../domain/messages';
import {
  EMPTY_SIGNUP_FORM,
  signupNameLengthError,
  signupSubmitError,
  type SignupForm,
  type VerificationFlags,
} from '../domain/signup-checks';
import { EMAIL, INDIAN_MOBILE, normalisePhone, SIX_DIGITS } from '../domain/schemas/fields';
import type { RegistrationPayload } from '../domain/schemas/account';
import type { LoginAnswer } from '../domain/account-contract';
import type { SignupDraft } from '../domain/signup-draft';
import { otpTimerMachine } from './otp-timer.machine';
import type { PageMessage } from './login-page.machine';

// Sign-up (spec sections 4 and 5). The phone-verified and email-verified flags start false,
// turn true only after a successful OTP verification, and false again on a failed one or when
// the number or address changes. Submission is possible only with both true; the submit checks
// run in the spec's order (signupSubmitError). Each Send OTP button is an otp-timer child.
// A draft kept across a reload comes back with RESTORE (its fields, and the verifications the
// server still accepts); once registered, the seller is signed in with what they typed and lands
// on Home (or, should that fail, on the login form with the success message).

export interface SignupContext extends VerificationFlags {
  form: SignupForm;
  referralSources: ReferralSource[];
  message: PageMessage | null;
}

export type SignupEvent =
  | { type: 'CHANGE'; field: keyof SignupForm; value: string | number | boolean | null }
  | { type: 'SEND_PHONE_OTP' }
  | { type: 'SEND_EMAIL_OTP' }
  | { type: 'VERIFY_PHONE_OTP' }
  | { type: 'VERIFY_EMAIL_OTP' }
  | { type: 'SUBMIT' }
  | { type: 'RESTORE'; draft: SignupDraft };

const err = (text: string): PageMessage => ({ kind: 'error', text });
const info = (text: string): PageMessage => ({ kind: 'info', text });

export function registrationPayload(f: SignupForm): RegistrationPayload {
  // the OTP values are not sent: the server remembers which contacts were verified
  return {
    firstName: f.firstName.trim(),
    lastName: f.lastName.trim(),
    companyName: f.companyName.trim(),
    phone: normalisePhone(f.phone),
    email: f.email.trim(),
    password: f.password,
    confirmPassword: f.confirmPassword,
    tncAccepted: f.tncAccepted as true,
    ipAddress: f.ipAddress,
    referralSourceId: f.referralSourceId ?? 0,
    ...(f.referralCode.trim() ? { referralCode: f.referralCode.trim() } : {}),
  };
}

export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    /** prefilled fields, e.g. a referral code from the link the seller followed */
    input: {} as { form?: Partial<SignupForm> } | undefined,
  },
  actors: {
    /** referral sources and the caller's IP address */
    loadReference: fromPromise<{ referralSources: ReferralSource[]; ipAddress: string }>(async () => {
      throw new Error('loadReference not provided');
    }),
    verifyOtp: fromPromise<void, { target: string; otp: string; firstName: string }>(async () => {
      throw new Error('verifyOtp not provided');
    }),
    register: fromPromise<void, RegistrationPayload>(async () => {
      throw new Error('register not provided');
    }),
    signIn: fromPromise<LoginAnswer, { email: string; password: string }>(async () => {
      throw new Error('signIn not provided');
    }),
    phoneTimer: otpTimerMachine,
    emailTimer: otpTimerMachine,
  },
  actions: {
    /** /login with history replaced, and the success message */
    registered: () => {},
    /** the new seller is signed in: the session takes the token, and Home opens */
    signedIn: (_, _params: { answer: LoginAnswer }) => {},
    change: assign({
      form: ({ context, event }) =>
        event.type === 'CHANGE' ? { ...context.form, [event.field]: event.value } : context.form,
    }),
    restore: assign({
      form: ({ context, event }) =>
        event.type === 'RESTORE' ? { ...context.form, ...event.draft.form } : context.form,
    }),
    /** the form is reset and both flags cleared as the form is left */
    reset: assign({
      form: ({ context }) => ({ ...EMPTY_SIGNUP_FORM, ipAddress: context.form.ipAddress }),
      phoneVerified: false,
      emailVerified: false,
    }),
  },
  guards: {
    noFirstName: ({ context }) => context.form.firstName.trim().length === 0,
    nameTooLong: ({ context }) => signupNameLengthError(context.form) !== null,
    phoneInvalid: ({ context }) => !INDIAN_MOBILE.test(normalisePhone(context.form.phone)),
    emailInvalid: ({ context }) => !EMAIL.test(context.form.email.trim()),
    restoresPhone: ({ event }) => event.type === 'RESTORE' && event.draft.phoneVerified,
    restoresEmail: ({ event }) => event.type === 'RESTORE' && event.draft.emailVerified,
    phoneOtpComplete: ({ context }) => SIX_DIGITS.test(context.form.phoneOtp),
    emailOtpComplete: ({ context }) => SIX_DIGITS.test(context.form.emailOtp),
    changesPhone: ({ event }) => event.type === 'CHANGE' && event.field === 'phone',
    changesEmail: ({ event }) => event.type === 'CHANGE' && event.field === 'email',
    formPasses: ({ context }) => signupSubmitError(context.form, context) === null,
  },
}).createMachine({
  id: 'signup',
  context: ({ input }) => ({
    form: { ...EMPTY_SIGNUP_FORM, ...input?.form },
    referralSources: [],
    message: null,
    phoneVerified: false,
    emailVerified: false,
  }),
  invoke: [
    { id: 'phoneTimer', src: 'phoneTimer', input: { seconds: TIMING.otpResendLockoutS } },
    { id: 'emailTimer', src: 'emailTimer', input: { seconds: TIMING.otpResendLockoutS } },
  ],
  type: 'parallel',
  states: {
    form: {
      initial: 'loading',
      states: {
        loading: {
          // typing while the referral sources load is kept: the fields are open from the start
          on: { RESTORE: { actions: 'restore' }, CHANGE: { actions: 'change' } },
          invoke: {
            id: 'loadReference',
            src: 'loadReference',
            onDone: {
              target: 'editing',
              actions: assign({
                referralSources: ({ event }) => event.output.referralSources,
                form: ({ context, event }) => ({ ...context.form, ipAddress: event.output.ipAddress }),
              }),
            },
            onError: {
              target: 'editing',
              actions: assign({ message: ({ event }) => err((event.error as Error)?.message ?? MSG.genericError) }),
            },
          },
        },
        editing: {
          on: {
            RESTORE: { actions: 'restore' },
            CHANGE: { actions: 'change' },
            SEND_PHONE_OTP: [
              { guard: 'noFirstName', actions: assign({ message: err(MSG.enterFirstName) }) },
              {
                guard: 'nameTooLong',
                actions: assign({ message: ({ context }) => err(signupNameLengthError(context.form)!) }),
              },
              { guard: 'phoneInvalid', actions: assign({ message: err(MSG.enterValidPhone) }) },
              {
                actions: [
                  assign({ message: null }),
                  sendTo('phoneTimer', ({ context }) => ({
                    type: 'SEND' as const,
                    payload: { phone: normalisePhone(context.form.phone), firstName: context.form.firstName.trim() },
                  })),
                ],
              },
            ],
            SEND_EMAIL_OTP: [
              { guard: 'noFirstName', actions: assign({ message: err(MSG.enterFirstName) }) },
              {
                guard: 'nameTooLong',
                actions: assign({ message: ({ context }) => err(signupNameLengthError(context.form)!) }),
              },
              { guard: 'emailInvalid', actions: assign({ message: err(MSG.enterValidEmail) }) },
              {
                actions: [
                  assign({ message: null }),
                  sendTo('emailTimer', ({ context }) => ({
                    type: 'SEND' as const,
                    payload: { email: context.form.email.trim(), firstName: context.form.firstName.trim() },
                  })),
                ],
              },
            ],
            SUBMIT: [
              { guard: 'formPasses', target: 'submitting', actions: assign({ message: null }) },
              { actions: assign({ message: ({ context }) => err(signupSubmitError(context.form, context)!) }) },
            ],
          },
        },
        submitting: {
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ context }) => registrationPayload(context.form),
            onDone: { target: 'signingIn' },
            onError: {
              target: 'editing',
              actions: assign({ message: ({ event }) => err((event.error as Error)?.message ?? MSG.genericError) }),
            },
          },
        },
        signingIn: {
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ context }) => ({ email: context.form.email.trim(), password: context.form.password }),
            onDone: {
              target: 'done',
              actions: ['reset', { type: 'signedIn', params: ({ event }) => ({ answer: event.output }) }],
            },
            // the account exists: the seller logs in on the login form
            onError: {
              target: 'done',
              actions: ['reset', assign({ message: info(MSG.registrationDone) }), 'registered'],
            },
          },
        },
        done: { type: 'final' },
      },
    },
    phone: {
      initial: 'unverified',
      on: {
        CHANGE: { guard: 'changesPhone', target: '.unverified', actions: assign({ phoneVerified: false }) },
        RESTORE: { guard: 'restoresPhone', target: '.verified', actions: assign({ phoneVerified: true }) },
      },
      states: {
        unverified: {
          on: {
            VERIFY_PHONE_OTP: [
              { guard: 'phoneOtpComplete', target: 'verifying' },
              { actions: assign({ message: err(MSG.otpNumeric) }) },
            ],
          },
        },
        verifying: {
          invoke: {
            id: 'verifyPhoneOtp',
            src: 'verifyOtp',
            input: ({ context }) => ({
              target: normalisePhone(context.form.phone),
              otp: context.form.phoneOtp,
              firstName: context.form.firstName.trim(),
            }),
            onDone: {
              target: 'verified',
              actions: assign({ phoneVerified: true, message: info(MSG.phoneOtpVerified) }),
            },
            onError: {
              target: 'unverified',
              actions: assign({ phoneVerified: false, message: err(MSG.phoneOtpFailed) }),
            },
          },
        },
        verified: {},
      },
    },
    email: {
      initial: 'unverified',
      on: {
        CHANGE: { guard: 'changesEmail', target: '.unverified', actions: assign({ emailVerified: false }) },
        RESTORE: { guard: 'restoresEmail', target: '.verified', actions: assign({ emailVerified: true }) },
      },
      states: {
        unverified: {
          on: {
            VERIFY_EMAIL_OTP: [
              { guard: 'emailOtpComplete', target: 'verifying' },
              { actions: assign({ message: err(MSG.otpNumeric) }) },
            ],
          },
        },
        verifying: {
          invoke: {
            id: 'verifyEmailOtp',
            src: 'verifyOtp',
            input: ({ context }) => ({
              target: context.form.email.trim(),
              otp: context.form.emailOtp,
              firstName: context.form.firstName.trim(),
            }),
            onDone: {
              target: 'verified',
              actions: assign({ emailVerified: true, message: info(MSG.emailOtpVerified) }),
            },
            onError: {
              target: 'unverified',
              actions: assign({ emailVerified: false, message: err(MSG.emailOtpFailed) }),
            },
          },
        },
        verified: {},
      },
    },
  },
});

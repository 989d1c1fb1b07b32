import { signupMachine } from '../../../src/machines/signup.machine';
import { signupSubmitError } from '../../../src/domain/signup-checks';
import type { SignupDraft } from '../../../src/domain/signup-draft';
import type { MachineModel } from '../model-harness';

const VALID = {
  firstName: 'Priya',
  lastName: 'Nair',
  companyName: 'Nair Naturals',
  referralSourceId: 1,
  phone: '9812345678',
  phoneOtp: '123456',
  email: 'priya@nairnaturals.in',
  emailOtp: '654321',
  password: 'Strong@123',
  confirmPassword: 'Strong@123',
  tncAccepted: true,
} as const;

/** A kept draft with the form's contacts, verified or not (signup-draft.ts drops the password). */
const draft = (verified: boolean): SignupDraft => ({
  form: {
    firstName: VALID.firstName,
    lastName: VALID.lastName,
    companyName: VALID.companyName,
    referralSourceId: 1,
    referralCode: '',
    phone: VALID.phone,
    email: VALID.email,
    tncAccepted: true,
  },
  phoneVerified: verified,
  emailVerified: verified,
  phoneVerifiedAt: verified ? 1_795_000_000_000 : null,
  emailVerifiedAt: verified ? 1_795_000_000_000 : null,
});

// The fields no guard reads are prefilled; the model varies the ones that change behaviour.
const { firstName, phone, phoneOtp, email, emailOtp, ...prefilled } = VALID;

const EVENTS: { type: string; field?: string; value?: unknown; [k: string]: unknown }[] = [
  ...Object.entries({ firstName, phone, phoneOtp, email, emailOtp }).map(([field, value]) => ({
    type: 'CHANGE',
    field,
    value,
  })),
  { type: 'CHANGE', field: 'phone', value: '9812345679' },
  { type: 'CHANGE', field: 'phoneOtp', value: '12ab' },
  { type: 'SEND_PHONE_OTP' },
  { type: 'SEND_EMAIL_OTP' },
  { type: 'VERIFY_PHONE_OTP' },
  { type: 'VERIFY_EMAIL_OTP' },
  { type: 'SUBMIT' },
  {
    type: 'xstate.done.actor.loadReference',
    output: { referralSources: [{ referralSourceId: 1, sourceName: 'Google search' }], ipAddress: '49.36.20.1' },
  },
  { type: 'xstate.error.actor.loadReference', error: { message: 'No Internet Connection' } },
  { type: 'xstate.done.actor.verifyPhoneOtp' },
  { type: 'xstate.error.actor.verifyPhoneOtp', error: { message: 'wrong' } },
  { type: 'xstate.done.actor.verifyEmailOtp' },
  { type: 'xstate.error.actor.verifyEmailOtp', error: { message: 'wrong' } },
  { type: 'xstate.done.actor.register' },
  { type: 'xstate.error.actor.register', error: { message: 'An account with this email already exists' } },
  { type: 'xstate.done.actor.signIn', output: { accessToken: 'token', tokenType: 'Bearer' } },
  { type: 'xstate.error.actor.signIn', error: { message: 'No Internet Connection' } },
  // a draft kept across a reload: both contacts still verified, or neither
  { type: 'RESTORE', draft: draft(true) },
  { type: 'RESTORE', draft: draft(false) },
];

export const model: MachineModel = {
  name: 'signup',
  machine: signupMachine,
  options: {
    input: { form: prefilled },
    promiseActors: ['loadReference', 'verifyOtp', 'register', 'signIn'],
    // while the reference loads, one field typed stands for any (the form is kept either way)
    events: (s) =>
      (s.value as { form: string }).form === 'loading'
        ? EVENTS.filter((e) => e.type !== 'CHANGE' || (e.field === 'firstName' && e.value === firstName))
        : EVENTS,
    // an abstraction of the form: what the guards and the submit checks can tell apart
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.phoneVerified,
        s.context.emailVerified,
        signupSubmitError(s.context.form, s.context),
        s.context.form.firstName !== '',
        s.context.form.phone !== '',
        s.context.form.email !== '',
        s.context.form.phoneOtp,
        s.context.form.emailOtp !== '',
      ]),
    limit: 100_000,
  },
};

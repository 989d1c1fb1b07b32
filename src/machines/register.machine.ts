import { assign, fromPromise, setup } from 'xstate';
import type { OtpTargets } from '../domain/account-contract';
import { TIMING } from '../domain/constants';
import { MSG } from '../domain/messages';
import type { RegisterBasicPayload } from '../domain/schemas/account';
import { SIX_DIGITS } from '../domain/schemas/fields';
import {
  registerErrors,
  REGISTER_FIELDS,
  EMPTY_REGISTER,
  type FieldErrors,
  type RegisterField,
  type RegisterValues,
} from '../domain/schemas/shared-set';
import { failureText } from './failure';

// The older register screen (/register, spec sections 2 and 5): fill the form, whose messages
// appear 800 ms after the last keystroke and only for touched fields; submit creates the account
// and sends a 6-digit code to the email and another by SMS; two code boxes appear; verifying
// both codes ends the flow (→ /login).

export interface RegisterContext {
  values: RegisterValues;
  touched: Partial<Record<RegisterField, true>>;
  /** the messages on screen: published after the debounce, for touched fields only */
  shown: FieldErrors<RegisterField>;
  submitError: string | null;
  /** where the code went (masked) */
  targets: OtpTargets | null;
  /** the email's code and the mobile's: each contact proves itself */
  code: string;
  phoneCode: string;
  codeError: string | null;
}

export type RegisterEvent =
  | { type: 'CHANGE'; field: RegisterField; value: string | boolean }
  | { type: 'BLUR'; field: RegisterField }
  | { type: 'SUBMIT' }
  | { type: 'CODE'; code: string }
  | { type: 'PHONE_CODE'; code: string }
  | { type: 'VERIFY' };

export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
  },
  delays: { debounce: TIMING.registerDebounceMs },
  actors: {
    registerBasic: fromPromise<OtpTargets, RegisterBasicPayload>(async () => {
      throw new Error('registerBasic actor not provided');
    }),
    verifyAccount: fromPromise<unknown, { email: string; code: string; phoneCode: string }>(async () => {
      throw new Error('verifyAccount actor not provided');
    }),
  },
  guards: {
    formValid: ({ context }) => Object.keys(registerErrors(context.values)).length === 0,
    codeWellFormed: ({ context }) => SIX_DIGITS.test(context.code) && SIX_DIGITS.test(context.phoneCode),
  },
  actions: {
    edit: assign(({ context, event }) => {
      if (event.type !== 'CHANGE') return {};
      return {
        values: { ...context.values, [event.field]: event.value },
        touched: { ...context.touched, [event.field]: true as const },
        submitError: null,
      };
    }),
    touch: assign({
      touched: ({ context, event }) =>
        event.type === 'BLUR' ? { ...context.touched, [event.field]: true as const } : context.touched,
    }),
    touchAll: assign({
      touched: () => Object.fromEntries(REGISTER_FIELDS.map((f) => [f, true])) as RegisterContext['touched'],
    }),
    publish: assign({
      shown: ({ context }) => {
        const all = registerErrors(context.values);
        return Object.fromEntries(Object.entries(all).filter(([f]) => context.touched[f as RegisterField]));
      },
    }),
    /** navigation and the 'OTP Verified' message: provided by the screen */
    leave: () => {},
  },
}).createMachine({
  id: 'register',
  context: {
    values: EMPTY_REGISTER,
    touched: {},
    shown: {},
    submitError: null,
    targets: null,
    code: '',
    phoneCode: '',
    codeError: null,
  },
  initial: 'editing',
  states: {
    editing: {
      initial: 'settled',
      on: {
        // every keystroke restarts the 800 ms wait before messages change
        CHANGE: { target: '.debouncing', reenter: true, actions: 'edit' },
        BLUR: { target: '.debouncing', reenter: true, actions: 'touch' },
        SUBMIT: [
          { guard: 'formValid', target: 'submitting' },
          // a submit shows every message at once, no wait
          { target: '.settled', actions: ['touchAll', 'publish'] },
        ],
      },
      states: {
        settled: {},
        debouncing: {
          after: { debounce: { target: 'settled', actions: 'publish' } },
        },
      },
    },
    submitting: {
      entry: assign({ shown: {}, submitError: null }),
      invoke: {
        id: 'registerBasic',
        src: 'registerBasic',
        // only a valid form gets here, so the terms are accepted
        input: ({ context }) => ({ ...context.values, tncAccepted: true as const }),
        onDone: { target: 'awaitingCode', actions: assign({ targets: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ submitError: ({ event }) => failureText(event.error) }) },
      },
    },
    awaitingCode: {
      on: {
        CODE: { actions: assign({ code: ({ event }) => event.code, codeError: null }) },
        PHONE_CODE: { actions: assign({ phoneCode: ({ event }) => event.code, codeError: null }) },
        VERIFY: [{ guard: 'codeWellFormed', target: 'verifying' }, { actions: assign({ codeError: MSG.otpNumeric }) }],
      },
    },
    verifying: {
      entry: assign({ codeError: null }),
      invoke: {
        id: 'verifyAccount',
        src: 'verifyAccount',
        input: ({ context }) => ({ email: context.values.email, code: context.code, phoneCode: context.phoneCode }),
        onDone: { target: 'verified' },
        onError: {
          target: 'awaitingCode',
          // the server's text: 'Incorrect OTP entered', expired, or too many tries
          actions: assign({ codeError: ({ event }) => failureText(event.error) }),
        },
      },
    },
    verified: {
      type: 'final',
      entry: 'leave',
    },
  },
});

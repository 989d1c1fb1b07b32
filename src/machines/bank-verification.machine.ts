import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { BankAccountRow, BankVerification, IfscAnswer } from '../domain/bank-contract';
import { ifscProblem, normaliseIfsc } from '../domain/kyc/ifsc';
import { bankFormErrors, type BankAccountForm } from '../domain/schemas/bank';
import { bankChangeMachine } from './bank-change.machine';
import { failureText, takeFailure } from './failure';

// Adding and verifying one bank account for COD remittance. The seller types the IFSC (its bank
// and branch are looked up as soon as it has the shape of one), the account number twice and the
// holder's name; the account is saved, then confirmed and verified by the provider's penny drop.
// The answer is one of four: verified (the amount credited and the bank's name for the holder),
// the name does not match (invalid Customer Name), the bank has no such account, or the provider
// did not answer (nothing decided: try again, with a new request key). A verification keeps its
// request key until it is answered, so a retry after a lost answer does not send a second penny
// drop. A verified account can then be made the primary one: through the bank-change machine,
// which asks the owner's OTP when the primary moves away from another verified account.

export type BankField = keyof BankAccountForm;

export interface BankVerificationInput {
  /** whether making it primary needs the owner's OTP (changeNeedsOtp) */
  primaryNeedsOtp: boolean;
  /** a random prefix of this dialog's request keys */
  keySeed: string;
}

export interface BankVerificationContext {
  form: BankAccountForm;
  fieldErrors: Partial<Record<BankField, string>>;
  /** the IFSC's bank and branch, once looked up */
  bank: IfscAnswer | null;
  account: BankAccountRow | null;
  verification: BankVerification | null;
  primaryNeedsOtp: boolean;
  keySeed: string;
  keyCount: number;
  error: string | null;
}

export type BankVerificationEvent =
  /** begin, once the actor runs: a new account's form (account null), or where an added account stands */
  | { type: 'OPEN'; account: BankAccountRow | null }
  | { type: 'FIELD'; field: BankField; value: string }
  | { type: 'SAVE' }
  | { type: 'EDIT' }
  | { type: 'VERIFY' }
  | { type: 'RETRY' }
  | { type: 'MAKE_PRIMARY' };

export interface SaveBankAccount {
  /** null: a new account; else the unverified account to correct */
  bankAccountId: number | null;
  form: BankAccountForm;
}

const EMPTY: BankAccountForm = { ifsc: '', accountNumber: '', confirmAccountNumber: '', accountHolderName: '' };

// the verification's answer, and whether it came out as one outcome
const answered = ({ event }: { event: { output: BankVerification } }) => event.output;
const outcomeIs = (outcome: BankVerification['outcome']) => ({
  type: 'outcomeIs' as const,
  params: (args: { event: { output: BankVerification } }) => ({ outcome, verification: answered(args) }),
});
const takeVerification = { type: 'takeVerification' as const, params: answered };

export const bankVerificationMachine = setup({
  types: {
    context: {} as BankVerificationContext,
    events: {} as BankVerificationEvent,
    input: {} as BankVerificationInput,
  },
  actors: {
    lookupIfsc: fromPromise<IfscAnswer, { ifsc: string }>(async () => {
      throw new Error('lookupIfsc not provided');
    }),
    saveAccount: fromPromise<BankAccountRow, SaveBankAccount>(async () => {
      throw new Error('saveAccount not provided');
    }),
    verifyAccount: fromPromise<BankVerification, { bankAccountId: number; requestKey: string }>(async () => {
      throw new Error('verifyAccount not provided');
    }),
    bankChange: bankChangeMachine,
  },
  guards: {
    ifscShaped: ({ event }) => event.type === 'FIELD' && event.field === 'ifsc' && ifscProblem(event.value) === null,
    formValid: ({ context }) => Object.keys(bankFormErrors(context.form)).length === 0,
    outcomeIs: (_, params: { outcome: BankVerification['outcome']; verification: BankVerification }) =>
      params.verification.outcome === params.outcome,
    startsVerified: ({ event }) => event.type === 'OPEN' && event.account?.status === 'VERIFIED',
    startsSaved: ({ event }) => event.type === 'OPEN' && event.account !== null,
    notPrimary: ({ context }) => !context.account?.isPrimary,
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'FIELD') return {};
      const form = { ...context.form, [event.field]: event.value };
      const { [event.field]: _fixed, ...fieldErrors } = context.fieldErrors;
      return {
        form,
        fieldErrors,
        error: null,
        bank: event.field === 'ifsc' && context.bank?.ifsc !== normaliseIfsc(event.value) ? null : context.bank,
      };
    }),
    showErrors: assign({ fieldErrors: ({ context }) => bankFormErrors(context.form) }),
    open: assign(({ event }) => {
      if (event.type !== 'OPEN' || !event.account) return {};
      const a = event.account;
      return {
        account: a,
        form: { ...EMPTY, ifsc: a.ifsc, accountHolderName: a.holderName },
        bank: { ifsc: a.ifsc, bankName: a.bankName, branch: a.branch },
      };
    }),
    takeError: assign(takeFailure),
    newKey: assign({ keyCount: ({ context }) => context.keyCount + 1 }),
    takeVerification: assign((_, verification: BankVerification) => ({
      verification,
      account: verification.account,
      error: null,
    })),
  },
}).createMachine({
  id: 'bankVerification',
  context: ({ input }) => ({
    form: EMPTY,
    fieldErrors: {},
    bank: null,
    account: null,
    verification: null,
    primaryNeedsOtp: input.primaryNeedsOtp,
    keySeed: input.keySeed,
    keyCount: 1,
    error: null,
  }),
  initial: 'start',
  states: {
    start: {
      on: {
        OPEN: [
          { guard: 'startsVerified', target: 'verified', actions: 'open' },
          { guard: 'startsSaved', target: 'confirm', actions: 'open' },
          { target: 'editing' },
        ],
      },
    },
    editing: {
      initial: 'idle',
      on: {
        FIELD: [
          { guard: 'ifscShaped', target: '.lookingUp', reenter: true, actions: 'setField' },
          { actions: 'setField' },
        ],
        SAVE: [{ guard: 'formValid', target: 'saving' }, { actions: 'showErrors' }],
      },
      states: {
        idle: {},
        lookingUp: {
          invoke: {
            id: 'lookupIfsc',
            src: 'lookupIfsc',
            input: ({ context }) => ({ ifsc: normaliseIfsc(context.form.ifsc) }),
            onDone: { target: 'idle', actions: assign({ bank: ({ event }) => event.output }) },
            onError: {
              target: 'idle',
              actions: assign({
                bank: null,
                fieldErrors: ({ context, event }) => ({ ...context.fieldErrors, ifsc: failureText(event.error) }),
              }),
            },
          },
        },
      },
    },
    saving: {
      invoke: {
        id: 'saveAccount',
        src: 'saveAccount',
        input: ({ context }) => ({ bankAccountId: context.account?.bankAccountId ?? null, form: context.form }),
        onDone: {
          target: 'confirm',
          actions: [
            assign({
              account: ({ event }) => event.output,
              bank: ({ event }) => ({
                ifsc: event.output.ifsc,
                bankName: event.output.bankName,
                branch: event.output.branch,
              }),
              error: null,
            }),
            'newKey',
          ],
        },
        onError: { target: 'editing', actions: 'takeError' },
      },
    },
    confirm: {
      on: { VERIFY: 'verifying', EDIT: { target: 'editing', actions: assign({ verification: null, error: null }) } },
    },
    verifying: {
      invoke: {
        id: 'verifyAccount',
        src: 'verifyAccount',
        input: ({ context }) => ({
          bankAccountId: context.account!.bankAccountId,
          requestKey: `${context.keySeed}-${context.keyCount}`,
        }),
        onDone: [
          { guard: outcomeIs('VERIFIED'), target: 'verified', actions: takeVerification },
          { guard: outcomeIs('NAME_MISMATCH'), target: 'nameMismatch', actions: takeVerification },
          { guard: outcomeIs('INVALID'), target: 'refused', actions: takeVerification },
          { target: 'providerDown', actions: takeVerification },
        ],
        // no answer (offline): the same request key goes again, so a penny drop already sent is not repeated
        onError: { target: 'confirm', actions: 'takeError' },
      },
    },
    nameMismatch: { on: { EDIT: { target: 'editing', actions: assign({ verification: null }) } } },
    refused: { on: { EDIT: { target: 'editing', actions: assign({ verification: null }) } } },
    providerDown: {
      on: {
        RETRY: { target: 'verifying', actions: 'newKey' },
        EDIT: { target: 'editing', actions: assign({ verification: null }) },
      },
    },
    verified: {
      on: { MAKE_PRIMARY: { guard: 'notPrimary', target: 'makingPrimary' } },
    },
    makingPrimary: {
      entry: sendTo('makePrimary', ({ context }) => ({ type: 'START' as const, needsOtp: context.primaryNeedsOtp })),
      invoke: {
        id: 'makePrimary',
        src: 'bankChange',
        input: ({ context }) => ({ change: 'PRIMARY' as const, bankAccountId: context.account!.bankAccountId }),
        onDone: {
          target: 'primary',
          actions: assign({
            account: ({ context, event }) =>
              (event.output as { accounts: BankAccountRow[] } | null)?.accounts.find(
                (a) => a.bankAccountId === context.account?.bankAccountId,
              ) ?? context.account,
          }),
        },
      },
    },
    primary: { type: 'final' },
  },
});

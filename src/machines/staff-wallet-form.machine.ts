import { assign, fromPromise, setup } from 'xstate';
import {
  checkStaffWalletDraft,
  EMPTY_STAFF_WALLET_DRAFT,
  staffWalletSavedText,
  type StaffWalletAnswer,
  type StaffWalletBody,
  type StaffWalletDraft,
  type StaffWalletFormMode,
} from '../domain/wallet-staff';
import { takeFailure } from './failure';

// A staff form on one seller's wallet (/dakiya/wallets/:orgId): the postpaid credit limit, or a
// hand debit or credit; both need a reason. The draft is checked with the server's schema before
// it goes (every field's error beside it). An adjustment carries a request key made when the form
// opens: a double click or a retry after a lost answer sends the same key and the server moves the
// money once; only a saved adjustment moves the form on to a new key. A refusal is said beside the
// form and the draft stays for another try.

export interface StaffWalletFormInput {
  orgId: number;
  mode: StaffWalletFormMode;
  /** unique per form instance (the binding makes it); the request key is `<seed>-<n>` */
  keySeed: string;
}

export interface StaffWalletFormContext extends StaffWalletFormInput {
  draft: StaffWalletDraft;
  /** the field errors of the last check, by key */
  errors: Record<string, string>;
  /** the server's refusal */
  error: string | null;
  /** what the last saved request did */
  notice: string | null;
  /** requests saved so far: the next request key's number */
  saved: number;
}

export type StaffWalletFormEvent =
  { type: 'FIELD'; name: keyof StaffWalletDraft; value: string } | { type: 'SUBMIT' } | { type: 'DISMISS' };

export interface StaffWalletRequest {
  orgId: number;
  mode: StaffWalletFormMode;
  body: StaffWalletBody;
}

export const requestKey = (c: Pick<StaffWalletFormContext, 'keySeed' | 'saved'>) => `${c.keySeed}-${c.saved}`;

const check = (c: StaffWalletFormContext) => checkStaffWalletDraft(c.mode, c.draft, requestKey(c));

export const staffWalletFormMachine = setup({
  types: {
    context: {} as StaffWalletFormContext,
    events: {} as StaffWalletFormEvent,
    input: {} as StaffWalletFormInput,
  },
  actors: {
    submit: fromPromise<StaffWalletAnswer, StaffWalletRequest>(async () => {
      throw new Error('submit not provided');
    }),
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'FIELD') return {};
      const { [event.name]: _gone, ...errors } = context.errors;
      return { draft: { ...context.draft, [event.name]: event.value }, errors, error: null };
    }),
    showErrors: assign(({ context }) => {
      const result = check(context);
      return { errors: result.ok ? {} : result.errors, notice: null };
    }),
    /** the wallet changed: whatever shows it reads it again (the binding supplies it) */
    announceSaved: () => {},
  },
  guards: {
    draftValid: ({ context }) => check(context).ok,
  },
}).createMachine({
  id: 'staffWalletForm',
  context: ({ input }) => ({
    ...input,
    draft: EMPTY_STAFF_WALLET_DRAFT,
    errors: {},
    error: null,
    notice: null,
    saved: 0,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        FIELD: { actions: 'setField' },
        SUBMIT: [
          { guard: 'draftValid', target: 'submitting', actions: assign({ errors: {}, error: null, notice: null }) },
          { actions: 'showErrors' },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => {
          const result = check(context);
          // entered only from a valid draft
          return { orgId: context.orgId, mode: context.mode, body: (result as { output: StaffWalletBody }).output };
        },
        onDone: {
          target: 'saved',
          actions: [
            assign(({ context, event }) => ({
              notice: staffWalletSavedText(event.output),
              draft: EMPTY_STAFF_WALLET_DRAFT,
              saved: context.saved + 1,
            })),
            'announceSaved',
          ],
        },
        // the key stays: trying again cannot move the money twice
        onError: { target: 'editing', actions: assign(takeFailure) },
      },
    },
    saved: {
      on: {
        FIELD: { target: 'editing', actions: ['setField', assign({ notice: null })] },
        DISMISS: { target: 'editing', actions: assign({ notice: null }) },
      },
    },
  },
});

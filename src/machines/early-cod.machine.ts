import { assign, fromPromise, setup } from 'xstate';
import type { CodSettings } from '../domain/cod-contract';
import { EARLY_COD_TEXT } from '../domain/cod-remittance';
import { takeFailure } from './failure';

// Early COD on the seller's COD remittance page: load the settings; choose D+2 or D+3, which shows
// its fee and terms; accept the terms and confirm (saving); done, or failed with the reason and a
// retry. Stopping early COD asks once and saves null. The fee is the server's (settings.options).

export interface EarlyCodContext {
  settings: CodSettings | null;
  /** the option being reviewed; null while stopping */
  days: number | null;
  termsAccepted: boolean;
  error: string | null;
}

export type EarlyCodEvent =
  | { type: 'CHOOSE'; days: number }
  | { type: 'TERMS'; accepted: boolean }
  | { type: 'CONFIRM' }
  | { type: 'STOP' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'CLOSE' };

export interface EarlyCodRequest {
  earlyCodDays: number | null;
  acceptTerms: boolean;
}

export const earlyCodMachine = setup({
  types: { context: {} as EarlyCodContext, events: {} as EarlyCodEvent },
  actors: {
    loadSettings: fromPromise<CodSettings>(async () => {
      throw new Error('not provided');
    }),
    saveEarlyCod: fromPromise<CodSettings, EarlyCodRequest>(async () => {
      throw new Error('not provided');
    }),
  },
  guards: {
    knownOption: ({ context, event }) =>
      event.type === 'CHOOSE' && !!context.settings?.options.some((o) => o.days === event.days),
    termsAccepted: ({ context }) => context.termsAccepted,
    optedIn: ({ context }) => context.settings?.earlyCodDays != null,
  },
  actions: {
    notify: () => {},
  },
}).createMachine({
  id: 'earlyCod',
  context: { settings: null, days: null, termsAccepted: false, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'idle', actions: assign({ settings: ({ event }) => event.output, error: null }) },
        onError: { target: 'loadFailed', actions: assign(takeFailure) },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    idle: {
      on: {
        CHOOSE: [
          {
            guard: 'knownOption',
            target: 'reviewing',
            actions: assign({ days: ({ event }) => event.days, termsAccepted: false, error: null }),
          },
          { actions: assign({ error: EARLY_COD_TEXT.chooseOption }) },
        ],
        STOP: { guard: 'optedIn', target: 'confirmingStop', actions: assign({ days: null, error: null }) },
      },
    },
    reviewing: {
      on: {
        TERMS: { actions: assign({ termsAccepted: ({ event }) => event.accepted, error: null }) },
        CHOOSE: {
          guard: 'knownOption',
          actions: assign({ days: ({ event }) => event.days, termsAccepted: false, error: null }),
        },
        CONFIRM: [
          { guard: 'termsAccepted', target: 'saving' },
          { actions: assign({ error: EARLY_COD_TEXT.acceptTerms }) },
        ],
        CANCEL: { target: 'idle', actions: assign({ days: null, termsAccepted: false, error: null }) },
      },
    },
    confirmingStop: {
      on: { CONFIRM: 'saving', CANCEL: 'idle' },
    },
    saving: {
      invoke: {
        id: 'saveEarlyCod',
        src: 'saveEarlyCod',
        input: ({ context }) => ({
          earlyCodDays: context.days,
          acceptTerms: context.days !== null && context.termsAccepted,
        }),
        onDone: {
          target: 'done',
          actions: [assign({ settings: ({ event }) => event.output, error: null }), 'notify'],
        },
        onError: { target: 'failed', actions: assign(takeFailure) },
      },
    },
    done: { on: { CLOSE: { target: 'idle', actions: assign({ days: null, termsAccepted: false }) } } },
    failed: {
      on: {
        RETRY: { target: 'saving', actions: assign({ error: null }) },
        CANCEL: { target: 'idle', actions: assign({ days: null, termsAccepted: false, error: null }) },
      },
    },
  },
});

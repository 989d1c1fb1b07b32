import { assign, fromPromise, setup } from 'xstate';
import type { VerificationSettingsAnswer } from '../domain/cod-verification-contract';
import { checkDraft, draftOf, type VerificationDraft } from '../domain/cod-verification-form';
import type { VerificationSettingsInput } from '../domain/schemas/cod-verification';
import { takeFailure } from './failure';

// The seller's COD verification settings (Setup → COD order verification, Pro and above): read,
// edited, checked with the server's schema so each field's error is said under it by its label,
// and saved. A failed save keeps the edits and says why; a failed read can be tried again.

export interface CodVerificationSettingsContext {
  /** what the server said last: the documented pincode rule and whether a gateway is set up */
  answer: VerificationSettingsAnswer | null;
  draft: VerificationDraft | null;
  fieldErrors: Record<string, string>;
  error: string | null;
}

export type CodVerificationSettingsEvent =
  { type: 'EDIT'; patch: Partial<VerificationDraft> } | { type: 'SAVE' } | { type: 'RETRY' };

const fromAnswer = (a: VerificationSettingsAnswer) => ({ answer: a, draft: draftOf(a), fieldErrors: {}, error: null });
const check = (c: CodVerificationSettingsContext) => checkDraft(c.draft!, c.answer?.gatewayAvailable ?? false);

export const codVerificationSettingsMachine = setup({
  types: { context: {} as CodVerificationSettingsContext, events: {} as CodVerificationSettingsEvent },
  actors: {
    load: fromPromise<VerificationSettingsAnswer>(async () => {
      throw new Error('load not provided');
    }),
    save: fromPromise<VerificationSettingsAnswer, VerificationSettingsInput>(async () => {
      throw new Error('save not provided');
    }),
  },
  guards: {
    valid: ({ context }) => check(context).ok,
  },
  actions: {
    /** tells the seller the settings were saved */
    saved: () => {},
    // an edited field's error goes with the edit; the others stay until the next save
    edit: assign(({ context, event }) => {
      const patch = event.type === 'EDIT' ? event.patch : {};
      const fieldErrors = { ...context.fieldErrors };
      for (const k of Object.keys(patch)) delete fieldErrors[k];
      return { draft: { ...context.draft!, ...patch }, fieldErrors, error: null };
    }),
    showErrors: assign({
      fieldErrors: ({ context }) => {
        const c = check(context);
        return c.ok ? {} : c.errors;
      },
    }),
  },
}).createMachine({
  id: 'codVerificationSettings',
  context: { answer: null, draft: null, fieldErrors: {}, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'editing', actions: assign(({ event }) => fromAnswer(event.output)) },
        onError: { target: 'loadFailed', actions: assign(takeFailure) },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    editing: {
      on: {
        EDIT: { actions: 'edit' },
        SAVE: [{ guard: 'valid', target: 'saving' }, { actions: 'showErrors' }],
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => {
          const c = check(context);
          if (!c.ok) throw new Error('saving an unchecked form');
          return c.output;
        },
        onDone: { target: 'saved', actions: [assign(({ event }) => fromAnswer(event.output)), 'saved'] },
        onError: { target: 'failed', actions: assign(takeFailure) },
      },
    },
    /** the settings as stored; an edit starts the next change */
    saved: { on: { EDIT: { target: 'editing', actions: 'edit' } } },
    /** the save was refused or did not arrive: the edits (checked already) are kept, a save tries again */
    failed: { on: { EDIT: { target: 'editing', actions: 'edit' }, SAVE: 'saving' } },
  },
});

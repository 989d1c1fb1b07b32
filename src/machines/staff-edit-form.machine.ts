import { and, assign, fromPromise, setup } from 'xstate';
import {
  checkStaffDraft,
  needsConfirmation,
  staffSavedText,
  type StaffDraft,
  type StaffFormKind,
} from '../domain/staff-forms';
import { takeFailure } from './failure';

// One staff decision or edit in the console (a seller turned off or on, a staff role, a plan price,
// a coupon): the draft is checked with the server's schema before it goes, every field's error
// beside it; turning a seller off is asked once more; the answer says what was done and the form
// starts again from what was saved. A refusal is said beside the form and the draft stays.

export interface StaffEditFormInput {
  kind: StaffFormKind;
  /** what the entity is (an account id, a staff id, a plan or coupon code): where the request goes */
  target: string;
  /** the draft the form opens with (the entity as it stands) */
  initial: StaffDraft;
}

export interface StaffEditFormContext extends StaffEditFormInput {
  draft: StaffDraft;
  errors: Record<string, string>;
  error: string | null;
  notice: string | null;
}

export type StaffEditFormEvent =
  | { type: 'FIELD'; name: string; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'DISMISS' };

export interface StaffEditRequest {
  kind: StaffFormKind;
  target: string;
  body: Record<string, unknown>;
}

export const staffEditFormMachine = setup({
  types: {
    context: {} as StaffEditFormContext,
    events: {} as StaffEditFormEvent,
    input: {} as StaffEditFormInput,
  },
  actors: {
    submit: fromPromise<unknown, StaffEditRequest>(async () => {
      throw new Error('submit not provided');
    }),
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'FIELD') return {};
      const { [event.name]: _gone, form: _form, ...errors } = context.errors;
      return { draft: { ...context.draft, [event.name]: event.value }, errors, error: null };
    }),
    showErrors: assign(({ context }) => {
      const result = checkStaffDraft(context.kind, context.draft);
      return { errors: result.ok ? {} : result.errors, notice: null };
    }),
    /** the entity changed: whatever shows it reads it again (the binding supplies it) */
    announceSaved: () => {},
  },
  guards: {
    draftValid: ({ context }) => checkStaffDraft(context.kind, context.draft).ok,
    asksFirst: ({ context }) => needsConfirmation(context.kind, context.draft),
  },
}).createMachine({
  id: 'staffEditForm',
  context: ({ input }) => ({ ...input, draft: input.initial, errors: {}, error: null, notice: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        FIELD: { actions: 'setField' },
        SUBMIT: [
          {
            guard: and(['draftValid', 'asksFirst']),
            target: 'confirming',
            actions: assign({ errors: {}, error: null, notice: null }),
          },
          { guard: 'draftValid', target: 'submitting', actions: assign({ errors: {}, error: null, notice: null }) },
          { actions: 'showErrors' },
        ],
      },
    },
    confirming: {
      on: { CONFIRM: 'submitting', CANCEL: 'editing' },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => {
          const result = checkStaffDraft(context.kind, context.draft);
          // entered only from a valid draft
          return {
            kind: context.kind,
            target: context.target,
            body: (result as { output: Record<string, unknown> }).output,
          };
        },
        onDone: {
          target: 'saved',
          actions: [
            assign(({ context }) => ({
              notice: staffSavedText(context.kind, context.draft),
              // a reason belongs to one decision: the next one needs its own
              draft: { ...context.draft, reason: '' },
            })),
            'announceSaved',
          ],
        },
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

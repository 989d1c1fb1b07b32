import { assign, fromPromise, setup } from 'xstate';
import type { PaymentModeRow } from '../domain/payment-modes-contract';
import {
  EMPTY_MODE_DRAFT,
  paymentModeBody,
  paymentModeProblem,
  type PaymentModeDraft,
} from '../domain/schemas/payment-modes';
import { takeFailure } from './failure';

// The seller's payment modes page (Premium): the list (archived ones on request), the add/edit
// dialog checked by the server's own rules, and archive/restore. A failed save keeps the dialog
// and its edits; a failed archive leaves the list as it was and says why.

export interface PaymentModesContext {
  modes: PaymentModeRow[];
  showArchived: boolean;
  /** the dialog's form, and which mode it edits (null: a new one) */
  draft: PaymentModeDraft | null;
  editingId: number | null;
  error: string | null;
}

export type PaymentModesEvent =
  | { type: 'RETRY' }
  | { type: 'SHOW_ARCHIVED'; show: boolean }
  | { type: 'NEW' }
  | { type: 'EDIT'; modeId: number }
  | { type: 'FIELD'; patch: Partial<PaymentModeDraft> }
  | { type: 'SAVE' }
  | { type: 'CANCEL' }
  | { type: 'ARCHIVE'; modeId: number }
  | { type: 'RESTORE'; modeId: number };

export interface SaveInput {
  modeId: number | null;
  body: ReturnType<typeof paymentModeBody>;
}

const draftOf = (m: PaymentModeRow): PaymentModeDraft => ({
  modeName: m.modeName,
  modeCode: m.modeCode,
  modeBasis: m.modeBasis,
  advanceKind: m.advanceKind,
  advancePercent: m.advancePercent === null ? '' : String(m.advancePercent),
  advanceAmount: m.advanceAmount === null ? '' : String(m.advanceAmount),
  labelNote: m.labelNote,
});

/** The list after a mode changed: replaced in place, added, or left out when archived and hidden. */
function withMode(modes: PaymentModeRow[], m: PaymentModeRow, showArchived: boolean): PaymentModeRow[] {
  const rest = modes.filter((x) => x.modeId !== m.modeId);
  if (m.archived && !showArchived) return rest;
  const at = modes.findIndex((x) => x.modeId === m.modeId);
  if (at === -1) return [...rest, m].sort((a, b) => a.modeName.localeCompare(b.modeName));
  return modes.map((x) => (x.modeId === m.modeId ? m : x));
}

export const paymentModesMachine = setup({
  types: { context: {} as PaymentModesContext, events: {} as PaymentModesEvent },
  actors: {
    load: fromPromise<PaymentModeRow[], { showArchived: boolean }>(async () => {
      throw new Error('load not provided');
    }),
    save: fromPromise<PaymentModeRow, SaveInput>(async () => {
      throw new Error('save not provided');
    }),
    setArchived: fromPromise<PaymentModeRow, { modeId: number; archived: boolean }>(async () => {
      throw new Error('setArchived not provided');
    }),
  },
  guards: {
    valid: ({ context }) => context.draft !== null && paymentModeProblem(context.draft) === null,
    known: ({ context, event }) =>
      'modeId' in event && context.modes.some((m) => m.modeId === (event as { modeId: number }).modeId),
  },
  actions: {
    /** tells the seller the mode was saved */
    saved: () => {},
  },
}).createMachine({
  id: 'paymentModes',
  context: { modes: [], showArchived: false, draft: null, editingId: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ showArchived: context.showArchived }),
        onDone: { target: 'ready', actions: assign({ modes: ({ event }) => event.output, error: null }) },
        onError: { target: 'loadFailed', actions: assign(takeFailure) },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        SHOW_ARCHIVED: { target: 'loading', actions: assign({ showArchived: ({ event }) => event.show }) },
        NEW: { target: 'editing', actions: assign({ draft: EMPTY_MODE_DRAFT, editingId: null, error: null }) },
        EDIT: {
          guard: 'known',
          target: 'editing',
          actions: assign(({ context, event }) => ({
            draft: draftOf(context.modes.find((m) => m.modeId === event.modeId)!),
            editingId: event.modeId,
            error: null,
          })),
        },
        ARCHIVE: { guard: 'known', target: 'archiving' },
        RESTORE: { guard: 'known', target: 'archiving' },
      },
    },
    editing: {
      on: {
        FIELD: {
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft!, ...event.patch }), error: null }),
        },
        SAVE: [
          { guard: 'valid', target: 'saving' },
          { actions: assign({ error: ({ context }) => paymentModeProblem(context.draft!) }) },
        ],
        CANCEL: { target: 'ready', actions: assign({ draft: null, editingId: null, error: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ modeId: context.editingId, body: paymentModeBody(context.draft!) }),
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context, event }) => ({
              modes: withMode(context.modes, event.output, context.showArchived),
              draft: null,
              editingId: null,
              error: null,
            })),
            'saved',
          ],
        },
        onError: { target: 'editing', actions: assign(takeFailure) },
      },
    },
    archiving: {
      invoke: {
        id: 'setArchived',
        src: 'setArchived',
        input: ({ event }) => {
          const e = event as Extract<PaymentModesEvent, { type: 'ARCHIVE' | 'RESTORE' }>;
          return { modeId: e.modeId, archived: e.type === 'ARCHIVE' };
        },
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            modes: withMode(context.modes, event.output, context.showArchived),
            error: null,
          })),
        },
        onError: { target: 'ready', actions: assign(takeFailure) },
      },
    },
  },
});

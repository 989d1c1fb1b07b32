import { assign, fromPromise, setup } from 'xstate';
import {
  checkNoticeDraft,
  draftOf,
  EMPTY_NOTICE_DRAFT,
  idOf,
  type NoticeBody,
  type NoticeDraft,
  type NoticeKind,
} from '../domain/notices';
import type { BannerRow, ReleaseNoteRow } from '../domain/notices-contract';
import type { PlanCode } from '../domain/plans';
import { takeFailure } from './failure';

// The staff form of a banner or a release note (/dakiya/banners, /dakiya/release-notes): a new
// one, or a saved one picked from the list to edit; checked with the server's own schema before
// it goes (each field's error beside it). A row's status (banner on/off; note published or
// archived) is set from the list through the same machine, one request at a time. A refusal is
// said beside the form and the draft stays.

export interface NoticeEditorInput {
  kind: NoticeKind;
}

export interface NoticeEditorContext extends NoticeEditorInput {
  /** the saved banner or note being edited; null for a new one */
  editingId: number | null;
  draft: NoticeDraft;
  errors: Record<string, string>;
  error: string | null;
  notice: string | null;
}

export type NoticeEditorEvent =
  | { type: 'FIELD'; name: Exclude<keyof NoticeDraft, 'plans'>; value: string }
  | { type: 'TOGGLE_PLAN'; plan: PlanCode }
  | { type: 'EDIT'; row: BannerRow | ReleaseNoteRow }
  | { type: 'NEW' }
  | { type: 'SUBMIT' }
  | { type: 'SET_STATUS'; id: number; status: string };

export interface NoticeSaveRequest {
  kind: NoticeKind;
  id: number | null;
  body: NoticeBody;
}
export interface NoticeStatusRequest {
  kind: NoticeKind;
  id: number;
  status: string;
}

const noun = (kind: NoticeKind) => (kind === 'BANNER' ? 'Banner' : 'Release note');

export const noticeEditorMachine = setup({
  types: {
    context: {} as NoticeEditorContext,
    events: {} as NoticeEditorEvent,
    input: {} as NoticeEditorInput,
  },
  actors: {
    save: fromPromise<unknown, NoticeSaveRequest>(async () => {
      throw new Error('save not provided');
    }),
    setStatus: fromPromise<unknown, NoticeStatusRequest>(async () => {
      throw new Error('setStatus not provided');
    }),
  },
  actions: {
    /** the list changed: it reads itself again (the binding supplies it) */
    announceSaved: () => {},
  },
  guards: {
    draftValid: ({ context }) => checkNoticeDraft(context.kind, context.draft).ok,
  },
}).createMachine({
  id: 'noticeEditor',
  context: ({ input }) => ({
    ...input,
    editingId: null,
    draft: EMPTY_NOTICE_DRAFT,
    errors: {},
    error: null,
    notice: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        FIELD: {
          actions: assign(({ context, event }) => {
            const { [event.name]: _gone, ...errors } = context.errors;
            return { draft: { ...context.draft, [event.name]: event.value }, errors, error: null, notice: null };
          }),
        },
        TOGGLE_PLAN: {
          actions: assign(({ context, event }) => {
            const { plans: _gone, ...errors } = context.errors;
            const plans = context.draft.plans.includes(event.plan)
              ? context.draft.plans.filter((p) => p !== event.plan)
              : [...context.draft.plans, event.plan];
            return { draft: { ...context.draft, plans }, errors, notice: null };
          }),
        },
        EDIT: {
          actions: assign(({ event }) => ({
            editingId: idOf(event.row),
            draft: draftOf(event.row),
            errors: {},
            error: null,
            notice: null,
          })),
        },
        NEW: {
          actions: assign({ editingId: null, draft: EMPTY_NOTICE_DRAFT, errors: {}, error: null, notice: null }),
        },
        SUBMIT: [
          { guard: 'draftValid', target: 'saving', actions: assign({ errors: {}, error: null, notice: null }) },
          {
            actions: assign(({ context }) => {
              const result = checkNoticeDraft(context.kind, context.draft);
              return { errors: result.ok ? {} : result.errors, notice: null };
            }),
          },
        ],
        SET_STATUS: { target: 'settingStatus' },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          kind: context.kind,
          id: context.editingId,
          // entered only from a valid draft
          body: (checkNoticeDraft(context.kind, context.draft) as { output: NoticeBody }).output,
        }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context }) => ({
              notice: `${noun(context.kind)} saved`,
              draft: EMPTY_NOTICE_DRAFT,
              editingId: null,
            })),
            'announceSaved',
          ],
        },
        onError: { target: 'editing', actions: assign(takeFailure) },
      },
    },
    settingStatus: {
      invoke: {
        id: 'setStatus',
        src: 'setStatus',
        input: ({ context, event }) => {
          const e = event as Extract<NoticeEditorEvent, { type: 'SET_STATUS' }>;
          return { kind: context.kind, id: e.id, status: e.status };
        },
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context }) => ({ notice: `${noun(context.kind)} updated`, error: null })),
            'announceSaved',
          ],
        },
        onError: { target: 'editing', actions: assign(takeFailure) },
      },
    },
  },
});

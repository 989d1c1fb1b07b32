import { assign, fromPromise, setup } from 'xstate';
import type { TeamRole } from '../domain/team-contract';
import { roleProblem, type RoleDraft } from '../domain/team-forms';
import { takeFailure } from './failure';

// The role editor: a name and a set of permissions ticked by area and action; saving makes a new
// role or changes one (its users have the new permissions at their next call). An existing role
// is deleted after a confirmation; the server refuses a role someone still has, and its reason is
// shown in the editor.

export type { RoleDraft };

export const roleEditorMachine = setup({
  types: {
    context: {} as { draft: RoleDraft; error: string | null; saved: TeamRole | null },
    events: {} as
      | { type: 'EDIT'; role: RoleDraft }
      | { type: 'NAME'; value: string }
      | { type: 'TOGGLE'; permission: string }
      | { type: 'SAVE' }
      | { type: 'DELETE' }
      | { type: 'CONFIRM_DELETE' }
      | { type: 'CANCEL_DELETE' }
      | { type: 'CLOSE' },
  },
  actors: {
    saveRole: fromPromise<TeamRole, RoleDraft>(async () => {
      throw new Error('saveRole not provided');
    }),
    deleteRole: fromPromise<{ roleId: number }, { roleId: number }>(async () => {
      throw new Error('deleteRole not provided');
    }),
  },
  actions: { saved: () => {}, deleted: () => {} },
  guards: {
    draftValid: ({ context }) => roleProblem(context.draft) === null,
    existingRole: ({ context }) => context.draft.roleId !== null,
  },
}).createMachine({
  id: 'roleEditor',
  context: { draft: { roleId: null, roleName: '', permissions: [] }, error: null, saved: null },
  initial: 'closed',
  states: {
    closed: {
      on: { EDIT: { target: 'editing', actions: assign({ draft: ({ event }) => event.role, error: null }) } },
    },
    editing: {
      on: {
        NAME: { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, roleName: event.value }) }) },
        TOGGLE: {
          actions: assign({
            draft: ({ context, event }) => ({
              ...context.draft,
              permissions: context.draft.permissions.includes(event.permission)
                ? context.draft.permissions.filter((p) => p !== event.permission)
                : [...context.draft.permissions, event.permission],
            }),
            error: null,
          }),
        },
        SAVE: [
          { guard: 'draftValid', target: 'saving' },
          { actions: assign({ error: ({ context }) => roleProblem(context.draft) }) },
        ],
        DELETE: { guard: 'existingRole', target: 'confirmingDelete', actions: assign({ error: null }) },
        CLOSE: 'closed',
      },
    },
    confirmingDelete: {
      on: { CONFIRM_DELETE: 'deleting', CANCEL_DELETE: 'editing', CLOSE: 'closed' },
    },
    deleting: {
      invoke: {
        id: 'deleteRole',
        src: 'deleteRole',
        input: ({ context }) => ({ roleId: context.draft.roleId ?? 0 }),
        onDone: { target: 'closed', actions: [assign({ saved: null }), 'deleted'] },
        // refused (someone still has the role) or failed: the server's reason, back in the editor
        onError: { target: 'editing', actions: assign(takeFailure) },
      },
    },
    saving: {
      invoke: {
        id: 'saveRole',
        src: 'saveRole',
        input: ({ context }) => context.draft,
        onDone: { target: 'closed', actions: [assign({ saved: ({ event }) => event.output }), 'saved'] },
        onError: { target: 'editing', actions: assign(takeFailure) },
      },
    },
  },
});

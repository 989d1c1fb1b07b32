import { assign, fromPromise, setup } from 'xstate';
import type { TeamRole } from '../domain/team-contract';
import { roleProblem, type RoleDraft } from '../domain/team-forms';
import { failureText } from './failure';

// The role editor: a name and a set of permissions ticked by area and action; saving makes a new
// role or changes one (its users have the new permissions at their next call).

export type { RoleDraft };

export const roleEditorMachine = setup({
  types: {
    context: {} as { draft: RoleDraft; error: string | null; saved: TeamRole | null },
    events: {} as
      | { type: 'EDIT'; role: RoleDraft }
      | { type: 'NAME'; value: string }
      | { type: 'TOGGLE'; permission: string }
      | { type: 'SAVE' }
      | { type: 'CLOSE' },
  },
  actors: {
    saveRole: fromPromise<TeamRole, RoleDraft>(async () => {
      throw new Error('saveRole not provided');
    }),
  },
  actions: { saved: () => {} },
  guards: { draftValid: ({ context }) => roleProblem(context.draft) === null },
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
        CLOSE: 'closed',
      },
    },
    saving: {
      invoke: {
        id: 'saveRole',
        src: 'saveRole',
        input: ({ context }) => context.draft,
        onDone: { target: 'closed', actions: [assign({ saved: ({ event }) => event.output }), 'saved'] },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => failureText(event.error) }) },
      },
    },
  },
});

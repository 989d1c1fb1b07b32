import { assign, fromPromise, setup } from 'xstate';
import type { TeamUser, Invitation } from '../domain/team-contract';
import {
  acceptProblem,
  EMPTY_INVITE,
  inviteBody,
  inviteProblem,
  type AcceptForm,
  type InviteField,
  type InviteForm,
} from '../domain/team-forms';
import { takeFailure } from './failure';

// Inviting a user (the owner's form: name, email, phone, role → the invitation is sent) and
// accepting an invitation (the invited person's page: who it is for → a password → log in).
// The calls are injected actors (src/services/use-team.ts); the form rules are src/domain/team-forms.ts.

export { EMPTY_INVITE, inviteBody, inviteProblem, type AcceptForm, type InviteField, type InviteForm };

export const acceptInvitationMachine = setup({
  types: {
    context: {} as {
      token: string;
      invitation: Invitation | null;
      form: AcceptForm;
      error: string | null;
    },
    input: {} as { token: string },
    events: {} as { type: 'FIELD'; field: keyof AcceptForm; value: string } | { type: 'SUBMIT' } | { type: 'RETRY' },
  },
  actors: {
    readInvitation: fromPromise<Invitation, { token: string }>(async () => {
      throw new Error('readInvitation not provided');
    }),
    accept: fromPromise<{ email: string }, { invitationToken: string; password: string; confirmPassword: string }>(
      async () => {
        throw new Error('accept not provided');
      },
    ),
  },
  guards: { formValid: ({ context }) => acceptProblem(context.token, context.form) === null },
}).createMachine({
  id: 'acceptInvitation',
  context: ({ input }) => ({
    token: input.token,
    invitation: null,
    form: { password: '', confirmPassword: '' },
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'readInvitation',
        src: 'readInvitation',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'ready', actions: assign({ invitation: ({ event }) => event.output }) },
        onError: { target: 'invalid', actions: assign(takeFailure) },
      },
    },
    invalid: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
    ready: {
      on: {
        FIELD: {
          actions: assign({
            form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }),
            error: null,
          }),
        },
        SUBMIT: [
          { guard: 'formValid', target: 'saving' },
          { actions: assign({ error: ({ context }) => acceptProblem(context.token, context.form) }) },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context }) => ({ invitationToken: context.token, ...context.form }),
        onDone: 'done',
        onError: { target: 'ready', actions: assign(takeFailure) },
      },
    },
    done: { type: 'final' },
  },
});

export const inviteMachine = setup({
  types: {
    context: {} as { form: InviteForm; error: string | null; invited: TeamUser | null },
    events: {} as { type: 'FIELD'; field: InviteField; value: string } | { type: 'SUBMIT' } | { type: 'AGAIN' },
  },
  actors: {
    invite: fromPromise<TeamUser, ReturnType<typeof inviteBody>>(async () => {
      throw new Error('invite not provided');
    }),
  },
  actions: {
    /** the team list is stale (supplied by the binding) */
    invited: () => {},
  },
  guards: { formValid: ({ context }) => inviteProblem(context.form) === null },
}).createMachine({
  id: 'teamInvite',
  context: { form: EMPTY_INVITE, error: null, invited: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        FIELD: {
          actions: assign({
            form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }),
            error: null,
          }),
        },
        SUBMIT: [
          { guard: 'formValid', target: 'sending' },
          { actions: assign({ error: ({ context }) => inviteProblem(context.form) }) },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'invite',
        src: 'invite',
        input: ({ context }) => inviteBody(context.form),
        onDone: { target: 'sent', actions: [assign({ invited: ({ event }) => event.output }), 'invited'] },
        onError: { target: 'editing', actions: assign(takeFailure) },
      },
    },
    sent: {
      on: { AGAIN: { target: 'editing', actions: assign({ form: EMPTY_INVITE, error: null, invited: null }) } },
    },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import type { ApiKeyRow, NewApiKey } from '../domain/open-api-contract';
import { apiKeyNameProblem } from '../domain/api-key-form';
import { takeFailure } from './failure';

// Making an API key: a name → the key is made → it is shown once, to copy → done, and the key
// leaves memory (the server keeps only its hash; nobody can show it again). The call and the copy
// to the clipboard are supplied by src/services/use-api-keys.ts.

export const apiKeyCreationMachine = setup({
  types: {
    context: {} as {
      name: string;
      error: string | null;
      /** the whole key: only while it is shown */
      key: string | null;
      made: ApiKeyRow | null;
      copied: boolean;
    },
    events: {} as { type: 'NAME'; value: string } | { type: 'SUBMIT' } | { type: 'COPY' } | { type: 'DONE' },
  },
  actors: {
    createKey: fromPromise<NewApiKey, { name: string }>(async () => {
      throw new Error('createKey not provided');
    }),
  },
  actions: {
    /** the keys list is stale (supplied by the binding) */
    created: () => {},
    /** puts the key on the clipboard (supplied by the binding) */
    copyKey: (_, _params: { key: string }) => {},
  },
  guards: { nameValid: ({ context }) => apiKeyNameProblem(context.name) === null },
}).createMachine({
  id: 'apiKeyCreation',
  context: { name: '', error: null, key: null, made: null, copied: false },
  initial: 'editing',
  states: {
    editing: {
      on: {
        NAME: { actions: assign({ name: ({ event }) => event.value, error: null }) },
        SUBMIT: [
          { guard: 'nameValid', target: 'creating' },
          { actions: assign({ error: ({ context }) => apiKeyNameProblem(context.name) }) },
        ],
      },
    },
    creating: {
      invoke: {
        id: 'createKey',
        src: 'createKey',
        input: ({ context }) => ({ name: context.name.trim() }),
        onDone: {
          target: 'shown',
          actions: [assign({ key: ({ event }) => event.output.key, made: ({ event }) => event.output.row }), 'created'],
        },
        onError: { target: 'editing', actions: assign(takeFailure) },
      },
    },
    shown: {
      on: {
        COPY: {
          actions: [
            { type: 'copyKey', params: ({ context }) => ({ key: context.key ?? '' }) },
            assign({ copied: true }),
          ],
        },
        // the key is forgotten here: it was shown once
        DONE: { target: 'editing', actions: assign({ name: '', error: null, key: null, made: null, copied: false }) },
      },
    },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import { OrderViewBody, type OrderView } from '../domain/order-views';
import { checkForm } from '../domain/schemas/form-check';
import { takeFailure } from './failure';

// Saved views of the order list: load the login's views, name the list's filters as a new view
// (checked with the server's own schema, so the form and a 400 say the same words), delete one.
// Applying a view is a link to the list with its parameters: no state here.

export interface SavedViewsContext {
  views: OrderView[];
  /** the name being typed */
  draft: string;
  /** the list's filters when "Save view" was pressed */
  filters: Record<string, string>;
  errors: Record<string, string>;
  error: string | null;
  notice: string | null;
}

export type SavedViewsEvent =
  | { type: 'START'; filters: Record<string, string> }
  | { type: 'NAME'; value: string }
  | { type: 'SAVE' }
  | { type: 'CANCEL' }
  | { type: 'DELETE'; viewId: number }
  | { type: 'RETRY' };

export const savedViewsMachine = setup({
  types: {} as { context: SavedViewsContext; events: SavedViewsEvent },
  actors: {
    loadViews: fromPromise<OrderView[]>(async () => []),
    saveView: fromPromise<OrderView, { viewName: string; filters: Record<string, string> }>(async () => {
      throw new Error('saveView not provided');
    }),
    /** answers the deleted view's id */
    deleteView: fromPromise<{ viewId: number }, { viewId: number }>(async ({ input }) => input),
  },
  guards: {
    nameValid: ({ context }) => checkForm(OrderViewBody, { viewName: context.draft, filters: context.filters }).ok,
  },
  actions: {
    showErrors: assign({
      errors: ({ context }) => {
        const check = checkForm(OrderViewBody, { viewName: context.draft, filters: context.filters });
        return check.ok ? {} : check.errors;
      },
    }),
  },
}).createMachine({
  id: 'savedViews',
  context: { views: [], draft: '', filters: {}, errors: {}, error: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadViews',
        src: 'loadViews',
        onDone: { target: 'ready', actions: assign({ views: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign(takeFailure) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            START: {
              target: 'naming',
              actions: assign({
                filters: ({ event }) => event.filters,
                draft: '',
                errors: {},
                error: null,
                notice: null,
              }),
            },
            DELETE: { target: 'deleting', actions: assign({ error: null, notice: null }) },
          },
        },
        naming: {
          on: {
            NAME: { actions: assign({ draft: ({ event }) => event.value, errors: {} }) },
            SAVE: [{ guard: 'nameValid', target: 'saving' }, { actions: 'showErrors' }],
            CANCEL: { target: 'idle', actions: assign({ draft: '', errors: {}, error: null }) },
          },
        },
        saving: {
          invoke: {
            id: 'saveView',
            src: 'saveView',
            input: ({ context }) => ({ viewName: context.draft.trim(), filters: context.filters }),
            onDone: {
              target: 'idle',
              actions: assign({
                views: ({ context, event }) => [...context.views, event.output],
                notice: ({ event }) => `View "${event.output.viewName}" saved`,
                draft: '',
              }),
            },
            onError: { target: 'naming', actions: assign(takeFailure) },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteView',
            src: 'deleteView',
            input: ({ event }) => ({ viewId: (event as { viewId: number }).viewId }),
            onDone: {
              target: 'idle',
              actions: assign({
                views: ({ context, event }) => context.views.filter((v) => v.viewId !== event.output.viewId),
                notice: 'View deleted',
              }),
            },
            onError: { target: 'idle', actions: assign(takeFailure) },
          },
        },
      },
    },
  },
});

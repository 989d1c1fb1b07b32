import { assign, fromPromise, setup } from 'xstate';
import type { Paged } from '../domain/api';
import { failureText } from './failure';

// Every server-side list (spec: paging, sorting and search on the server): load a page, then
// search, turn pages, sort by a column (the same column again flips the direction), or refresh
// after an edit. A newer query replaces one still loading, so the table always shows the last
// thing asked for.

export interface ListQuery {
  pageNumber: number;
  recordsPerPage: number;
  searchPattern: string;
  sortBy: string;
  sortOrder: 'ASC' | 'DESC';
}

export interface ListContext {
  query: ListQuery;
  page: Paged<unknown> | null;
  error: string | null;
}

export type ListEvent =
  | { type: 'SEARCH'; searchPattern: string }
  | { type: 'PAGE'; pageNumber: number }
  | { type: 'SORT'; sortBy: string }
  /** an explicit column and direction (the phone layout's sort menu) */
  | { type: 'SORT_BY'; sortBy: string; sortOrder: 'ASC' | 'DESC' }
  | { type: 'REFRESH' }
  | { type: 'RETRY' };

const requery = {
  SEARCH: { target: '.loading', reenter: true, actions: 'search' },
  PAGE: { target: '.loading', reenter: true, actions: 'turn' },
  SORT: { target: '.loading', reenter: true, actions: 'sort' },
  SORT_BY: { target: '.loading', reenter: true, actions: 'sortBy' },
  REFRESH: { target: '.loading', reenter: true },
} as const;

export const listQueryMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as { sortBy: string; sortOrder?: 'ASC' | 'DESC'; recordsPerPage?: number; searchPattern?: string; pageNumber?: number },
  },
  actors: {
    fetchPage: fromPromise<Paged<unknown>, ListQuery>(async () => {
      throw new Error('fetchPage not provided');
    }),
  },
  actions: {
    search: assign({ query: ({ context, event }) => (event.type === 'SEARCH' ? { ...context.query, searchPattern: event.searchPattern.trim(), pageNumber: 0 } : context.query) }),
    turn: assign({ query: ({ context, event }) => (event.type === 'PAGE' ? { ...context.query, pageNumber: Math.max(0, event.pageNumber) } : context.query) }),
    sort: assign({
      query: ({ context, event }) => {
        if (event.type !== 'SORT') return context.query;
        const flip = context.query.sortBy === event.sortBy;
        return { ...context.query, sortBy: event.sortBy, sortOrder: flip && context.query.sortOrder === 'ASC' ? 'DESC' : 'ASC', pageNumber: 0 };
      },
    }),
    sortBy: assign({ query: ({ context, event }) => (event.type === 'SORT_BY' ? { ...context.query, sortBy: event.sortBy, sortOrder: event.sortOrder, pageNumber: 0 } : context.query) }),
  },
}).createMachine({
  id: 'listQuery',
  context: ({ input }) => ({
    // a shared or bookmarked view starts where it was
    query: { pageNumber: input.pageNumber ?? 0, recordsPerPage: input.recordsPerPage ?? 10, searchPattern: input.searchPattern ?? '', sortBy: input.sortBy, sortOrder: input.sortOrder ?? 'ASC' },
    page: null,
    error: null,
  }),
  initial: 'active',
  states: {
    active: {
      initial: 'loading',
      on: requery,
      states: {
        loading: {
          entry: assign({ error: null }),
          invoke: {
            id: 'fetchPage',
            src: 'fetchPage',
            input: ({ context }) => context.query,
            onDone: { target: 'ready', actions: assign({ page: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error) }) },
          },
        },
        ready: {},
        failed: {
          on: { RETRY: 'loading' },
        },
      },
    },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import type { Paged } from '../domain/paging';
import { takeFailure } from './failure';

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

export interface ListInput {
  sortBy: string;
  sortOrder?: 'ASC' | 'DESC';
  recordsPerPage?: number;
  searchPattern?: string;
  pageNumber?: number;
  /** the columns the list sorts by and its default: a bookmarked ?sort= naming another falls back to the default */
  sortKeys?: readonly string[];
  defaultSortBy?: string;
  defaultSortOrder?: 'ASC' | 'DESC';
}

/** The starting query: a sort the list does not offer (an edited or stale URL) becomes the list's default. */
export function startingQuery(input: ListInput): ListQuery {
  const knownSort = !input.sortKeys || input.sortKeys.includes(input.sortBy);
  const sortBy = knownSort ? input.sortBy : (input.defaultSortBy ?? input.sortBy);
  const order = input.sortOrder === 'ASC' || input.sortOrder === 'DESC' ? input.sortOrder : undefined;
  const sortOrder = (knownSort ? order : undefined) ?? input.defaultSortOrder ?? 'ASC';
  const whole = (n: number | undefined, fallback: number) =>
    n !== undefined && Number.isInteger(n) && n >= 0 ? n : fallback;
  return {
    pageNumber: whole(input.pageNumber, 0),
    recordsPerPage: whole(input.recordsPerPage, 10) || 10,
    searchPattern: input.searchPattern ?? '',
    sortBy,
    sortOrder,
  };
}

export const listQueryMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as ListInput,
  },
  actors: {
    fetchPage: fromPromise<Paged<unknown>, ListQuery>(async () => {
      throw new Error('fetchPage not provided');
    }),
  },
  actions: {
    search: assign({
      query: ({ context, event }) =>
        event.type === 'SEARCH'
          ? { ...context.query, searchPattern: event.searchPattern.trim(), pageNumber: 0 }
          : context.query,
    }),
    turn: assign({
      query: ({ context, event }) =>
        event.type === 'PAGE' ? { ...context.query, pageNumber: Math.max(0, event.pageNumber) } : context.query,
    }),
    sort: assign({
      query: ({ context, event }) => {
        if (event.type !== 'SORT') return context.query;
        const flip = context.query.sortBy === event.sortBy;
        return {
          ...context.query,
          sortBy: event.sortBy,
          sortOrder: flip && context.query.sortOrder === 'ASC' ? 'DESC' : 'ASC',
          pageNumber: 0,
        };
      },
    }),
    sortBy: assign({
      query: ({ context, event }) =>
        event.type === 'SORT_BY'
          ? { ...context.query, sortBy: event.sortBy, sortOrder: event.sortOrder, pageNumber: 0 }
          : context.query,
    }),
  },
}).createMachine({
  id: 'listQuery',
  context: ({ input }) => ({
    // a shared or bookmarked view starts where it was
    query: startingQuery(input),
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
            onError: { target: 'failed', actions: assign(takeFailure) },
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

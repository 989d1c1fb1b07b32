import { assign, fromPromise, setup } from 'xstate';
import { parseOrderRef, SIMULATION_TEXT } from '../domain/live/simulation';
import { takeFailure } from './failure';

// Staff choose the order to simulate (/dakiya/simulation): by order id or AWB, or a new test
// order for a seller chosen from the accounts list (searchable), made on the simulation sandbox. Either way the
// screen then opens the order (`opened`, provided: go to /dakiya/simulation/:orderId).

export interface AccountOption {
  accountId: number;
  label: string;
}

export interface SimulationPickerContext {
  ref: string;
  search: string;
  accounts: AccountOption[];
  accountId: number | null;
  error: string | null;
  /** the order to open, once found or made */
  orderId: number | null;
}

export type SimulationPickerEvent =
  | { type: 'REF'; value: string }
  | { type: 'FIND' }
  | { type: 'SEARCH'; value: string }
  | { type: 'SEARCH_ACCOUNTS' }
  | { type: 'CHOOSE_ACCOUNT'; accountId: number | null }
  | { type: 'CREATE' };

export const simulationPickerMachine = setup({
  types: { context: {} as SimulationPickerContext, events: {} as SimulationPickerEvent },
  actors: {
    loadAccounts: fromPromise<AccountOption[], { search: string }>(async () => {
      throw new Error('loadAccounts not provided');
    }),
    findOrder: fromPromise<number, { ref: string }>(async () => {
      throw new Error('findOrder not provided');
    }),
    createTestOrder: fromPromise<number, { accountId: number }>(async () => {
      throw new Error('createTestOrder not provided');
    }),
  },
  guards: {
    refValid: ({ context }) => parseOrderRef(context.ref) !== null,
    accountChosen: ({ context }) => context.accountId !== null,
  },
  actions: {
    takeError: assign(takeFailure),
    takeOrder: assign({ orderId: (_, orderId: number) => orderId }),
    /** provided: open the order's simulation page */
    opened: () => {},
  },
}).createMachine({
  id: 'simulationPicker',
  context: { ref: '', search: '', accounts: [], accountId: null, error: null, orderId: null },
  initial: 'loadingAccounts',
  states: {
    loadingAccounts: {
      invoke: {
        id: 'loadAccounts',
        src: 'loadAccounts',
        input: ({ context }) => ({ search: context.search.trim() }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            accounts: event.output,
            // the account chosen stays chosen only while the list still has it
            accountId: event.output.some((a) => a.accountId === context.accountId) ? context.accountId : null,
          })),
        },
        onError: { target: 'ready', actions: ['takeError', assign({ accounts: [], accountId: null })] },
      },
      // an account picked from the list shown while a search is on its way stays picked if the answer has it
      on: { CHOOSE_ACCOUNT: { actions: assign({ accountId: ({ event }) => event.accountId, error: null }) } },
    },
    ready: {
      on: {
        REF: { actions: assign({ ref: ({ event }) => event.value.slice(0, 30), error: null }) },
        FIND: [
          { guard: 'refValid', target: 'finding', actions: assign({ error: null }) },
          { actions: assign({ error: SIMULATION_TEXT.ref }) },
        ],
        SEARCH: { actions: assign({ search: ({ event }) => event.value.slice(0, 100) }) },
        SEARCH_ACCOUNTS: { target: 'loadingAccounts', actions: assign({ error: null }) },
        CHOOSE_ACCOUNT: { actions: assign({ accountId: ({ event }) => event.accountId, error: null }) },
        CREATE: [
          { guard: 'accountChosen', target: 'creating', actions: assign({ error: null }) },
          { actions: assign({ error: SIMULATION_TEXT.account }) },
        ],
      },
    },
    finding: {
      invoke: {
        id: 'findOrder',
        src: 'findOrder',
        input: ({ context }) => ({ ref: context.ref.trim() }),
        onDone: { target: 'opened', actions: { type: 'takeOrder', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: 'takeError' },
      },
    },
    creating: {
      invoke: {
        id: 'createTestOrder',
        src: 'createTestOrder',
        input: ({ context }) => ({ accountId: context.accountId ?? 0 }),
        onDone: { target: 'opened', actions: { type: 'takeOrder', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: 'takeError' },
      },
    },
    opened: { type: 'final', entry: 'opened' },
  },
});

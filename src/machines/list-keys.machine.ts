import { assign, setup } from 'xstate';

// Keyboard work on a list (the beta orders page): j/k or the arrows move a cursor over the
// page's rows, Enter opens the row, x picks it, s ships it, / goes to search, ? shows the keys.
// The screen tells the machine how many rows the page has; what "open", "pick", "ship" and
// "search" do is injected (navigation, the selection, the ship dialog, focus).

export interface ListKeysContext {
  /** the row under the cursor, -1 before the first move */
  cursor: number;
  rows: number;
}

export type ListKeysEvent =
  | { type: 'ROWS'; count: number }
  | { type: 'NEXT' }
  | { type: 'PREV' }
  | { type: 'OPEN' }
  | { type: 'PICK' }
  | { type: 'SHIP' }
  | { type: 'SEARCH' }
  | { type: 'HELP' }
  | { type: 'CLOSE' };

export const listKeysMachine = setup({
  types: {} as { context: ListKeysContext; events: ListKeysEvent },
  actions: {
    open: (_, _params: { index: number }) => {},
    pick: (_, _params: { index: number }) => {},
    ship: (_, _params: { index: number }) => {},
    focusSearch: () => {},
  },
  guards: {
    onRow: ({ context }) => context.cursor >= 0 && context.cursor < context.rows,
  },
}).createMachine({
  id: 'listKeys',
  context: { cursor: -1, rows: 0 },
  initial: 'browsing',
  on: {
    // a new page (or fewer rows after a change) keeps the cursor on a row that exists
    ROWS: {
      actions: assign({
        rows: ({ event }) => Math.max(0, event.count),
        cursor: ({ context, event }) => Math.min(context.cursor, Math.max(0, event.count) - 1),
      }),
    },
  },
  states: {
    browsing: {
      on: {
        NEXT: { actions: assign({ cursor: ({ context }) => Math.min(context.cursor + 1, context.rows - 1) }) },
        PREV: {
          actions: assign({ cursor: ({ context }) => Math.max(context.cursor - 1, Math.min(0, context.rows - 1)) }),
        },
        OPEN: { guard: 'onRow', actions: { type: 'open', params: ({ context }) => ({ index: context.cursor }) } },
        PICK: { guard: 'onRow', actions: { type: 'pick', params: ({ context }) => ({ index: context.cursor }) } },
        SHIP: { guard: 'onRow', actions: { type: 'ship', params: ({ context }) => ({ index: context.cursor }) } },
        SEARCH: { actions: 'focusSearch' },
        HELP: 'help',
      },
    },
    help: { on: { HELP: 'browsing', CLOSE: 'browsing' } },
  },
});

/** The event a key press makes, or null for a key the list leaves alone. */
export function listKeyEvent(key: string): ListKeysEvent | null {
  switch (key) {
    case 'j':
    case 'ArrowDown':
      return { type: 'NEXT' };
    case 'k':
    case 'ArrowUp':
      return { type: 'PREV' };
    case 'Enter':
      return { type: 'OPEN' };
    case 'x':
      return { type: 'PICK' };
    case 's':
      return { type: 'SHIP' };
    case '/':
      return { type: 'SEARCH' };
    case '?':
      return { type: 'HELP' };
    case 'Escape':
      return { type: 'CLOSE' };
    default:
      return null;
  }
}

/** The keys as the help lists them. */
export const LIST_KEYS: readonly { keys: string[]; does: string }[] = [
  { keys: ['j', '↓'], does: 'Next order' },
  { keys: ['k', '↑'], does: 'Previous order' },
  { keys: ['Enter'], does: 'Open the order' },
  { keys: ['x'], does: 'Select or unselect the order' },
  { keys: ['s'], does: 'Ship the order (Ready To Ship)' },
  { keys: ['/'], does: 'Search' },
  { keys: ['?'], does: 'Show or hide these shortcuts' },
];

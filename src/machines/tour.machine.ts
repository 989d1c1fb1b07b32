import { assign, fromPromise, setup } from 'xstate';
import { TOUR } from '../domain/home-tour';

// The guided home tour (spec sections 1 and 9). Each step first finds its anchor (opening the
// menu drawer on a phone, scrolling it into view in 468 ms); an anchor that is absent or hidden
// gives the error step, whose only way on is Exit. A shown step focuses its popover after 300 ms.
// Back, Next (Finish on the last step), the close icon, Esc and the arrow keys are events; the
// optional confirmation asks before stopping. Finishing or stopping tells the server the login
// has seen the tour. The drawing (driver.js) is the injected `show*` effects.

export interface TourContext {
  index: number;
  /** ask 'Are you sure you want to stop the tour?' before closing */
  confirmStop: boolean;
  /** how the last run ended */
  outcome: 'finished' | 'stopped' | 'failed' | null;
}

export type TourEvent =
  | { type: 'START' }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'CLOSE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'EXIT' };

const last = TOUR.steps - 1;
/** the close icon or Esc: ask first when set, else stop */
const stop = [
  { guard: 'asksFirst', target: '#tour.confirming' },
  { target: '#tour.idle', actions: ['teardown', 'markSeen', 'stopped'] },
] as const;

export const tourMachine = setup({
  types: {
    context: {} as TourContext,
    events: {} as TourEvent,
    input: {} as { confirmStop?: boolean },
  },
  actors: {
    /** finds the step's anchor: opens the drawer if needed, scrolls it into view; rejects when absent or hidden */
    prepareStep: fromPromise<void, { index: number }>(async () => {
      throw new Error('not provided');
    }),
  },
  actions: {
    showStep: (_, _p: { index: number }) => {},
    showError: (_, _p: { index: number }) => {},
    showConfirm: () => {},
    focusPopover: () => {},
    teardown: () => {},
    markSeen: () => {},
    stopped: assign({ outcome: 'stopped' as const }),
  },
  guards: {
    isLast: ({ context }) => context.index >= last,
    hasPrevious: ({ context }) => context.index > 0,
    asksFirst: ({ context }) => context.confirmStop,
  },
  delays: { focusDelay: TOUR.focusDelayMs },
}).createMachine({
  id: 'tour',
  context: ({ input }) => ({ index: 0, confirmStop: input.confirmStop ?? false, outcome: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { START: { target: 'preparing', actions: assign({ index: 0, outcome: null }) } },
    },
    preparing: {
      invoke: {
        id: 'prepareStep',
        src: 'prepareStep',
        input: ({ context }) => ({ index: context.index }),
        onDone: 'showing',
        onError: 'missing',
      },
      on: { CLOSE: stop },
    },
    showing: {
      entry: { type: 'showStep', params: ({ context }) => ({ index: context.index }) },
      initial: 'settling',
      states: {
        settling: { after: { focusDelay: 'focused' } },
        focused: { entry: 'focusPopover' },
      },
      on: {
        NEXT: [
          { guard: 'isLast', target: 'idle', actions: ['teardown', 'markSeen', assign({ outcome: 'finished' })] },
          { target: 'preparing', actions: assign({ index: ({ context }) => context.index + 1 }) },
        ],
        BACK: {
          guard: 'hasPrevious',
          target: 'preparing',
          actions: assign({ index: ({ context }) => context.index - 1 }),
        },
        CLOSE: stop,
      },
    },
    confirming: {
      entry: 'showConfirm',
      on: {
        CONFIRM: stop[1],
        CANCEL: 'preparing',
        CLOSE: 'preparing',
      },
    },
    missing: {
      entry: { type: 'showError', params: ({ context }) => ({ index: context.index }) },
      on: {
        EXIT: { target: 'idle', actions: ['teardown', 'markSeen', assign({ outcome: 'failed' })] },
        CLOSE: { target: 'idle', actions: ['teardown', 'markSeen', assign({ outcome: 'failed' })] },
      },
    },
  },
});

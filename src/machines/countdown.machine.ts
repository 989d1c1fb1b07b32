import { assign, setup } from 'xstate';

// A seconds countdown shown to the user ('Automatically closing in N seconds'): from the
// given number down to 0, one step a second, then done.

export const countdownMachine = setup({
  types: {
    context: {} as { remaining: number },
    input: {} as { seconds: number },
  },
  delays: { tick: 1000 },
  guards: {
    moreThanOneLeft: ({ context }) => context.remaining > 1,
  },
}).createMachine({
  id: 'countdown',
  context: ({ input }) => ({ remaining: input.seconds }),
  initial: 'ticking',
  states: {
    ticking: {
      after: {
        tick: [
          {
            guard: 'moreThanOneLeft',
            target: 'ticking',
            reenter: true,
            actions: assign({ remaining: ({ context }) => context.remaining - 1 }),
          },
          { target: 'done', actions: assign({ remaining: 0 }) },
        ],
      },
    },
    done: { type: 'final' },
  },
});

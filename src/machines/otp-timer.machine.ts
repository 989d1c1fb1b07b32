import { assign, fromPromise, setup } from 'xstate';

// One OTP send button with its resend lockout (spec section 4): send → locked, counting down
// each second ('Resend OTP in m:ss') → ready to resend. Parameterised: 60 s for the sign-up
// phone and email buttons, 30 s for account verification.

export interface OtpTimerContext {
  seconds: number;
  remaining: number;
  /** the last answer: a success text from the server or an error */
  message: { kind: 'info' | 'error'; text: string } | null;
}

export type OtpTimerEvent =
  /** send (or resend) with what the send actor needs */
  | { type: 'SEND'; payload: unknown }
  /** a code was already sent by someone else (e.g. the login page): start locked */
  | { type: 'SENT' };

export const otpTimerMachine = setup({
  types: {
    context: {} as OtpTimerContext,
    events: {} as OtpTimerEvent,
    input: {} as { seconds: number },
  },
  actors: {
    /** sends the code; resolves the server's success text */
    send: fromPromise<string, unknown>(async () => {
      throw new Error('send not provided');
    }),
  },
  delays: { tick: 1000 },
  guards: {
    moreThanOneSecondLeft: ({ context }) => context.remaining > 1,
  },
  actions: {
    lock: assign({ remaining: ({ context }) => context.seconds }),
  },
}).createMachine({
  id: 'otpTimer',
  context: ({ input }) => ({ seconds: input.seconds, remaining: 0, message: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        SEND: 'sending',
        SENT: { target: 'locked', actions: 'lock' },
      },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ event }: { event: OtpTimerEvent }) => (event as { payload?: unknown }).payload,
        onDone: {
          target: 'locked',
          actions: ['lock', assign({ message: ({ event }) => ({ kind: 'info' as const, text: event.output }) })],
        },
        onError: {
          target: 'ready',
          actions: assign({
            message: ({ event }) => ({
              kind: 'error' as const,
              text: (event.error as Error)?.message ?? 'Could not send the OTP',
            }),
          }),
        },
      },
    },
    locked: {
      after: {
        tick: [
          {
            guard: 'moreThanOneSecondLeft',
            target: 'locked',
            reenter: true,
            actions: assign({ remaining: ({ context }) => context.remaining - 1 }),
          },
          { target: 'ready', actions: assign({ remaining: 0 }) },
        ],
      },
    },
    ready: {
      on: { SEND: 'sending' },
    },
  },
});

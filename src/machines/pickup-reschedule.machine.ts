import { assign, fromPromise, setup } from 'xstate';
import type { PickupRequestRow } from '../domain/pickups-contract';
import { pickupDayChoices } from '../domain/pickup-days';
import { takeFailure } from './failure';

// "Change date" on a courier pickup: the seller picks another day in the coming week (today and
// the next six, IST), saves, and the whole request moves; the courier is asked again by the
// server. A refusal (a parcel already picked up, the network) shows the server's words with a
// retry; a repeat of the same move changes nothing at the server, so a retry is safe.

export interface PickupRescheduleInput {
  pickupRequestId: number;
  /** the request's day now (yyyy-mm-dd) */
  currentDate: string;
  /** today in IST (yyyy-mm-dd): the first day that may be chosen */
  today: string;
}

export interface PickupRescheduleContext extends PickupRescheduleInput {
  chosen: string | null;
  moved: PickupRequestRow | null;
  error: string | null;
}

export type PickupRescheduleEvent =
  { type: 'CHOOSE'; date: string } | { type: 'SAVE' } | { type: 'RETRY' } | { type: 'BACK' };

export const pickupRescheduleMachine = setup({
  types: {
    context: {} as PickupRescheduleContext,
    events: {} as PickupRescheduleEvent,
    input: {} as PickupRescheduleInput,
  },
  actors: {
    move: fromPromise<PickupRequestRow, { pickupRequestId: number; pickupDate: string }>(async () => {
      throw new Error('move not provided');
    }),
  },
  actions: {
    /** the binding says what is stale now: the pickups list */
    moved: () => {},
  },
  guards: {
    /** a day of the coming week other than the request's own */
    anotherDay: ({ context, event }) =>
      event.type === 'CHOOSE' &&
      event.date !== context.currentDate &&
      pickupDayChoices(context.today).includes(event.date),
    hasChoice: ({ context }) => context.chosen !== null,
  },
}).createMachine({
  id: 'pickupReschedule',
  context: ({ input }) => ({ ...input, chosen: null, moved: null, error: null }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        CHOOSE: { guard: 'anotherDay', actions: assign({ chosen: ({ event }) => event.date, error: null }) },
        SAVE: { guard: 'hasChoice', target: 'saving' },
      },
    },
    saving: {
      invoke: {
        id: 'move',
        src: 'move',
        input: ({ context }) => ({ pickupRequestId: context.pickupRequestId, pickupDate: context.chosen! }),
        onDone: { target: 'moved', actions: assign({ moved: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign(takeFailure) },
      },
    },
    failed: { on: { RETRY: 'saving', BACK: 'choosing' } },
    moved: { type: 'final', entry: 'moved' },
  },
});

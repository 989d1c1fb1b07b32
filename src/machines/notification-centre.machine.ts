import { assign, fromPromise, setup } from 'xstate';
import type { NotificationRow } from '../domain/notices-contract';
import { takeFailure } from './failure';

// The notifications centre: the bell in the seller header (the unread count only) and the
// /notifications page (the list as well). It reads again every minute, gently (live push may come
// later), and at once after marking one or all read. A failed read keeps what was shown and tries
// again at the next minute.

/** How often the unread count is read again. */
export const NOTIFICATION_POLL_MS = 60_000;

export interface NotificationCentreInput {
  /** the page reads the list; the bell only the count */
  withList: boolean;
}

export interface NotificationSnapshot {
  unread: number;
  items?: NotificationRow[];
}

export interface NotificationCentreContext extends NotificationCentreInput {
  unread: number;
  items: NotificationRow[];
  loaded: boolean;
  error: string | null;
  /** the page to open once the notification is marked read (opening one reads it first) */
  opening: string | null;
}

export type NotificationCentreEvent =
  | { type: 'REFRESH' }
  /** with `open`: go to that page once it is read */
  | { type: 'READ'; notificationId: number; open?: string }
  | { type: 'READ_ALL' };

export type ReadRequest = { notificationId: number } | { all: true };

export const notificationCentreMachine = setup({
  types: {
    context: {} as NotificationCentreContext,
    events: {} as NotificationCentreEvent,
    input: {} as NotificationCentreInput,
  },
  actors: {
    fetch: fromPromise<NotificationSnapshot, NotificationCentreInput>(async () => {
      throw new Error('fetch not provided');
    }),
    markRead: fromPromise<unknown, ReadRequest>(async () => {
      throw new Error('markRead not provided');
    }),
  },
  actions: {
    /** other views of the count (the bell, the page) read it again (the binding supplies it) */
    announceRead: () => {},
    /** goes to a notification's page (the binding supplies navigation) */
    openPage: (_, _link: string) => {},
  },
  delays: { POLL: NOTIFICATION_POLL_MS },
}).createMachine({
  id: 'notificationCentre',
  context: ({ input }) => ({ ...input, unread: 0, items: [], loaded: false, error: null, opening: null }),
  initial: 'fetching',
  states: {
    fetching: {
      invoke: {
        id: 'fetch',
        src: 'fetch',
        input: ({ context }) => ({ withList: context.withList }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            unread: event.output.unread,
            items: event.output.items ?? context.items,
            loaded: true,
            error: null,
          })),
        },
        onError: { target: 'ready', actions: assign(takeFailure) },
      },
    },
    ready: {
      after: { POLL: 'fetching' },
      on: {
        REFRESH: 'fetching',
        READ: [
          {
            guard: ({ context, event }) =>
              context.items.some((n) => n.notificationId === event.notificationId && !n.read),
            target: 'marking',
            actions: assign({ opening: ({ event }) => event.open ?? null }),
          },
          // read already: only opens its page
          { guard: ({ event }) => !!event.open, actions: { type: 'openPage', params: ({ event }) => event.open! } },
        ],
        READ_ALL: { guard: ({ context }) => context.unread > 0, target: 'marking' },
      },
    },
    marking: {
      invoke: {
        id: 'markRead',
        src: 'markRead',
        input: ({ event }) =>
          (event as NotificationCentreEvent).type === 'READ'
            ? { notificationId: (event as Extract<NotificationCentreEvent, { type: 'READ' }>).notificationId }
            : { all: true as const },
        onDone: [
          {
            guard: ({ context }) => context.opening !== null,
            target: 'fetching',
            actions: [
              'announceRead',
              { type: 'openPage', params: ({ context }) => context.opening! },
              assign({ opening: null }),
            ],
          },
          { target: 'fetching', actions: 'announceRead' },
        ],
        onError: {
          target: 'ready',
          actions: assign({ ...takeFailure, opening: null }),
        },
      },
    },
  },
});

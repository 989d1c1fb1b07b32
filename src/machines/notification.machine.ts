import { assign, setup } from 'xstate';
import { TIMING } from '../domain/constants';

// The notification banner (spec section 2): a red error or blue info message at the top of the
// screen that hides itself after 5 seconds. A detail is appended after ' > '.

export interface Notice {
  kind: 'error' | 'info';
  message: string;
  detail?: string;
}

export type NotificationEvent = ({ type: 'SHOW' } & Notice) | { type: 'DISMISS' };

export function noticeText(n: Notice): string {
  return n.detail ? `${n.message} > ${n.detail}` : n.message;
}

export const notificationMachine = setup({
  types: {
    context: {} as { notice: Notice | null },
    events: {} as NotificationEvent,
  },
  delays: { autoHide: TIMING.notificationAutoHideMs },
  actions: {
    remember: assign({
      notice: ({ event }) =>
        event.type === 'SHOW' ? { kind: event.kind, message: event.message, detail: event.detail } : null,
    }),
    forget: assign({ notice: null }),
  },
}).createMachine({
  id: 'notification',
  context: { notice: null },
  initial: 'hidden',
  states: {
    hidden: {
      on: { SHOW: { target: 'shown', actions: 'remember' } },
    },
    shown: {
      after: { autoHide: { target: 'hidden', actions: 'forget' } },
      on: {
        // a new message replaces the old one and restarts the 5-second timer
        SHOW: { target: 'shown', reenter: true, actions: 'remember' },
        DISMISS: { target: 'hidden', actions: 'forget' },
      },
    },
  },
});

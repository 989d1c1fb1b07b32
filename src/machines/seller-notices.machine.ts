import { assign, fromPromise, setup } from 'xstate';
import type { PublishedNote, SellerBanner } from '../domain/notices-contract';
import { failureText } from './failure';

// What the platform tells a seller as the app opens: the banners for the plan at the top of every
// page (each closed for good by this login, on every device), and the release notes published
// since it last looked, in a dialog once; closing the dialog marks them seen. Banners are not
// essential: when they cannot be read the page goes on without them.

export interface SellerNotices {
  banners: SellerBanner[];
  notes: PublishedNote[];
}

export interface SellerNoticesContext extends SellerNotices {
  error: string | null;
}

export type SellerNoticesEvent = { type: 'DISMISS'; bannerId: number } | { type: 'CLOSE_NOTES' };

export const sellerNoticesMachine = setup({
  types: {
    context: {} as SellerNoticesContext,
    events: {} as SellerNoticesEvent,
  },
  actors: {
    load: fromPromise<SellerNotices>(async () => {
      throw new Error('load not provided');
    }),
    dismiss: fromPromise<unknown, { bannerId: number }>(async () => {
      throw new Error('dismiss not provided');
    }),
    markViewed: fromPromise<unknown, { releaseNoteIds: number[] }>(async () => {
      throw new Error('markViewed not provided');
    }),
  },
}).createMachine({
  id: 'sellerNotices',
  context: { banners: [], notes: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          {
            guard: ({ event }) => event.output.notes.length > 0,
            target: 'showing.notes.open',
            actions: assign(({ event }) => ({ ...event.output, error: null })),
          },
          { target: 'showing', actions: assign(({ event }) => ({ ...event.output, error: null })) },
        ],
        onError: { target: 'unavailable' },
      },
    },
    unavailable: { type: 'final' },
    showing: {
      type: 'parallel',
      states: {
        banners: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                DISMISS: {
                  guard: ({ context, event }) => context.banners.some((b) => b.bannerId === event.bannerId),
                  target: 'dismissing',
                  // gone at once; the server keeps it closed on every device
                  actions: assign(({ context, event }) => ({
                    banners: context.banners.filter((b) => b.bannerId !== event.bannerId),
                    error: null,
                  })),
                },
              },
            },
            dismissing: {
              invoke: {
                id: 'dismiss',
                src: 'dismiss',
                input: ({ event }) => ({
                  bannerId: (event as Extract<SellerNoticesEvent, { type: 'DISMISS' }>).bannerId,
                }),
                onDone: { target: 'idle' },
                onError: {
                  target: 'idle',
                  actions: assign({ error: ({ event }) => `The banner may show again: ${failureText(event.error)}` }),
                },
              },
            },
          },
        },
        notes: {
          initial: 'closed',
          states: {
            open: { on: { CLOSE_NOTES: { target: 'markingViewed' } } },
            markingViewed: {
              invoke: {
                id: 'markViewed',
                src: 'markViewed',
                input: ({ context }) => ({ releaseNoteIds: context.notes.map((n) => n.releaseNoteId) }),
                // seen or not, the dialog stays closed on this page; unsaved, it comes back next time
                onDone: { target: 'closed', actions: assign({ notes: [] }) },
                onError: { target: 'closed', actions: assign({ notes: [] }) },
              },
            },
            closed: {},
          },
        },
      },
    },
  },
});

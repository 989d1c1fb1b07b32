import { assign, fromPromise, setup } from 'xstate';
import {
  chosenItems,
  clampQuantity,
  itemsProblem,
  MAX_RETURN_PHOTOS,
  reasonProblem,
  type ReturnableItem,
  type ReturnQuantities,
  type ReturnReasonOption,
} from '../domain/return-draft';
import { failureText } from './failure';

// The buyer asks for a return from the tracking page of a delivered order (issue "Returns"):
// whether a return can be asked loads with the page (inside the seller's return window, none asked
// yet); the buyer picks items, a reason and optional photos, and sends it once. The seller (or a
// rule) decides; the page shows the request waiting, then the decision.

export type BuyerRequestStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

/** What the tracking page knows about returning this order. */
export interface BuyerReturnView {
  items: ReturnableItem[];
  reasons: ReturnReasonOption[];
  /** the last day a return may be asked (IST, yyyy-mm-dd), null when the seller takes none */
  windowEndsOn: string | null;
  windowOpen: boolean;
  request: {
    status: BuyerRequestStatus;
    decidedAt: string | null;
    note: string | null;
    /** the return's tracking page once approved */
    returnTrackingRef: string | null;
  } | null;
}

export interface BuyerReturnRequestBody {
  items: { sku: string; quantity: number }[];
  reason: string;
  subReason: string | null;
  comment: string;
  photos: string[];
}

export interface ReturnRequestInput {
  trackingRef: string;
}

export interface ReturnRequestContext extends ReturnRequestInput {
  view: BuyerReturnView | null;
  quantities: ReturnQuantities;
  reason: string | null;
  subReason: string | null;
  comment: string;
  photos: string[];
  problem: string | null;
  error: string | null;
}

export type ReturnRequestEvent =
  | { type: 'START' }
  | { type: 'CANCEL' }
  | { type: 'SET_QUANTITY'; sku: string; quantity: number }
  | { type: 'CHOOSE_REASON'; reason: string }
  | { type: 'CHOOSE_SUB_REASON'; subReason: string }
  | { type: 'SET_COMMENT'; comment: string }
  | { type: 'ADD_PHOTO'; file: Blob }
  | { type: 'REMOVE_PHOTO'; url: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'REFRESH' };

const itemsOf = (ctx: ReturnRequestContext) => ctx.view?.items ?? [];
const reasonsOf = (ctx: ReturnRequestContext) => ctx.view?.reasons ?? [];

export function requestBody(ctx: ReturnRequestContext): BuyerReturnRequestBody {
  return {
    items: chosenItems(itemsOf(ctx), ctx.quantities).map((i) => ({ sku: i.sku, quantity: i.quantity })),
    reason: ctx.reason ?? '',
    subReason: ctx.subReason,
    comment: ctx.comment.trim(),
    photos: ctx.photos,
  };
}

const viewOf = (event: unknown) => (event as { output?: BuyerReturnView }).output;

export const returnRequestMachine = setup({
  types: {
    context: {} as ReturnRequestContext,
    events: {} as ReturnRequestEvent,
    input: {} as ReturnRequestInput,
  },
  actors: {
    loadRequest: fromPromise<BuyerReturnView, { trackingRef: string }>(async () => {
      throw new Error('loadRequest not provided');
    }),
    uploadPhoto: fromPromise<{ url: string }, { trackingRef: string; file: Blob }>(async () => {
      throw new Error('uploadPhoto not provided');
    }),
    sendRequest: fromPromise<BuyerReturnView, { trackingRef: string; body: BuyerReturnRequestBody }>(async () => {
      throw new Error('sendRequest not provided');
    }),
  },
  guards: {
    decided: ({ event }) => {
      const status = viewOf(event)?.request?.status;
      return status === 'APPROVED' || status === 'REJECTED';
    },
    pending: ({ event }) => viewOf(event)?.request?.status === 'PENDING',
    windowOpen: ({ event }) => !!viewOf(event)?.windowOpen,
    itemsOk: ({ context }) => itemsProblem(itemsOf(context), context.quantities) === null,
    reasonOk: ({ context }) => reasonProblem(reasonsOf(context), context.reason, context.subReason) === null,
    knownReason: ({ context, event }) =>
      event.type === 'CHOOSE_REASON' && reasonsOf(context).some((r) => r.code === event.reason),
    photoFits: ({ context, event }) =>
      event.type === 'ADD_PHOTO' && !!event.file && context.photos.length < MAX_RETURN_PHOTOS,
    knownSubReason: ({ context, event }) =>
      event.type === 'CHOOSE_SUB_REASON' &&
      !!reasonsOf(context)
        .find((r) => r.code === context.reason)
        ?.subReasons.some((x) => x.code === event.subReason),
  },
}).createMachine({
  id: 'returnRequest',
  context: ({ input }) => ({
    ...input,
    view: null,
    quantities: {},
    reason: null,
    subReason: null,
    comment: '',
    photos: [],
    problem: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadRequest',
        src: 'loadRequest',
        input: ({ context }) => ({ trackingRef: context.trackingRef }),
        onDone: [
          { guard: 'decided', target: 'decided', actions: assign({ view: ({ event }) => event.output }) },
          { guard: 'pending', target: 'sent', actions: assign({ view: ({ event }) => event.output }) },
          { guard: 'windowOpen', target: 'offered', actions: assign({ view: ({ event }) => event.output }) },
          { target: 'unavailable', actions: assign({ view: ({ event }) => event.output }) },
        ],
        // the tracking page shows without the offer: nothing for the buyer to retry here
        onError: { target: 'unavailable', actions: assign({ error: ({ event }) => failureText(event.error) }) },
      },
    },
    /** no return can be asked: outside the window, not delivered, or the page could not tell */
    unavailable: { type: 'final' },
    offered: {
      on: {
        START: {
          target: 'asking',
          actions: assign({
            quantities: ({ context }) => Object.fromEntries(itemsOf(context).map((i) => [i.sku, i.ordered])),
            reason: null,
            subReason: null,
            comment: '',
            photos: [],
          }),
        },
      },
    },
    asking: {
      initial: 'items',
      on: { CANCEL: 'offered' },
      states: {
        items: {
          entry: assign({ problem: null }),
          on: {
            SET_QUANTITY: {
              actions: assign({
                quantities: ({ context, event }) => {
                  const item = itemsOf(context).find((i) => i.sku === event.sku);
                  return item
                    ? { ...context.quantities, [event.sku]: clampQuantity(event.quantity, item.ordered) }
                    : context.quantities;
                },
                problem: null,
              }),
            },
            NEXT: [
              { guard: 'itemsOk', target: 'reason' },
              { actions: assign({ problem: ({ context }) => itemsProblem(itemsOf(context), context.quantities) }) },
            ],
          },
        },
        reason: {
          entry: assign({ problem: null }),
          on: {
            CHOOSE_REASON: {
              guard: 'knownReason',
              actions: assign({ reason: ({ event }) => event.reason, subReason: null, problem: null }),
            },
            CHOOSE_SUB_REASON: {
              guard: 'knownSubReason',
              actions: assign({ subReason: ({ event }) => event.subReason, problem: null }),
            },
            SET_COMMENT: { actions: assign({ comment: ({ event }) => (event.comment ?? '').slice(0, 500) }) },
            NEXT: [
              { guard: 'reasonOk', target: 'photos' },
              {
                actions: assign({
                  problem: ({ context }) => reasonProblem(reasonsOf(context), context.reason, context.subReason),
                }),
              },
            ],
            BACK: 'items',
          },
        },
        photos: {
          entry: assign({ problem: null }),
          on: {
            ADD_PHOTO: { guard: 'photoFits', target: 'uploading' },
            REMOVE_PHOTO: {
              actions: assign({ photos: ({ context, event }) => context.photos.filter((p) => p !== event.url) }),
            },
            SUBMIT: '#returnRequest.sending',
            BACK: 'reason',
          },
        },
        uploading: {
          invoke: {
            id: 'uploadPhoto',
            src: 'uploadPhoto',
            input: ({ context, event }) => ({ trackingRef: context.trackingRef, file: (event as { file: Blob }).file }),
            onDone: {
              target: 'photos',
              actions: assign({ photos: ({ context, event }) => [...context.photos, event.output.url] }),
            },
            onError: { target: 'photos', actions: assign({ problem: ({ event }) => failureText(event.error) }) },
          },
        },
      },
    },
    sending: {
      entry: assign({ error: null }),
      invoke: {
        id: 'sendRequest',
        src: 'sendRequest',
        input: ({ context }) => ({ trackingRef: context.trackingRef, body: requestBody(context) }),
        onDone: [
          // a rule of the seller's may approve it at once
          { guard: 'decided', target: 'decided', actions: assign({ view: ({ event }) => event.output }) },
          { target: 'sent', actions: assign({ view: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error) }) },
      },
    },
    failed: { on: { RETRY: 'sending', BACK: 'asking.photos' } },
    /** asked; waiting for the seller */
    sent: { on: { REFRESH: 'checking' } },
    checking: {
      invoke: {
        id: 'checkRequest',
        src: 'loadRequest',
        input: ({ context }) => ({ trackingRef: context.trackingRef }),
        onDone: [
          { guard: 'decided', target: 'decided', actions: assign({ view: ({ event }) => event.output }) },
          { target: 'sent', actions: assign({ view: ({ event }) => event.output }) },
        ],
        onError: { target: 'sent', actions: assign({ error: ({ event }) => failureText(event.error) }) },
      },
    },
    decided: { type: 'final' },
  },
});

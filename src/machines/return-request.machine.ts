import { assign, fromPromise, setup } from 'xstate';
import {
  buyerRequestBody,
  clampQuantity,
  itemsProblem,
  MAX_RETURN_PHOTOS,
  offerItems,
  reasonProblem,
  type ReturnQuantities,
} from '../domain/return-draft';
import type { BuyerReturnOffer, Photo } from '../domain/returns-contract';
import type { BuyerReturnRequestInput } from '../domain/schemas/returns';
import { failureText, takeFailure } from './failure';

// The buyer asks for a return from the tracking page of a delivered order (issue "Returns"):
// whether a return can be asked loads with the page (inside the seller's return window, none asked
// yet, and only from the buyer's own link, its key k); the buyer picks items, a reason and
// optional photos, and sends it once. The seller (or a rule) decides; the page shows the request
// waiting, then the decision.

export interface ReturnRequestInput {
  trackingRef: string;
  /** the key of the buyer's SMS/email link; without it no return can be asked (the load refuses) */
  key: string | null;
}

export interface ReturnRequestContext extends ReturnRequestInput {
  offer: BuyerReturnOffer | null;
  quantities: ReturnQuantities;
  reason: string | null;
  subReason: string | null;
  comment: string;
  photos: Photo[];
  problem: string | null;
  error: string | null;
}

export type ReturnRequestEvent =
  | { type: 'START' }
  | { type: 'CANCEL' }
  | { type: 'SET_QUANTITY'; key: string; quantity: number }
  | { type: 'CHOOSE_REASON'; reason: string }
  | { type: 'CHOOSE_SUB_REASON'; subReason: string }
  | { type: 'SET_COMMENT'; comment: string }
  | { type: 'ADD_PHOTO'; file: Blob }
  | { type: 'REMOVE_PHOTO'; fileId: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'REFRESH' };

const itemsOf = (ctx: ReturnRequestContext) => (ctx.offer ? offerItems(ctx.offer) : []);
const reasonsOf = (ctx: ReturnRequestContext) => ctx.offer?.reasons ?? [];

export function requestBody(ctx: ReturnRequestContext): BuyerReturnRequestInput {
  return buyerRequestBody(
    ctx.key ?? '',
    itemsOf(ctx),
    ctx.quantities,
    ctx.reason ?? '',
    ctx.subReason ?? '',
    ctx.comment,
    ctx.photos,
  );
}

const offerOf = (event: unknown) => (event as { output?: BuyerReturnOffer }).output;

export const returnRequestMachine = setup({
  types: {
    context: {} as ReturnRequestContext,
    events: {} as ReturnRequestEvent,
    input: {} as ReturnRequestInput,
  },
  actors: {
    loadRequest: fromPromise<BuyerReturnOffer, { trackingRef: string; key: string }>(async () => {
      throw new Error('loadRequest not provided');
    }),
    uploadPhoto: fromPromise<Photo, { trackingRef: string; key: string; file: Blob }>(async () => {
      throw new Error('uploadPhoto not provided');
    }),
    sendRequest: fromPromise<BuyerReturnOffer, { trackingRef: string; body: BuyerReturnRequestInput }>(async () => {
      throw new Error('sendRequest not provided');
    }),
  },
  guards: {
    decided: ({ event }) => {
      const state = offerOf(event)?.request?.state;
      return state === 'APPROVED' || state === 'REJECTED';
    },
    pending: ({ event }) => offerOf(event)?.request?.state === 'PENDING',
    canRequest: ({ event }) => !!offerOf(event)?.canRequest,
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
    offer: null,
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
        input: ({ context }) => ({ trackingRef: context.trackingRef, key: context.key ?? '' }),
        onDone: [
          { guard: 'decided', target: 'decided', actions: assign({ offer: ({ event }) => event.output }) },
          { guard: 'pending', target: 'sent', actions: assign({ offer: ({ event }) => event.output }) },
          { guard: 'canRequest', target: 'offered', actions: assign({ offer: ({ event }) => event.output }) },
          { target: 'unavailable', actions: assign({ offer: ({ event }) => event.output }) },
        ],
        // the tracking page shows without the offer: nothing for the buyer to retry here
        onError: { target: 'unavailable', actions: assign(takeFailure) },
      },
    },
    /** no return can be asked: outside the window, not delivered, or the page could not tell */
    unavailable: { type: 'final' },
    offered: {
      on: {
        START: {
          target: 'asking',
          actions: assign({
            quantities: ({ context }) => Object.fromEntries(itemsOf(context).map((i) => [i.key, i.ordered])),
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
                  const item = itemsOf(context).find((i) => i.key === event.key);
                  return item
                    ? { ...context.quantities, [event.key]: clampQuantity(event.quantity, item.ordered) }
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
              actions: assign({
                photos: ({ context, event }) => context.photos.filter((p) => p.fileId !== event.fileId),
              }),
            },
            SUBMIT: '#returnRequest.sending',
            BACK: 'reason',
          },
        },
        uploading: {
          invoke: {
            id: 'uploadPhoto',
            src: 'uploadPhoto',
            input: ({ context, event }) => ({
              trackingRef: context.trackingRef,
              key: context.key ?? '',
              file: (event as { file: Blob }).file,
            }),
            onDone: {
              target: 'photos',
              actions: assign({ photos: ({ context, event }) => [...context.photos, event.output] }),
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
          { guard: 'decided', target: 'decided', actions: assign({ offer: ({ event }) => event.output }) },
          { target: 'sent', actions: assign({ offer: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: assign(takeFailure) },
      },
    },
    failed: { on: { RETRY: 'sending', BACK: 'asking.photos' } },
    /** asked; waiting for the seller */
    sent: { on: { REFRESH: 'checking' } },
    checking: {
      invoke: {
        id: 'checkRequest',
        src: 'loadRequest',
        input: ({ context }) => ({ trackingRef: context.trackingRef, key: context.key ?? '' }),
        onDone: [
          { guard: 'decided', target: 'decided', actions: assign({ offer: ({ event }) => event.output }) },
          { target: 'sent', actions: assign({ offer: ({ event }) => event.output }) },
        ],
        onError: { target: 'sent', actions: assign(takeFailure) },
      },
    },
    decided: { type: 'final' },
  },
});

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

// The seller starts a return (issue "Returns"): for a delivered order (its items and the buyer's
// address come with it) or on its own (items and the pickup address typed in). Items and
// quantities → reason (with sub-reason and optional photos) → where it goes back to → the
// doorstep quality check → review (with the refund decision) → created. Every step can go back;
// the create call carries one idempotency key per dialog, so a retry never makes two returns.

export const REFUND_DECISIONS = ['REFUND', 'EXCHANGE', 'STORE_CREDIT', 'NONE'] as const;
export type RefundDecision = (typeof REFUND_DECISIONS)[number];

/** The buyer's address a standalone return is picked up from (typed in by the seller). */
export interface ReturnPickupAddress {
  name: string;
  phone: string;
  addressLine1: string;
  addressLine2?: string;
  pincode: string;
  city: string;
  state: string;
}

/** What the dialog needs before its first step: GET reasons, the seller's addresses, the order. */
export interface ReturnSetup {
  /** the order's items (empty for a standalone return) */
  items: ReturnableItem[];
  reasons: ReturnReasonOption[];
  /** the seller's pickup addresses and warehouses a return may go back to */
  returnAddresses: { id: number; label: string }[];
  /** the checks the courier can do at the doorstep, and their charge */
  qcChecks: { code: string; label: string }[];
  qcChargePaise: number;
  /** the buyer's address for an order's return, as one line (null for a standalone one) */
  pickupLine: string | null;
}

/** What is sent to create the return. */
export interface ReturnDraft {
  orderId: number | null;
  items: { sku: string; name: string; quantity: number; unitPricePaise: number }[];
  reason: string;
  subReason: string | null;
  photos: string[];
  pickup: ReturnPickupAddress | null;
  returnAddressId: number;
  qcChecks: string[];
  refundDecision: RefundDecision;
}

export interface ReturnInitiationInput {
  /** null: a standalone return for an order sold elsewhere */
  orderId: number | null;
  /** made once per dialog by the view; every retry sends it again */
  idempotencyKey: string;
}

export interface CreatedReturn {
  returnId: number;
  returnNumber: string;
}

export interface ReturnInitiationContext extends ReturnInitiationInput {
  setup: ReturnSetup | null;
  quantities: ReturnQuantities;
  reason: string | null;
  subReason: string | null;
  photos: string[];
  pickup: ReturnPickupAddress | null;
  returnAddressId: number | null;
  qcEnabled: boolean;
  qcChecks: string[];
  refundDecision: RefundDecision;
  /** what stops the current step, shown after Next */
  problem: string | null;
  error: string | null;
  created: CreatedReturn | null;
}

export type ReturnInitiationEvent =
  | { type: 'SET_QUANTITY'; sku: string; quantity: number }
  | { type: 'ADD_ITEM'; item: ReturnableItem }
  | { type: 'REMOVE_ITEM'; sku: string }
  | { type: 'CHOOSE_REASON'; reason: string }
  | { type: 'CHOOSE_SUB_REASON'; subReason: string }
  | { type: 'ADD_PHOTO'; file: Blob }
  | { type: 'REMOVE_PHOTO'; url: string }
  | { type: 'SET_PICKUP'; pickup: ReturnPickupAddress | null }
  | { type: 'CHOOSE_RETURN_ADDRESS'; addressId: number }
  | { type: 'SET_QC'; enabled: boolean }
  | { type: 'TOGGLE_CHECK'; check: string }
  | { type: 'SET_REFUND'; decision: RefundDecision }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

const itemsOf = (ctx: ReturnInitiationContext) => ctx.setup?.items ?? [];

/** The draft the review shows and the create call sends. */
export function returnDraft(ctx: ReturnInitiationContext): ReturnDraft {
  return {
    orderId: ctx.orderId,
    items: chosenItems(itemsOf(ctx), ctx.quantities),
    reason: ctx.reason ?? '',
    subReason: ctx.subReason,
    photos: ctx.photos,
    pickup: ctx.orderId === null ? ctx.pickup : null,
    returnAddressId: ctx.returnAddressId ?? 0,
    qcChecks: ctx.qcEnabled ? ctx.qcChecks : [],
    refundDecision: ctx.refundDecision,
  };
}

const addressProblem = (ctx: ReturnInitiationContext): string | null => {
  if (ctx.orderId === null && !ctx.pickup) return 'Enter the buyer’s pickup address';
  if (!ctx.setup?.returnAddresses.some((a) => a.id === ctx.returnAddressId))
    return 'Choose where the return goes back to';
  return null;
};

const qcProblem = (ctx: ReturnInitiationContext): string | null =>
  ctx.qcEnabled && ctx.qcChecks.length === 0 ? 'Choose at least one check, or turn the quality check off' : null;

export const returnInitiationMachine = setup({
  types: {
    context: {} as ReturnInitiationContext,
    events: {} as ReturnInitiationEvent,
    input: {} as ReturnInitiationInput,
    output: {} as CreatedReturn | null,
  },
  actors: {
    loadSetup: fromPromise<ReturnSetup, { orderId: number | null }>(async () => {
      throw new Error('loadSetup not provided');
    }),
    uploadPhoto: fromPromise<{ url: string }, { file: Blob }>(async () => {
      throw new Error('uploadPhoto not provided');
    }),
    createReturn: fromPromise<CreatedReturn, { draft: ReturnDraft; idempotencyKey: string }>(async () => {
      throw new Error('createReturn not provided');
    }),
  },
  guards: {
    itemsOk: ({ context }) => itemsProblem(itemsOf(context), context.quantities) === null,
    reasonOk: ({ context }) => reasonProblem(context.setup?.reasons ?? [], context.reason, context.subReason) === null,
    addressesOk: ({ context }) => addressProblem(context) === null,
    qcOk: ({ context }) => qcProblem(context) === null,
    knownReason: ({ context, event }) =>
      event.type === 'CHOOSE_REASON' && !!context.setup?.reasons.some((r) => r.code === event.reason),
    knownAddress: ({ context, event }) =>
      event.type === 'CHOOSE_RETURN_ADDRESS' && !!context.setup?.returnAddresses.some((a) => a.id === event.addressId),
    knownCheck: ({ context, event }) =>
      event.type === 'TOGGLE_CHECK' && !!context.setup?.qcChecks.some((c) => c.code === event.check),
    photoFits: ({ context, event }) =>
      event.type === 'ADD_PHOTO' && !!event.file && context.photos.length < MAX_RETURN_PHOTOS,
    validItem: ({ event }) =>
      event.type === 'ADD_ITEM' && !!event.item?.sku.trim() && !!event.item.name.trim() && event.item.ordered > 0,
    knownSubReason: ({ context, event }) =>
      event.type === 'CHOOSE_SUB_REASON' &&
      !!context.setup?.reasons
        .find((r) => r.code === context.reason)
        ?.subReasons.some((x) => x.code === event.subReason),
    knownDecision: ({ event }) =>
      event.type === 'SET_REFUND' && (REFUND_DECISIONS as readonly string[]).includes(event.decision),
  },
}).createMachine({
  id: 'returnInitiation',
  context: ({ input }) => ({
    ...input,
    setup: null,
    quantities: {},
    reason: null,
    subReason: null,
    photos: [],
    pickup: null,
    returnAddressId: null,
    qcEnabled: false,
    qcChecks: [],
    refundDecision: 'REFUND',
    problem: null,
    error: null,
    created: null,
  }),
  initial: 'loading',
  output: ({ context }) => context.created,
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadSetup',
        src: 'loadSetup',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'items',
          actions: assign({
            setup: ({ event }) => event.output,
            // an order's return starts with everything it had; the seller lowers what stays
            quantities: ({ event }) => Object.fromEntries(event.output.items.map((i) => [i.sku, i.ordered])),
            // one address: nothing to choose
            returnAddressId: ({ event }) =>
              event.output.returnAddresses.length === 1 ? event.output.returnAddresses[0].id : null,
          }),
        },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => failureText(event.error) }) },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
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
        // offered for a standalone return only (an order's items come with it)
        ADD_ITEM: {
          guard: 'validItem',
          actions: assign({
            setup: ({ context, event }) => ({
              ...context.setup!,
              items: [...context.setup!.items.filter((i) => i.sku !== event.item.sku), event.item],
            }),
            quantities: ({ context, event }) => ({ ...context.quantities, [event.item.sku]: event.item.ordered }),
            problem: null,
          }),
        },
        REMOVE_ITEM: {
          actions: assign({
            setup: ({ context, event }) => ({
              ...context.setup!,
              items: context.setup!.items.filter((i) => i.sku !== event.sku),
            }),
            quantities: ({ context, event }) =>
              Object.fromEntries(Object.entries(context.quantities).filter(([sku]) => sku !== event.sku)),
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
      initial: 'editing',
      states: {
        editing: {
          on: {
            CHOOSE_REASON: {
              guard: 'knownReason',
              actions: assign({ reason: ({ event }) => event.reason, subReason: null, problem: null }),
            },
            CHOOSE_SUB_REASON: {
              guard: 'knownSubReason',
              actions: assign({ subReason: ({ event }) => event.subReason, problem: null }),
            },
            ADD_PHOTO: { guard: 'photoFits', target: 'uploading' },
            REMOVE_PHOTO: {
              actions: assign({ photos: ({ context, event }) => context.photos.filter((p) => p !== event.url) }),
            },
            NEXT: [
              { guard: 'reasonOk', target: '#returnInitiation.addresses' },
              {
                actions: assign({
                  problem: ({ context }) =>
                    reasonProblem(context.setup?.reasons ?? [], context.reason, context.subReason),
                }),
              },
            ],
            BACK: '#returnInitiation.items',
          },
        },
        uploading: {
          invoke: {
            id: 'uploadPhoto',
            src: 'uploadPhoto',
            input: ({ event }) => ({ file: (event as { file: Blob }).file }),
            onDone: {
              target: 'editing',
              actions: assign({ photos: ({ context, event }) => [...context.photos, event.output.url], problem: null }),
            },
            onError: { target: 'editing', actions: assign({ problem: ({ event }) => failureText(event.error) }) },
          },
        },
      },
    },
    addresses: {
      entry: assign({ problem: null }),
      on: {
        // a standalone return's pickup; an order's return is picked up from the order's buyer
        SET_PICKUP: { actions: assign({ pickup: ({ event }) => event.pickup ?? null, problem: null }) },
        CHOOSE_RETURN_ADDRESS: {
          guard: 'knownAddress',
          actions: assign({ returnAddressId: ({ event }) => event.addressId, problem: null }),
        },
        NEXT: [
          { guard: 'addressesOk', target: 'qc' },
          { actions: assign({ problem: ({ context }) => addressProblem(context) }) },
        ],
        BACK: 'reason',
      },
    },
    qc: {
      entry: assign({ problem: null }),
      on: {
        SET_QC: { actions: assign({ qcEnabled: ({ event }) => event.enabled === true, problem: null }) },
        TOGGLE_CHECK: {
          guard: 'knownCheck',
          actions: assign({
            qcChecks: ({ context, event }) =>
              context.qcChecks.includes(event.check)
                ? context.qcChecks.filter((c) => c !== event.check)
                : [...context.qcChecks, event.check],
            problem: null,
          }),
        },
        NEXT: [
          { guard: 'qcOk', target: 'review' },
          { actions: assign({ problem: ({ context }) => qcProblem(context) }) },
        ],
        BACK: 'addresses',
      },
    },
    review: {
      on: {
        SET_REFUND: { guard: 'knownDecision', actions: assign({ refundDecision: ({ event }) => event.decision }) },
        SUBMIT: 'creating',
        BACK: 'qc',
      },
    },
    creating: {
      entry: assign({ error: null }),
      invoke: {
        id: 'createReturn',
        src: 'createReturn',
        input: ({ context }) => ({ draft: returnDraft(context), idempotencyKey: context.idempotencyKey }),
        onDone: { target: 'created', actions: assign({ created: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error) }) },
      },
    },
    failed: { on: { RETRY: 'creating', BACK: 'review' } },
    created: { type: 'final' },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import {
  chosenItems,
  clampQuantity,
  itemsProblem,
  MAX_RETURN_PHOTOS,
  qcProblem,
  reasonProblem,
  type QcChoice,
  type ReturnableItem,
  type ReturnDraft,
  type ReturnQuantities,
  type ReturnReasonOption,
  type ReturnToOption,
  type StandaloneDetails,
} from '../domain/return-draft';
import type { Photo } from '../domain/returns-contract';
import { REFUND_DECISION_CODES, type QcCheckKind, type RefundDecision } from '../domain/returns';
import { failureText, takeFailure } from './failure';

// The seller starts a return (issue "Returns"): for a delivered order (its items and the buyer's
// address come with it) or on its own (items, the buyer and the parcel typed in). Items and
// quantities → reason (with sub-reason, comment and optional photos) → where it goes back to →
// the doorstep quality check → review (with the refund decision) → created. Every step can go
// back; the create call carries one idempotency key per dialog, so a retry never makes two.

/** What the dialog needs before its first step: GET reasons, the seller's addresses, the order. */
export interface ReturnSetup {
  /** the order's items (empty for a standalone return) */
  items: ReturnableItem[];
  reasons: ReturnReasonOption[];
  /** the seller's pickup addresses and warehouses a return may go back to */
  returnToOptions: ReturnToOption[];
  /** the checks the courier can do at the doorstep */
  qcChecks: { kind: QcCheckKind; label: string; needsExpected: boolean }[];
  /** the buyer's address for an order's return, as one line (null for a standalone one) */
  pickupLine: string | null;
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
  comment: string;
  photos: Photo[];
  standalone: StandaloneDetails | null;
  returnTo: { kind: ReturnToOption['kind']; id: number } | null;
  qcEnabled: boolean;
  qcChecks: QcChoice[];
  refundDecision: RefundDecision;
  /** what stops the current step, shown after Next */
  problem: string | null;
  error: string | null;
  created: CreatedReturn | null;
}

export type ReturnInitiationEvent =
  | { type: 'SET_QUANTITY'; key: string; quantity: number }
  | { type: 'ADD_ITEM'; item: ReturnableItem }
  | { type: 'REMOVE_ITEM'; key: string }
  | { type: 'CHOOSE_REASON'; reason: string }
  | { type: 'CHOOSE_SUB_REASON'; subReason: string }
  | { type: 'SET_COMMENT'; comment: string }
  | { type: 'ADD_PHOTO'; file: Blob }
  | { type: 'REMOVE_PHOTO'; fileId: string }
  | { type: 'SET_STANDALONE'; details: StandaloneDetails }
  | { type: 'CHOOSE_RETURN_TO'; kind: ReturnToOption['kind']; id: number }
  | { type: 'SET_QC'; enabled: boolean }
  | { type: 'TOGGLE_CHECK'; check: QcCheckKind }
  | { type: 'SET_EXPECTED'; check: QcCheckKind; expected: string }
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
    subReason: ctx.subReason ?? '',
    comment: ctx.comment,
    photos: ctx.photos,
    standalone: ctx.orderId === null ? ctx.standalone : null,
    returnTo: ctx.returnTo,
    qc: ctx.qcEnabled ? ctx.qcChecks : null,
    refundDecision: ctx.refundDecision,
  };
}

const addressProblem = (ctx: ReturnInitiationContext): string | null => {
  if (ctx.orderId === null && !ctx.standalone) return 'Enter the buyer’s details and the parcel';
  const to = ctx.returnTo;
  if (!to || !ctx.setup?.returnToOptions.some((a) => a.kind === to.kind && a.id === to.id))
    return 'Choose where the return goes back to';
  return null;
};

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
    uploadPhoto: fromPromise<Photo, { file: Blob }>(async () => {
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
    qcOk: ({ context }) => qcProblem(context.qcEnabled, context.qcChecks) === null,
    knownReason: ({ context, event }) =>
      event.type === 'CHOOSE_REASON' && !!context.setup?.reasons.some((r) => r.code === event.reason),
    knownAddress: ({ context, event }) =>
      event.type === 'CHOOSE_RETURN_TO' &&
      !!context.setup?.returnToOptions.some((a) => a.kind === event.kind && a.id === event.id),
    knownCheck: ({ context, event }) =>
      (event.type === 'TOGGLE_CHECK' || event.type === 'SET_EXPECTED') &&
      !!context.setup?.qcChecks.some((c) => c.kind === event.check),
    photoFits: ({ context, event }) =>
      event.type === 'ADD_PHOTO' && !!event.file && context.photos.length < MAX_RETURN_PHOTOS,
    validItem: ({ event }) =>
      event.type === 'ADD_ITEM' &&
      !!event.item?.sku.trim() &&
      !!event.item.name.trim() &&
      event.item.ordered > 0 &&
      Number.isFinite(event.item.unitPricePaise),
    knownSubReason: ({ context, event }) =>
      event.type === 'CHOOSE_SUB_REASON' &&
      !!context.setup?.reasons
        .find((r) => r.code === context.reason)
        ?.subReasons.some((x) => x.code === event.subReason),
    knownDecision: ({ event }) =>
      event.type === 'SET_REFUND' && (REFUND_DECISION_CODES as readonly string[]).includes(event.decision),
  },
}).createMachine({
  id: 'returnInitiation',
  context: ({ input }) => ({
    ...input,
    setup: null,
    quantities: {},
    reason: null,
    subReason: null,
    comment: '',
    photos: [],
    standalone: null,
    returnTo: null,
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
            quantities: ({ event }) => Object.fromEntries(event.output.items.map((i) => [i.key, i.ordered])),
            // the first (the forward order's pickup address) to start with
            returnTo: ({ event }) => {
              const first = event.output.returnToOptions[0];
              return first ? { kind: first.kind, id: first.id } : null;
            },
          }),
        },
        onError: { target: 'loadFailed', actions: assign(takeFailure) },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
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
        // offered for a standalone return only (an order's items come with it)
        ADD_ITEM: {
          guard: 'validItem',
          actions: assign({
            setup: ({ context, event }) => ({
              ...context.setup!,
              items: [...context.setup!.items.filter((i) => i.key !== event.item.key), event.item],
            }),
            quantities: ({ context, event }) => ({ ...context.quantities, [event.item.key]: event.item.ordered }),
            problem: null,
          }),
        },
        REMOVE_ITEM: {
          actions: assign({
            setup: ({ context, event }) => ({
              ...context.setup!,
              items: context.setup!.items.filter((i) => i.key !== event.key),
            }),
            quantities: ({ context, event }) =>
              Object.fromEntries(Object.entries(context.quantities).filter(([key]) => key !== event.key)),
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
            SET_COMMENT: { actions: assign({ comment: ({ event }) => (event.comment ?? '').slice(0, 500) }) },
            ADD_PHOTO: { guard: 'photoFits', target: 'uploading' },
            REMOVE_PHOTO: {
              actions: assign({
                photos: ({ context, event }) => context.photos.filter((p) => p.fileId !== event.fileId),
              }),
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
              actions: assign({ photos: ({ context, event }) => [...context.photos, event.output], problem: null }),
            },
            onError: { target: 'editing', actions: assign({ problem: ({ event }) => failureText(event.error) }) },
          },
        },
      },
    },
    addresses: {
      entry: assign({ problem: null }),
      on: {
        // a standalone return's buyer and parcel; an order's return is picked up from the order's buyer
        SET_STANDALONE: { actions: assign({ standalone: ({ event }) => event.details ?? null, problem: null }) },
        CHOOSE_RETURN_TO: {
          guard: 'knownAddress',
          actions: assign({ returnTo: ({ event }) => ({ kind: event.kind, id: event.id }), problem: null }),
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
              context.qcChecks.some((c) => c.kind === event.check)
                ? context.qcChecks.filter((c) => c.kind !== event.check)
                : [...context.qcChecks, { kind: event.check, expected: '' }],
            problem: null,
          }),
        },
        SET_EXPECTED: {
          guard: 'knownCheck',
          actions: assign({
            qcChecks: ({ context, event }) =>
              context.qcChecks.map((c) =>
                c.kind === event.check ? { ...c, expected: (event.expected ?? '').slice(0, 100) } : c,
              ),
            problem: null,
          }),
        },
        NEXT: [
          { guard: 'qcOk', target: 'review' },
          { actions: assign({ problem: ({ context }) => qcProblem(context.qcEnabled, context.qcChecks) }) },
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
        onError: { target: 'failed', actions: assign(takeFailure) },
      },
    },
    failed: { on: { RETRY: 'creating', BACK: 'review' } },
    created: { type: 'final' },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import type { OrderPackages } from '../domain/split-contract';
import {
  MAX_PACKAGES,
  MIN_PACKAGES,
  splitBodyOf,
  startingDrafts,
  type PackageDraft,
  type PackageDraftText,
  type PackageSizeField,
  type SplitItem,
  type SplitMode,
} from '../domain/split-shipments';
import { takeFailure } from './failure';

// The "Split shipment" dialog: the order's items and any split not yet booked load; the seller
// chooses by item or by box, adds or removes packages, puts each item's quantity in a package
// and gives each its weight and size; saving checks the split first (every item placed once, no
// empty package: the rule the server applies too) and then saves it.

export interface SplitShipmentInput {
  orderId: number;
}

export interface SplitShipmentContext extends SplitShipmentInput {
  items: SplitItem[];
  mode: SplitMode;
  drafts: PackageDraftText[];
  /** couriers that take a multi-piece shipment, and how many boxes at most */
  multiPieceMax: number;
  parcel: { deadWeightKg: number; lengthCm: number; breadthCm: number; heightCm: number };
  /** why the split cannot be saved yet (shown under the packages) */
  problem: string | null;
  error: string | null;
  saved: OrderPackages | null;
}

export type SplitShipmentEvent =
  | { type: 'SET_MODE'; mode: SplitMode }
  | { type: 'ADD_PACKAGE' }
  | { type: 'REMOVE_PACKAGE'; index: number }
  | { type: 'SET_QUANTITY'; index: number; itemId: number; quantity: number }
  | { type: 'SET_SIZE'; index: number; field: PackageSizeField; value: string }
  | { type: 'SAVE' }
  | { type: 'RETRY' }
  | { type: 'BACK' };

const draftsOf = (a: OrderPackages): PackageDraftText[] =>
  a.packages.length
    ? a.packages.map((p) => ({
        quantities: Object.fromEntries(
          a.items.map((i) => [i.itemId, p.lines.find((l) => l.itemId === i.itemId)?.quantity ?? 0]),
        ),
        deadWeightKg: String(p.deadWeightKg),
        lengthCm: String(p.lengthCm),
        breadthCm: String(p.breadthCm),
        heightCm: String(p.heightCm),
      }))
    : startingDrafts(a.items, a.parcel);

const inRange = (context: SplitShipmentContext, index: number) => index >= 0 && index < context.drafts.length;

export const splitShipmentMachine = setup({
  types: {
    context: {} as SplitShipmentContext,
    events: {} as SplitShipmentEvent,
    input: {} as SplitShipmentInput,
    output: {} as OrderPackages | null,
  },
  actors: {
    loadPackages: fromPromise<OrderPackages, { orderId: number }>(async () => {
      throw new Error('loadPackages not provided');
    }),
    saveSplit: fromPromise<
      OrderPackages,
      { orderId: number; body: { splitMode: SplitMode; packages: PackageDraft[] } }
    >(async () => {
      throw new Error('saveSplit not provided');
    }),
  },
  guards: {
    canAdd: ({ context }) => context.drafts.length < MAX_PACKAGES,
    canRemove: ({ context, event }) =>
      event.type === 'REMOVE_PACKAGE' && context.drafts.length > MIN_PACKAGES && inRange(context, event.index),
    knownCell: ({ context, event }) =>
      (event.type === 'SET_QUANTITY' &&
        inRange(context, event.index) &&
        context.items.some((i) => i.itemId === event.itemId) &&
        Number.isInteger(event.quantity) &&
        event.quantity >= 0) ||
      (event.type === 'SET_SIZE' && inRange(context, event.index)),
    splitReady: ({ context }) => 'body' in splitBodyOf(context.mode, context.items, context.drafts),
  },
  actions: {
    explain: assign({
      problem: ({ context }) => {
        const r = splitBodyOf(context.mode, context.items, context.drafts);
        return 'problem' in r ? r.problem : null;
      },
    }),
  },
}).createMachine({
  id: 'splitShipment',
  context: ({ input }) => ({
    ...input,
    items: [],
    mode: 'BY_ITEM',
    drafts: [],
    multiPieceMax: 0,
    parcel: { deadWeightKg: 0, lengthCm: 0, breadthCm: 0, heightCm: 0 },
    problem: null,
    error: null,
    saved: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPackages',
        src: 'loadPackages',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({
            items: event.output.items,
            mode: event.output.mode ?? 'BY_ITEM',
            drafts: draftsOf(event.output),
            parcel: event.output.parcel,
            multiPieceMax: Math.max(0, ...event.output.multiPieceCarriers.map((c) => c.maxPieces)),
            error: null,
          })),
        },
        onError: { target: 'loadFailed', actions: assign(takeFailure) },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    editing: {
      on: {
        SET_MODE: { actions: assign({ mode: ({ event }) => event.mode, problem: null }) },
        ADD_PACKAGE: {
          guard: 'canAdd',
          actions: assign({
            drafts: ({ context }) => [
              ...context.drafts,
              { ...startingDrafts([], context.parcel, context.drafts.length + 1)[0], quantities: {} },
            ],
            problem: null,
          }),
        },
        REMOVE_PACKAGE: {
          guard: 'canRemove',
          actions: assign({
            drafts: ({ context, event }) => context.drafts.filter((_, i) => i !== event.index),
            problem: null,
          }),
        },
        SET_QUANTITY: {
          guard: 'knownCell',
          actions: assign({
            drafts: ({ context, event }) =>
              context.drafts.map((d, i) =>
                i === event.index ? { ...d, quantities: { ...d.quantities, [event.itemId]: event.quantity } } : d,
              ),
            problem: null,
          }),
        },
        SET_SIZE: {
          guard: 'knownCell',
          actions: assign({
            drafts: ({ context, event }) =>
              context.drafts.map((d, i) => (i === event.index ? { ...d, [event.field]: event.value } : d)),
            problem: null,
          }),
        },
        SAVE: [{ guard: 'splitReady', target: 'saving' }, { actions: 'explain' }],
      },
    },
    saving: {
      invoke: {
        id: 'saveSplit',
        src: 'saveSplit',
        input: ({ context }) => {
          const r = splitBodyOf(context.mode, context.items, context.drafts);
          return { orderId: context.orderId, body: 'body' in r ? r.body : { splitMode: context.mode, packages: [] } };
        },
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output, error: null }) },
        onError: { target: 'saveFailed', actions: assign(takeFailure) },
      },
    },
    saveFailed: { on: { RETRY: 'saving', BACK: 'editing' } },
    saved: { type: 'final' },
  },
  output: ({ context }) => context.saved,
});

import { assign, fromPromise, sendTo, setup, type AnyActorLogic } from 'xstate';
import {
  EVIDENCE_SLOTS,
  WEIGHT_RULES,
  WEIGHT_TEXT,
  weightDisputeDraftError,
  type DiscrepancyDetail,
  type EvidenceSlot,
  type ProductCategory,
} from '../domain/weight-contract';
import { uploadProgressMachine } from './upload-progress.machine';
import { photoRefusal, photoStoredId, type ChosenPhoto } from './photo-upload';
import { takeFailure } from './failure';

// A seller on one weight discrepancy (/weight-discrepancies/:id): load it; accept the courier's
// weight (after a confirmation: the held money is charged), or dispute it with four photos (on a
// scale, and a tape measure along each side), each sent through the upload-progress machine as
// it is picked, and the product's category; or escalate a rejected dispute with a note. Every
// answer is the discrepancy as it now stands; a refusal is said beside the form. On an order split
// by box the weighed parcel is several boxes: the seller picks the one the courier weighed wrong.

export type PhotoIds = Partial<Record<EvidenceSlot, string>>;

export interface WeightDiscrepancyContext {
  discrepancyId: number;
  discrepancy: DiscrepancyDetail | null;
  productCategory: ProductCategory | null;
  /** the package disputed, of the parcel's packages (picked when there are several) */
  packageNo: number | null;
  note: string;
  photos: PhotoIds;
  /** names of the photos as picked, for the form */
  photoNames: Partial<Record<EvidenceSlot, string>>;
  /** the slot and file being uploaded now */
  pending: { slot: EvidenceSlot; file: ChosenPhoto } | null;
  error: string | null;
}

export type WeightDiscrepancyEvent =
  | { type: 'ACCEPT' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'START_DISPUTE' }
  | { type: 'CATEGORY'; value: ProductCategory }
  | { type: 'PACKAGE'; packageNo: number }
  | { type: 'NOTE'; value: string }
  | { type: 'ADD_PHOTO'; slot: EvidenceSlot; file: ChosenPhoto }
  | { type: 'REMOVE_PHOTO'; slot: EvidenceSlot }
  | { type: 'SUBMIT' }
  | { type: 'START_ESCALATE' }
  | { type: 'RETRY' };

export interface DisputeRequest {
  discrepancyId: number;
  productCategory: ProductCategory;
  /** null: the parcel is one package, or the order is not split */
  packageNo: number | null;
  note: string;
  evidence: Record<EvidenceSlot, string>;
}

const detailLoad = fromPromise<DiscrepancyDetail, { discrepancyId: number }>(async () => {
  throw new Error('not provided');
});

const EMPTY_FORM = {
  productCategory: null,
  packageNo: null,
  note: '',
  photos: {},
  photoNames: {},
  pending: null,
  error: null,
};

/** What the dispute draft lacks, the parcel's packages included, or null. */
const draftError = (context: WeightDiscrepancyContext) =>
  weightDisputeDraftError({
    productCategory: context.productCategory,
    photos: context.photos,
    packages: context.discrepancy?.packages,
    packageNo: context.packageNo,
  });

export const weightDiscrepancyMachine = setup({
  types: {
    context: {} as WeightDiscrepancyContext,
    events: {} as WeightDiscrepancyEvent,
    input: {} as { discrepancyId: number },
  },
  actors: {
    loadDiscrepancy: detailLoad,
    acceptDiscrepancy: detailLoad,
    disputeDiscrepancy: fromPromise<DiscrepancyDetail, DisputeRequest>(async () => {
      throw new Error('not provided');
    }),
    escalateDiscrepancy: fromPromise<DiscrepancyDetail, { discrepancyId: number; note: string }>(async () => {
      throw new Error('not provided');
    }),
    /** one photo's upload: the upload-progress machine with an image's rules (photo-upload.ts) */
    photoUpload: uploadProgressMachine as AnyActorLogic,
  },
  guards: {
    canAccept: ({ context }) => context.discrepancy?.canAccept === true,
    canDispute: ({ context }) => context.discrepancy?.canDispute === true,
    canEscalate: ({ context }) => context.discrepancy?.canEscalate === true,
    draftComplete: ({ context }) => draftError(context) === null,
    parcelPackage: ({ context, event }) =>
      event.type === 'PACKAGE' && (context.discrepancy?.packages ?? []).some((p) => p.packageNo === event.packageNo),
    noteComplete: ({ context }) => context.note.trim().length >= WEIGHT_RULES.noteMin,
    photoStored: ({ context, event }) => context.pending !== null && photoStoredId(event) !== null,
    photoRefused: ({ event }) => photoRefusal(event) !== null,
  },
  actions: {
    takeDetail: assign({ discrepancy: (_, detail: DiscrepancyDetail) => detail, error: null }),
    takeError: assign(takeFailure),
    clearForm: assign({ ...EMPTY_FORM }),
  },
}).createMachine({
  id: 'weightDiscrepancy',
  context: ({ input }) => ({ discrepancyId: input.discrepancyId, discrepancy: null, ...EMPTY_FORM }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDiscrepancy',
        src: 'loadDiscrepancy',
        input: ({ context }) => ({ discrepancyId: context.discrepancyId }),
        onDone: { target: 'viewing', actions: { type: 'takeDetail', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: 'takeError' },
      },
    },
    loadFailed: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
    /** the discrepancy with what the seller may do now */
    viewing: {
      on: {
        ACCEPT: { guard: 'canAccept', target: 'confirmingAccept', actions: assign({ error: null }) },
        START_DISPUTE: { guard: 'canDispute', target: 'disputeForm', actions: 'clearForm' },
        START_ESCALATE: { guard: 'canEscalate', target: 'escalateForm', actions: 'clearForm' },
      },
    },
    confirmingAccept: {
      on: { CONFIRM: 'accepting', CANCEL: 'viewing' },
    },
    accepting: {
      invoke: {
        id: 'acceptDiscrepancy',
        src: 'acceptDiscrepancy',
        input: ({ context }) => ({ discrepancyId: context.discrepancyId }),
        onDone: { target: 'viewing', actions: { type: 'takeDetail', params: ({ event }) => event.output } },
        onError: { target: 'viewing', actions: 'takeError' },
      },
    },
    disputeForm: {
      on: {
        CATEGORY: { actions: assign({ productCategory: ({ event }) => event.value, error: null }) },
        PACKAGE: {
          guard: 'parcelPackage',
          actions: assign({ packageNo: ({ event }) => event.packageNo, error: null }),
        },
        NOTE: { actions: assign({ note: ({ event }) => event.value.slice(0, WEIGHT_RULES.noteMax) }) },
        ADD_PHOTO: {
          target: 'uploadingPhoto',
          actions: assign({ pending: ({ event }) => ({ slot: event.slot, file: event.file }), error: null }),
        },
        REMOVE_PHOTO: {
          actions: assign({
            photos: ({ context, event }) => ({ ...context.photos, [event.slot]: undefined }),
            photoNames: ({ context, event }) => ({ ...context.photoNames, [event.slot]: undefined }),
          }),
        },
        SUBMIT: [
          { guard: 'draftComplete', target: 'submittingDispute' },
          {
            actions: assign({ error: ({ context }) => draftError(context) }),
          },
        ],
        CANCEL: { target: 'viewing', actions: 'clearForm' },
      },
    },
    /** one photo on its way through the upload-progress machine */
    uploadingPhoto: {
      invoke: {
        id: 'photoUpload',
        src: 'photoUpload',
        onSnapshot: [
          {
            guard: 'photoStored',
            target: 'disputeForm',
            actions: assign(({ context, event }) => ({
              photos: { ...context.photos, [context.pending!.slot]: photoStoredId(event)! },
              photoNames: { ...context.photoNames, [context.pending!.slot]: context.pending!.file.name },
              pending: null,
            })),
          },
          {
            guard: 'photoRefused',
            target: 'disputeForm',
            actions: assign({ error: ({ event }) => photoRefusal(event), pending: null }),
          },
        ],
      },
      entry: [
        sendTo('photoUpload', ({ context }) => ({ type: 'SELECT', file: context.pending!.file })),
        sendTo('photoUpload', { type: 'START' }),
      ],
      on: { CANCEL: { target: 'disputeForm', actions: assign({ pending: null }) } },
    },
    submittingDispute: {
      invoke: {
        id: 'disputeDiscrepancy',
        src: 'disputeDiscrepancy',
        input: ({ context }) => ({
          discrepancyId: context.discrepancyId,
          productCategory: context.productCategory!,
          packageNo: context.packageNo,
          note: context.note.trim(),
          evidence: Object.fromEntries(EVIDENCE_SLOTS.map((s) => [s, context.photos[s]!])) as Record<
            EvidenceSlot,
            string
          >,
        }),
        onDone: {
          target: 'viewing',
          actions: [{ type: 'takeDetail', params: ({ event }) => event.output }, 'clearForm'],
        },
        onError: { target: 'disputeForm', actions: 'takeError' },
      },
    },
    escalateForm: {
      on: {
        NOTE: { actions: assign({ note: ({ event }) => event.value.slice(0, WEIGHT_RULES.noteMax) }) },
        SUBMIT: [{ guard: 'noteComplete', target: 'escalating' }, { actions: assign({ error: WEIGHT_TEXT.note }) }],
        CANCEL: { target: 'viewing', actions: 'clearForm' },
      },
    },
    escalating: {
      invoke: {
        id: 'escalateDiscrepancy',
        src: 'escalateDiscrepancy',
        input: ({ context }) => ({ discrepancyId: context.discrepancyId, note: context.note.trim() }),
        onDone: {
          target: 'viewing',
          actions: [{ type: 'takeDetail', params: ({ event }) => event.output }, 'clearForm'],
        },
        onError: { target: 'escalateForm', actions: 'takeError' },
      },
    },
  },
});

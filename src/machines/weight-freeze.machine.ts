import { assign, fromPromise, sendTo, setup, type AnyActorLogic } from 'xstate';
import { WEIGHT_RULES, WEIGHT_TEXT, type WeightFreezeRow } from '../domain/weight-contract';
import { typedVolumetricKg } from '../domain/weights';
import { uploadProgressMachine } from './upload-progress.machine';
import { photoRefusal, photoStoredId, type ChosenPhoto } from './photo-upload';
import { takeFailure } from './failure';

// A seller freezing a product's weight (Setup → Products → the product's "Weight freeze"): load
// its newest request; while none waits, type the weight and the three sides, add photos (each
// through the upload-progress machine) and send; staff then approve or reject it.

export interface FreezeDraft {
  weightKg: string;
  lengthCm: string;
  breadthCm: string;
  heightCm: string;
}

export interface WeightFreezeContext {
  productId: number;
  freeze: WeightFreezeRow | null;
  draft: FreezeDraft;
  photos: { fileId: string; name: string }[];
  pending: ChosenPhoto | null;
  error: string | null;
}

export type WeightFreezeEvent =
  | { type: 'REQUEST' }
  | { type: 'FIELD'; name: keyof FreezeDraft; value: string }
  | { type: 'ADD_PHOTO'; file: ChosenPhoto }
  | { type: 'REMOVE_PHOTO'; fileId: string }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' };

export interface FreezeRequest {
  productId: number;
  weightKg: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  photos: string[];
}

const FIELD_TEXT: Record<keyof FreezeDraft, string> = {
  weightKg: 'Weight (kg) must be above 0',
  lengthCm: 'Length (cm) must be above 0',
  breadthCm: 'Breadth (cm) must be above 0',
  heightCm: 'Height (cm) must be above 0',
};

/** The first thing the freeze draft lacks, or null. */
export function freezeDraftError(draft: FreezeDraft, photos: number): string | null {
  for (const k of Object.keys(FIELD_TEXT) as (keyof FreezeDraft)[]) if (!(Number(draft[k]) > 0)) return FIELD_TEXT[k];
  if (typedVolumetricKg(draft.lengthCm, draft.breadthCm, draft.heightCm) === null) return FIELD_TEXT.lengthCm;
  if (photos < WEIGHT_RULES.freezePhotosMin) return WEIGHT_TEXT.freezePhotos;
  return null;
}

const EMPTY_DRAFT: FreezeDraft = { weightKg: '', lengthCm: '', breadthCm: '', heightCm: '' };

export const weightFreezeMachine = setup({
  types: {
    context: {} as WeightFreezeContext,
    events: {} as WeightFreezeEvent,
    input: {} as { productId: number },
  },
  actors: {
    loadFreeze: fromPromise<WeightFreezeRow | null, { productId: number }>(async () => {
      throw new Error('not provided');
    }),
    requestFreeze: fromPromise<WeightFreezeRow, FreezeRequest>(async () => {
      throw new Error('not provided');
    }),
    photoUpload: uploadProgressMachine as AnyActorLogic,
  },
  guards: {
    mayRequest: ({ context }) => context.freeze?.status !== 'PENDING',
    complete: ({ context }) => freezeDraftError(context.draft, context.photos.length) === null,
    roomForPhoto: ({ context }) => context.photos.length < WEIGHT_RULES.freezePhotosMax,
    photoStored: ({ context, event }) => context.pending !== null && photoStoredId(event) !== null,
    photoRefused: ({ event }) => photoRefusal(event) !== null,
  },
  actions: {
    takeFreeze: assign({ freeze: (_, freeze: WeightFreezeRow | null) => freeze, error: null }),
    takeError: assign(takeFailure),
  },
}).createMachine({
  id: 'weightFreeze',
  context: ({ input }) => ({
    productId: input.productId,
    freeze: null,
    draft: EMPTY_DRAFT,
    photos: [],
    pending: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadFreeze',
        src: 'loadFreeze',
        input: ({ context }) => ({ productId: context.productId }),
        onDone: { target: 'idle', actions: { type: 'takeFreeze', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: 'takeError' },
      },
    },
    loadFailed: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
    /** the newest request's status (or none) */
    idle: {
      on: {
        REQUEST: {
          guard: 'mayRequest',
          target: 'form',
          actions: assign({ draft: EMPTY_DRAFT, photos: [], error: null }),
        },
      },
    },
    form: {
      on: {
        FIELD: {
          actions: assign({
            draft: ({ context, event }) => ({ ...context.draft, [event.name]: event.value.slice(0, 12) }),
          }),
        },
        ADD_PHOTO: [
          {
            guard: 'roomForPhoto',
            target: 'uploadingPhoto',
            actions: assign({ pending: ({ event }) => event.file, error: null }),
          },
          { actions: assign({ error: WEIGHT_TEXT.freezePhotos }) },
        ],
        REMOVE_PHOTO: {
          actions: assign({ photos: ({ context, event }) => context.photos.filter((p) => p.fileId !== event.fileId) }),
        },
        SUBMIT: [
          { guard: 'complete', target: 'submitting' },
          { actions: assign({ error: ({ context }) => freezeDraftError(context.draft, context.photos.length) }) },
        ],
        CANCEL: { target: 'idle', actions: assign({ error: null }) },
      },
    },
    uploadingPhoto: {
      invoke: {
        id: 'photoUpload',
        src: 'photoUpload',
        onSnapshot: [
          {
            guard: 'photoStored',
            target: 'form',
            actions: assign(({ context, event }) => ({
              photos: [...context.photos, { fileId: photoStoredId(event)!, name: context.pending!.name }],
              pending: null,
            })),
          },
          {
            guard: 'photoRefused',
            target: 'form',
            actions: assign({ error: ({ event }) => photoRefusal(event), pending: null }),
          },
        ],
      },
      entry: [
        sendTo('photoUpload', ({ context }) => ({ type: 'SELECT', file: context.pending! })),
        sendTo('photoUpload', { type: 'START' }),
      ],
      on: { CANCEL: { target: 'form', actions: assign({ pending: null }) } },
    },
    submitting: {
      invoke: {
        id: 'requestFreeze',
        src: 'requestFreeze',
        input: ({ context }) => ({
          productId: context.productId,
          weightKg: Number(context.draft.weightKg),
          lengthCm: Number(context.draft.lengthCm),
          breadthCm: Number(context.draft.breadthCm),
          heightCm: Number(context.draft.heightCm),
          photos: context.photos.map((p) => p.fileId),
        }),
        onDone: { target: 'idle', actions: { type: 'takeFreeze', params: ({ event }) => event.output } },
        onError: { target: 'form', actions: 'takeError' },
      },
    },
  },
});

import { assign, fromPromise } from 'xstate';
import { LIMITS } from '../domain/constants';
import { DISPUTE_FORM_TEXT, EVIDENCE_TYPES } from '../domain/disputes-contract';
import { uploadProgressMachine, type ChosenFile, type UploadStatus } from './upload-progress.machine';

// A photo sent through the upload-progress machine: the same choose → upload (with byte
// progress) → done or failed flow as a CSV file, with an image's rules (PNG, JPEG or WEBP up to
// 1 MB) and nothing to wait for after the upload (the server checks the image as it stores it).

export interface ChosenPhoto extends ChosenFile {
  type: string;
}

/** Why a picked image cannot be sent, or null (the server sniffs the bytes again). */
export function photoProblem(file: ChosenPhoto): string | null {
  if (!(EVIDENCE_TYPES as readonly string[]).includes(file.type)) return DISPUTE_FORM_TEXT.imageWrongType;
  if (file.size > LIMITS.imageUploadMaxBytes) return DISPUTE_FORM_TEXT.imageTooLarge;
  return null;
}

const STORED: UploadStatus = { status: 'DONE', percent: 100, result: { created: 1, rejected: 0, errorFileUrl: null } };

/** The upload-progress machine for one photo; `upload` sends it and answers the stored file's id. */
export function photoUploadMachine(upload: (file: ChosenPhoto) => Promise<string>) {
  return uploadProgressMachine.provide({
    guards: {
      fileAcceptable: ({ event }) => event.type === 'SELECT' && photoProblem(event.file as ChosenPhoto) === null,
    },
    actions: {
      refuse: assign(({ event }) => ({
        file: null,
        error: event.type === 'SELECT' ? photoProblem(event.file as ChosenPhoto) : null,
      })),
    },
    actors: {
      upload: fromPromise<string, { file: ChosenFile }>(({ input }) => upload(input.file as ChosenPhoto)),
      pollStatus: fromPromise<UploadStatus, { uploadId: string }>(async () => STORED),
    },
  });
}

// What a machine that invokes a photo upload reads from the upload's snapshots (onSnapshot):
// the stored file's id once it is done, or why it was refused.
interface PhotoSnapshot {
  value: unknown;
  context: { uploadId: string | null; error: string | null };
}
const photoSnapshot = (event: unknown) => (event as { snapshot: PhotoSnapshot }).snapshot;

/** The stored photo's id when the upload is done, else null. */
export function photoStoredId(event: unknown): string | null {
  const s = photoSnapshot(event);
  return s.value === 'done' ? s.context.uploadId : null;
}

/** Why the photo was not stored (a refused type or size, a failed or cancelled upload), else null. */
export function photoRefusal(event: unknown): string | null {
  const s = photoSnapshot(event);
  return ['failed', 'cancelled', 'idle'].includes(String(s.value)) ? s.context.error : null;
}

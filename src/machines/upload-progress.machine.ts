import { assign, fromPromise, setup } from 'xstate';

// A CSV bulk upload (spec section 4: PENDING, IN_PROGRESS, DONE with a percent): choose a file →
// upload with byte progress → the server processes it, reported in percent → done, failed or
// cancelled; retry from failed or cancelled. The upload and the status poll are injected actors;
// the page forwards the browser's byte progress as PROGRESS events.

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export interface ChosenFile {
  name: string;
  size: number;
}

export interface UploadResult {
  created: number;
  rejected: number;
  /** where the per-row error CSV can be downloaded, when some rows were rejected */
  errorFileUrl: string | null;
}

export interface UploadStatus {
  status: 'PENDING' | 'IN_PROGRESS' | 'DONE' | 'FAILED';
  percent: number;
  result: UploadResult | null;
  error?: string | null;
}

export interface UploadContext {
  file: ChosenFile | null;
  loadedBytes: number;
  totalBytes: number;
  uploadId: string | null;
  percent: number;
  result: UploadResult | null;
  error: string | null;
}

export type UploadEvent =
  | { type: 'SELECT'; file: ChosenFile }
  | { type: 'START' }
  | { type: 'PROGRESS'; loaded: number; total: number }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'RESET' };

/** Why a chosen file cannot be sent, or null. */
export function fileProblem(file: ChosenFile): string | null {
  if (!/\.csv$/i.test(file.name)) return 'Please choose a .csv file';
  if (file.size === 0) return 'The file is empty';
  if (file.size > MAX_UPLOAD_BYTES) return 'The file is larger than 50 MB; split it into smaller files';
  return null;
}

const EMPTY: Omit<UploadContext, 'file'> = {
  loadedBytes: 0,
  totalBytes: 0,
  uploadId: null,
  percent: 0,
  result: null,
  error: null,
};

export const uploadProgressMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
  },
  actors: {
    /** sends the file; resolves the server's upload id */
    upload: fromPromise<string, { file: ChosenFile }>(async () => {
      throw new Error('upload not provided');
    }),
    /** one status read of an upload being processed */
    pollStatus: fromPromise<UploadStatus, { uploadId: string }>(async () => {
      throw new Error('pollStatus not provided');
    }),
  },
  delays: { pollInterval: 1000 },
  guards: {
    fileAcceptable: ({ event }) => event.type === 'SELECT' && fileProblem(event.file) === null,
    finished: (_, status: UploadStatus) => status.status === 'DONE',
    serverFailed: (_, status: UploadStatus) => status.status === 'FAILED',
  },
  actions: {
    choose: assign(({ event }) => ({ ...EMPTY, file: event.type === 'SELECT' ? event.file : null })),
    refuse: assign(({ event }) => ({
      ...EMPTY,
      file: null,
      error: event.type === 'SELECT' ? fileProblem(event.file) : null,
    })),
    restart: assign({ ...EMPTY }),
    /** the upload is done and processed (supplied by a flow that runs this machine as its child) */
    uploaded: () => {},
  },
}).createMachine({
  id: 'uploadProgress',
  context: { file: null, ...EMPTY },
  initial: 'idle',
  states: {
    idle: {
      on: {
        SELECT: [
          { guard: 'fileAcceptable', target: 'selected', actions: 'choose' },
          { target: 'idle', actions: 'refuse' },
        ],
      },
    },
    selected: {
      on: {
        START: { target: 'uploading' },
        SELECT: [
          { guard: 'fileAcceptable', target: 'selected', actions: 'choose' },
          { target: 'idle', actions: 'refuse' },
        ],
        RESET: { target: 'idle', actions: assign({ file: null, ...EMPTY }) },
      },
    },
    uploading: {
      entry: 'restart',
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({ file: context.file! }),
        onDone: {
          target: 'processing',
          actions: assign({
            uploadId: ({ event }) => event.output,
            loadedBytes: ({ context }) => context.totalBytes || context.file!.size,
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => (event.error as Error)?.message ?? 'The upload failed' }),
        },
      },
      on: {
        PROGRESS: {
          actions: assign({ loadedBytes: ({ event }) => event.loaded, totalBytes: ({ event }) => event.total }),
        },
        // leaving the state stops the upload actor, which aborts the request
        CANCEL: { target: 'cancelled' },
      },
    },
    processing: {
      initial: 'polling',
      on: { CANCEL: { target: 'cancelled' } },
      states: {
        polling: {
          invoke: {
            id: 'pollStatus',
            src: 'pollStatus',
            input: ({ context }) => ({ uploadId: context.uploadId! }),
            onDone: [
              {
                guard: { type: 'finished', params: ({ event }) => event.output },
                target: '#uploadProgress.done',
                actions: assign({ percent: 100, result: ({ event }) => event.output.result }),
              },
              {
                guard: { type: 'serverFailed', params: ({ event }) => event.output },
                target: '#uploadProgress.failed',
                actions: assign({ error: ({ event }) => event.output.error ?? 'The file could not be processed' }),
              },
              { target: 'waiting', actions: assign({ percent: ({ event }) => event.output.percent }) },
            ],
            // a status read that fails is tried again: the upload itself is safe on the server
            onError: { target: 'waiting' },
          },
        },
        waiting: {
          after: { pollInterval: 'polling' },
        },
      },
    },
    done: {
      // tells whoever runs the upload (a no-op alone; the KYC flow hears of it)
      entry: 'uploaded',
      on: {
        SELECT: [
          { guard: 'fileAcceptable', target: 'selected', actions: 'choose' },
          { target: 'idle', actions: 'refuse' },
        ],
      },
    },
    failed: {
      on: {
        RETRY: { target: 'uploading' },
        SELECT: [
          { guard: 'fileAcceptable', target: 'selected', actions: 'choose' },
          { target: 'idle', actions: 'refuse' },
        ],
      },
    },
    cancelled: {
      on: {
        RETRY: { target: 'uploading' },
        SELECT: [
          { guard: 'fileAcceptable', target: 'selected', actions: 'choose' },
          { target: 'idle', actions: 'refuse' },
        ],
      },
    },
  },
});

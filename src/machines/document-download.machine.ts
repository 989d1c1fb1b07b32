import { assign, fromPromise, setup } from 'xstate';
import { failureText } from './failure';

// Downloading shipping documents (labels, invoices, manifests) for one or many orders: one
// download at a time; a failure says why and can be tried again or dismissed.

export type DocumentKind = 'LABELS' | 'INVOICES' | 'MANIFEST';

export interface DocumentDownloadContext {
  kind: DocumentKind | null;
  orderIds: number[];
  error: string | null;
  saved: number;
}

export type DocumentDownloadEvent =
  { type: 'DOWNLOAD'; kind: DocumentKind; orderIds: number[] } | { type: 'RETRY' } | { type: 'DISMISS' };

export const documentDownloadMachine = setup({
  types: { context: {} as DocumentDownloadContext, events: {} as DocumentDownloadEvent },
  actors: {
    download: fromPromise<void, { kind: DocumentKind; orderIds: number[] }>(async () => {
      throw new Error('download not provided');
    }),
  },
  guards: { hasOrders: ({ event }) => event.type === 'DOWNLOAD' && event.orderIds.length > 0 },
}).createMachine({
  id: 'documentDownload',
  context: { kind: null, orderIds: [], error: null, saved: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        DOWNLOAD: {
          guard: 'hasOrders',
          target: 'downloading',
          actions: assign({ kind: ({ event }) => event.kind, orderIds: ({ event }) => event.orderIds, error: null }),
        },
      },
    },
    downloading: {
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context }) => ({ kind: context.kind!, orderIds: context.orderIds }),
        onDone: { target: 'idle', actions: assign({ saved: ({ context }) => context.saved + 1 }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureText(event.error) }) },
      },
    },
    failed: { on: { RETRY: 'downloading', DISMISS: { target: 'idle', actions: assign({ error: null }) } } },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import { takeFailure } from './failure';

// Every file the seller downloads goes through here: shipping documents (labels, invoices,
// manifests) of one or many orders, the documents of shipments waiting for pickup, a list's CSV
// export, the wallet's monthly invoice, itemised sheet and statement (PDF or CSV), a bulk upload's sample CSV and the
// error CSV of its rejected rows, a return's reverse-pickup label, a split order's package label, a
// KYC document (the seller's own, or staff's), a generated report, a delivered order's proof of
// delivery, a B2B order's LR, box labels, invoice set and proof of delivery. One download at a time; a failure
// says why and can be tried again, dismissed, or replaced by another download.

/** The shipping documents of chosen orders. */
export type DocumentKind = 'LABELS' | 'INVOICES' | 'MANIFEST';
/** Files that are not about chosen orders: what `params` carries depends on the kind. */
export type FileKind =
  | 'PENDING_DOCUMENTS'
  | 'LIST_EXPORT'
  | 'MONTH_INVOICE'
  | 'SUBSCRIPTION_INVOICE'
  | 'ITEMISED_SHEET'
  | 'MONTH_STATEMENT'
  | 'UPLOAD_SAMPLE'
  | 'UPLOAD_ERRORS'
  | 'RETURN_LABEL'
  | 'KYC_DOCUMENT'
  | 'REPORT'
  | 'TICKET_ATTACHMENT'
  | 'PACKAGE_LABEL'
  | 'PROOF_OF_DELIVERY'
  | 'COD_BANK_FILE'
  | 'B2B_DOCUMENT';
export type DownloadKind = DocumentKind | FileKind;

const ORDER_DOCUMENTS: readonly DownloadKind[] = ['LABELS', 'INVOICES', 'MANIFEST'];

export interface DownloadRequest {
  kind: DownloadKind;
  orderIds: number[];
  params: Record<string, unknown> | null;
}

export interface DocumentDownloadContext {
  kind: DownloadKind | null;
  orderIds: number[];
  params: Record<string, unknown> | null;
  error: string | null;
  saved: number;
}

export type DocumentDownloadEvent =
  | { type: 'DOWNLOAD'; kind: DownloadKind; orderIds?: number[]; params?: Record<string, unknown> }
  | { type: 'RETRY' }
  | { type: 'DISMISS' };

export const documentDownloadMachine = setup({
  types: {
    context: {} as DocumentDownloadContext,
    events: {} as DocumentDownloadEvent,
  },
  actors: {
    download: fromPromise<void, DownloadRequest>(async () => {
      throw new Error('download not provided');
    }),
  },
  actions: {
    start: assign(({ event }) =>
      event.type === 'DOWNLOAD'
        ? { kind: event.kind, orderIds: event.orderIds ?? [], params: event.params ?? null, error: null }
        : {},
    ),
  },
  guards: {
    // an order's document needs at least one order; other files need none
    hasOrders: ({ event }) =>
      event.type === 'DOWNLOAD' && (!ORDER_DOCUMENTS.includes(event.kind) || (event.orderIds ?? []).length > 0),
  },
}).createMachine({
  id: 'documentDownload',
  context: { kind: null, orderIds: [], params: null, error: null, saved: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: { DOWNLOAD: { guard: 'hasOrders', target: 'downloading', actions: 'start' } },
    },
    downloading: {
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context }) => ({ kind: context.kind!, orderIds: context.orderIds, params: context.params }),
        onDone: { target: 'idle', actions: assign({ saved: ({ context }) => context.saved + 1 }) },
        onError: { target: 'failed', actions: assign(takeFailure) },
      },
    },
    failed: {
      on: {
        RETRY: 'downloading',
        DISMISS: { target: 'idle', actions: assign({ error: null }) },
        DOWNLOAD: { guard: 'hasOrders', target: 'downloading', actions: 'start' },
      },
    },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import { takeFailure } from './failure';

// A private document shown inside the page (staff reading a seller's KYC document): the file is
// read with the session's token, kept as a local address while the viewer is open, and let go
// when the viewer closes or shows another. An image is drawn as a picture, a PDF in an embedded
// viewer; a failure says why and can be tried again. Saving a copy stays the download machine's.

/** The document to show: its private address, its name and its type as the server keeps them. */
export interface ViewedDocument {
  url: string;
  name: string;
  /** image/jpeg, image/png, image/webp or application/pdf */
  contentType: string;
  /** what it is ("PAN card"): the viewer's title */
  label: string;
}

export type ViewerShape = 'IMAGE' | 'PDF';

/** How a document is shown: a PDF in the embedded viewer, any other (an image) as a picture. */
export const viewerShape = (contentType: string): ViewerShape => (contentType === 'application/pdf' ? 'PDF' : 'IMAGE');

export interface DocumentViewerContext {
  document: ViewedDocument | null;
  /** the local (blob:) address of the file read, while it is shown */
  objectUrl: string | null;
  error: string | null;
}

export type DocumentViewerEvent = { type: 'OPEN'; document: ViewedDocument } | { type: 'RETRY' } | { type: 'CLOSE' };

export const documentViewerMachine = setup({
  types: {
    context: {} as DocumentViewerContext,
    events: {} as DocumentViewerEvent,
  },
  actors: {
    /** reads the file with the session's token; answers its local address */
    load: fromPromise<string, ViewedDocument>(async () => {
      throw new Error('load not provided');
    }),
  },
  actions: {
    /** the local address shown is no longer needed (the binding revokes it) */
    release: () => {},
    open: assign(({ event }) =>
      event.type === 'OPEN' ? { document: event.document, objectUrl: null, error: null } : {},
    ),
  },
}).createMachine({
  id: 'documentViewer',
  context: { document: null, objectUrl: null, error: null },
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'loading', actions: 'open' } },
    },
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.document!,
        onDone: { target: 'showing', actions: assign({ objectUrl: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign(takeFailure) },
      },
      on: {
        OPEN: { target: 'loading', reenter: true, actions: 'open' },
        CLOSE: { target: 'closed', actions: assign({ document: null, error: null }) },
      },
    },
    showing: {
      on: {
        OPEN: { target: 'loading', actions: ['release', 'open'] },
        CLOSE: { target: 'closed', actions: ['release', assign({ document: null, objectUrl: null })] },
      },
    },
    failed: {
      on: {
        RETRY: { target: 'loading', actions: assign({ error: null }) },
        OPEN: { target: 'loading', actions: 'open' },
        CLOSE: { target: 'closed', actions: assign({ document: null, error: null }) },
      },
    },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import type { DocumentTemplatesView } from '../domain/document-templates-contract';
import { templateProblem, type DocumentKind, type DocumentTemplates } from '../domain/documents/template-settings';
import { takeFailure } from './failure';

// The document templates page (Setup → Document templates): load the seller's label, invoice and
// proof-of-delivery templates; the seller edits one kind at a time and, a moment after each
// change that leaves the settings valid, the server draws a preview of the real document with
// them (not saved); save sends the kind's settings. Proof of delivery has no preview of its own
// here (its slip is drawn on delivery). The load, save and preview calls are injected actors; the
// preview resolves to the address of the drawn document's image, released when the next one
// replaces it.

export type TemplateDrafts = DocumentTemplates;

export interface DocumentTemplatesContext {
  view: DocumentTemplatesView | null;
  kind: DocumentKind;
  drafts: TemplateDrafts | null;
  /** the current preview's address (the first page of the drawn document, as an image) */
  previewUrl: string | null;
  problem: string | null;
  error: string | null;
  saved: boolean;
}

export type DocumentTemplatesEvent =
  | { type: 'SELECT_KIND'; kind: DocumentKind }
  | { type: 'CHANGE'; patch: Record<string, unknown> }
  | { type: 'SAVE' }
  | { type: 'RETRY' };

export interface TemplateCall {
  kind: DocumentKind;
  settings: unknown;
}

const draftOf = (c: DocumentTemplatesContext) => c.drafts![c.kind];
const problemOf = (c: DocumentTemplatesContext) => templateProblem(c.kind, draftOf(c));
const patched = (c: DocumentTemplatesContext, patch: Record<string, unknown>): DocumentTemplatesContext => ({
  ...c,
  drafts: { ...c.drafts!, [c.kind]: { ...draftOf(c), ...patch } } as TemplateDrafts,
});
const draftsOf = (view: DocumentTemplatesView): TemplateDrafts => ({
  LABEL: view.LABEL,
  INVOICE: view.INVOICE,
  POD: view.POD,
});

export const documentTemplatesMachine = setup({
  types: {
    context: {} as DocumentTemplatesContext,
    events: {} as DocumentTemplatesEvent,
  },
  actors: {
    load: fromPromise<DocumentTemplatesView>(async () => {
      throw new Error('load not provided');
    }),
    save: fromPromise<DocumentTemplatesView, TemplateCall>(async () => {
      throw new Error('save not provided');
    }),
    /** draws the preview; resolves to its address */
    preview: fromPromise<string, TemplateCall>(async () => {
      throw new Error('preview not provided');
    }),
  },
  delays: { previewDelay: 400 },
  guards: {
    noPreview: ({ context }) => context.kind === 'POD',
    draftValid: ({ context }) => problemOf(context) === null,
    podChosen: ({ event }) => event.type === 'SELECT_KIND' && event.kind === 'POD',
    chosenInvalid: ({ context, event }) =>
      event.type === 'SELECT_KIND' && problemOf({ ...context, kind: event.kind }) !== null,
    changeInvalid: ({ context, event }) => event.type === 'CHANGE' && problemOf(patched(context, event.patch)) !== null,
  },
  actions: {
    /** the previous preview's address is let go */
    releasePreview: () => {},
    selectKind: assign(({ event }) =>
      event.type === 'SELECT_KIND' ? { kind: event.kind, saved: false, error: null } : {},
    ),
    applyChange: assign(({ context, event }) =>
      event.type === 'CHANGE' ? { drafts: patched(context, event.patch).drafts, saved: false, error: null } : {},
    ),
    takeProblem: assign({ problem: ({ context }) => problemOf(context) }),
    clearProblem: assign({ problem: null }),
    takeSaved: assign(({ context }, view: DocumentTemplatesView) => {
      return {
        view,
        drafts: { ...context.drafts!, [context.kind]: view[context.kind] } as TemplateDrafts,
        saved: true,
        problem: null,
      };
    }),
    takeSaveError: assign(takeFailure),
  },
}).createMachine({
  id: 'documentTemplates',
  context: { view: null, kind: 'LABEL', drafts: null, previewUrl: null, problem: null, error: null, saved: false },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ view: event.output, drafts: draftsOf(event.output), error: null })),
        },
        onError: { target: 'loadFailed', actions: assign(takeFailure) },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    ready: {
      initial: 'waiting',
      on: {
        SELECT_KIND: [
          { guard: 'podChosen', target: '.noPreview', actions: ['selectKind', 'takeProblem'] },
          { guard: 'chosenInvalid', target: '.invalid', actions: ['selectKind', 'takeProblem'] },
          { target: '.waiting', actions: ['selectKind', 'clearProblem'] },
        ],
        CHANGE: [
          { guard: 'noPreview', target: '.noPreview', actions: ['applyChange', 'takeProblem'] },
          { guard: 'changeInvalid', target: '.invalid', actions: ['applyChange', 'takeProblem'] },
          { target: '.waiting', actions: ['applyChange', 'clearProblem'] },
        ],
        SAVE: [
          { guard: 'draftValid', target: 'saving' },
          { target: '.invalid', actions: 'takeProblem' },
        ],
      },
      states: {
        /** a moment after the last change, so typing a message draws once */
        waiting: { after: { previewDelay: 'previewing' } },
        previewing: {
          invoke: {
            id: 'preview',
            src: 'preview',
            input: ({ context }) => ({ kind: context.kind, settings: draftOf(context) }),
            onDone: {
              target: 'shown',
              actions: ['releasePreview', assign({ previewUrl: ({ event }) => event.output })],
            },
            onError: { target: 'previewFailed', actions: assign(takeFailure) },
          },
        },
        shown: {},
        previewFailed: { on: { RETRY: { target: 'previewing', actions: assign({ error: null }) } } },
        invalid: {},
        noPreview: {},
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ kind: context.kind, settings: draftOf(context) }),
        onDone: [
          {
            guard: 'noPreview',
            target: 'ready.noPreview',
            actions: { type: 'takeSaved', params: ({ event }) => event.output },
          },
          { target: 'ready.waiting', actions: { type: 'takeSaved', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: 'noPreview', target: 'ready.noPreview', actions: 'takeSaveError' },
          { target: 'ready.shown', actions: 'takeSaveError' },
        ],
      },
    },
  },
});

import { documentViewerMachine, type ViewedDocument } from '../../../src/machines/document-viewer.machine';
import type { MachineModel } from '../model-harness';

export const PAN_CARD: ViewedDocument = {
  url: '/api/v1/corporate/kyc/7/documents/abc',
  name: 'pan-card.png',
  contentType: 'image/png',
  label: 'PAN card',
};
export const PHOTO: ViewedDocument = {
  url: '/api/v1/corporate/kyc/7/documents/def',
  name: 'me.pdf',
  contentType: 'application/pdf',
  label: 'Photograph',
};

export const model: MachineModel = {
  name: 'document-viewer',
  machine: documentViewerMachine,
  options: {
    promiseActors: ['load'],
    events: () => [
      { type: 'OPEN', document: PAN_CARD },
      { type: 'OPEN', document: PHOTO },
      { type: 'RETRY' },
      { type: 'CLOSE' },
      { type: 'xstate.done.actor.load', output: 'blob:http://localhost/1' },
      { type: 'xstate.error.actor.load', error: { status: 404, message: 'Document not found' } },
    ],
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.document?.name ?? null, s.context.objectUrl, s.context.error]),
  },
};

import { documentTemplatesMachine } from '../../../src/machines/document-templates.machine';
import type { DocumentTemplatesView } from '../../../src/domain/document-templates-contract';
import { DEFAULT_TEMPLATES } from '../../../src/domain/documents/template-settings';
import type { MachineModel } from '../model-harness';

export const VIEW: DocumentTemplatesView = {
  ...DEFAULT_TEMPLATES,
  brandColourApplies: false,
  pickupAddresses: [{ addressId: 4, name: 'Meera Jaipur', city: 'Jaipur' }],
  hasLogo: true,
  hasSignature: false,
  productsWithImages: 0,
};
const SAVED: DocumentTemplatesView = {
  ...VIEW,
  LABEL: { ...VIEW.LABEL, pageLayout: 'A4_FOUR_UP', customMessage: 'Thanks' },
};

export const model: MachineModel = {
  name: 'document-templates',
  machine: documentTemplatesMachine,
  options: {
    promiseActors: ['load', 'save', 'preview'],
    // what the page shows: the state, the kind, its problem, whether saved and whether a preview is there
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.kind,
        s.context.problem,
        s.context.error,
        s.context.saved,
        s.context.previewUrl,
      ]),
    events: () => [
      { type: 'SELECT_KIND', kind: 'LABEL' },
      { type: 'SELECT_KIND', kind: 'INVOICE' },
      { type: 'SELECT_KIND', kind: 'POD' },
      { type: 'CHANGE', patch: { brandColour: 'red' } },
      { type: 'CHANGE', patch: { brandColour: '#1f4fd1', customMessage: 'Thanks' } },
      { type: 'SAVE' },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.load', output: VIEW },
      { type: 'xstate.error.actor.load', error: { message: 'No Internet Connection' } },
      { type: 'xstate.done.actor.preview', output: 'blob:preview' },
      { type: 'xstate.error.actor.preview', error: { message: 'The preview could not be drawn' } },
      { type: 'xstate.done.actor.save', output: SAVED },
      {
        type: 'xstate.error.actor.save',
        error: { message: 'Return pickup address is not one of your pickup addresses' },
      },
    ],
  },
};

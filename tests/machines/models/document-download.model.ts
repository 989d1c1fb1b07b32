import { documentDownloadMachine } from '../../../src/machines/document-download.machine';
import type { MachineModel } from '../model-harness';

export const model: MachineModel = {
  name: 'document-download',
  machine: documentDownloadMachine,
  options: {
    promiseActors: ['download'],
    events: () => [
      { type: 'DOWNLOAD', kind: 'LABELS', orderIds: [1, 2] },
      { type: 'DOWNLOAD', kind: 'INVOICES', orderIds: [] },
      { type: 'DOWNLOAD', kind: 'MONTH_INVOICE', params: { month: '2026-10' } },
      { type: 'RETRY' },
      { type: 'DISMISS' },
      { type: 'xstate.done.actor.download' },
      { type: 'xstate.error.actor.download', error: { status: 409, message: 'Ship these orders first: ORD-000002' } },
    ],
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.kind, s.context.params, s.context.error, Math.min(s.context.saved, 1)]),
  },
};

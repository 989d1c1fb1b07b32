import { paymentModesMachine } from '../../../src/machines/payment-modes.machine';
import type { PaymentModeRow } from '../../../src/domain/payment-modes-contract';
import type { MachineModel } from '../model-harness';

const PCOD: PaymentModeRow = {
  modeId: 1,
  modeName: 'Partial COD 20%',
  modeCode: 'PCOD',
  modeBasis: 'COD',
  advanceKind: 'PERCENT',
  advancePercent: 20,
  advanceAmount: null,
  labelNote: '',
  advanceText: '20% advance, rest on delivery',
  archived: false,
  ordersCount: 0,
};

export const model: MachineModel = {
  name: 'payment-modes',
  machine: paymentModesMachine,
  options: {
    promiseActors: ['load', 'save', 'setArchived'],
    events: () => [
      { type: 'RETRY' },
      { type: 'SHOW_ARCHIVED', show: true },
      { type: 'NEW' },
      { type: 'EDIT', modeId: 1 },
      { type: 'ARCHIVE', modeId: 1 },
      { type: 'RESTORE', modeId: 1 },
      { type: 'FIELD', patch: { modeName: 'Partial COD 20%', modeCode: 'PCOD' } },
      { type: 'FIELD', patch: { advancePercent: '95' } },
      { type: 'SAVE' },
      { type: 'CANCEL' },
      { type: 'xstate.done.actor.load', output: [PCOD] },
      { type: 'xstate.error.actor.load', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.save', output: PCOD },
      {
        type: 'xstate.error.actor.save',
        error: { status: 409, message: 'Label code: you have a payment mode PCOD already' },
      },
      { type: 'xstate.done.actor.setArchived', output: { ...PCOD, archived: true } },
      {
        type: 'xstate.error.actor.setArchived',
        error: { status: 403, message: 'Custom payment modes comes with the Premium plan.' },
      },
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.modes.map((m: PaymentModeRow) => [m.modeId, m.archived]),
        s.context.showArchived,
        s.context.draft,
        s.context.editingId,
        s.context.error,
      ]),
    limit: 5000,
  },
};

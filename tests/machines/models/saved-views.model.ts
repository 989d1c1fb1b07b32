import { savedViewsMachine } from '../../../src/machines/saved-views.machine';
import type { MachineModel } from '../model-harness';
import type { OrderView } from '../../../src/domain/order-views';

export const VIEW: OrderView = {
  viewId: 7,
  viewName: 'COD to ship',
  filters: { tab: 'NEW', payment: 'COD' },
  createdAt: '2026-11-20T04:30:00.000Z',
};

/** Load, name the filters on screen (a blank name refused by label), save or be refused, delete. */
export const model: MachineModel = {
  name: 'saved-views',
  machine: savedViewsMachine,
  options: {
    promiseActors: ['loadViews', 'saveView', 'deleteView'],
    events: () => [
      { type: 'xstate.done.actor.loadViews', output: [VIEW] },
      { type: 'xstate.error.actor.loadViews', error: { message: 'You are offline' } },
      { type: 'START', filters: { tab: 'NEW', payment: 'COD' } },
      { type: 'NAME', value: 'COD to ship' },
      { type: 'NAME', value: '  ' },
      { type: 'xstate.done.actor.saveView', output: { ...VIEW, viewId: 8 } },
      { type: 'xstate.error.actor.saveView', error: { message: 'You already have a view named COD to ship' } },
      { type: 'DELETE', viewId: 7 },
      { type: 'xstate.done.actor.deleteView', output: { viewId: 7 } },
      { type: 'xstate.error.actor.deleteView', error: { message: 'No such saved view of yours' } },
    ],
    // a view saved again adds a row of the same id: the state is the ids held, not how many rows
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.draft,
        [...new Set(s.context.views.map((v: { viewId: number }) => v.viewId))],
        Object.keys(s.context.errors),
        s.context.error,
        s.context.notice,
      ]),
  },
};

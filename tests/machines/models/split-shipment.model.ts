import { splitShipmentMachine } from '../../../src/machines/split-shipment.machine';
import { splitBodyOf } from '../../../src/domain/split-shipments';
import type { MachineModel } from '../model-harness';

const ITEMS = [
  { itemId: 1, name: 'Blue Pottery Vase', sku: 'BPV-12', quantity: 1, unitPricePaise: 150000 },
  { itemId: 2, name: 'Block Print Cushion', sku: 'BPC-02', quantity: 2, unitPricePaise: 50000 },
];
const LOADED = {
  orderId: 7,
  orderNumber: 'MC-7',
  orderStatus: 'RTS',
  mode: null,
  editable: true,
  items: ITEMS,
  parcel: { deadWeightKg: 1.8, lengthCm: 20, breadthCm: 15, heightCm: 10 },
  packages: [],
  multiPieceCarriers: [{ code: 'DE', name: 'Delhivery Surface', maxPieces: 10 }],
};
const SAVED = { ...LOADED, mode: 'BY_ITEM', packages: [{ packageNo: 1 }, { packageNo: 2 }] };

export const model: MachineModel = {
  name: 'split-shipment',
  machine: splitShipmentMachine,
  options: {
    input: { orderId: 7 },
    promiseActors: ['loadPackages', 'saveSplit'],
    events: () => [
      { type: 'SET_MODE', mode: 'BY_BOX' },
      { type: 'ADD_PACKAGE' },
      { type: 'REMOVE_PACKAGE', index: 2 },
      { type: 'REMOVE_PACKAGE', index: 0 },
      { type: 'SET_QUANTITY', index: 1, itemId: 1, quantity: 1 },
      { type: 'SET_QUANTITY', index: 0, itemId: 99, quantity: 1 },
      { type: 'SET_SIZE', index: 0, field: 'deadWeightKg', value: '' },
      { type: 'SET_SIZE', index: 5, field: 'lengthCm', value: '30' },
      { type: 'SAVE' },
      { type: 'RETRY' },
      { type: 'BACK' },
      { type: 'xstate.done.actor.loadPackages', output: LOADED },
      { type: 'xstate.error.actor.loadPackages', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.saveSplit', output: SAVED },
      {
        type: 'xstate.error.actor.saveSplit',
        error: { status: 403, message: 'Split shipments comes with the Premium plan. Upgrade your plan to use it.' },
      },
    ],
    limit: 20000,
    // the packages by their count (two, or more) and whether they would save: the rest of a draft changes no transition
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.mode,
        Math.min(s.context.drafts.length, 3),
        'body' in splitBodyOf(s.context.mode, s.context.items, s.context.drafts),
        s.context.problem,
        s.context.error,
      ]),
  },
};

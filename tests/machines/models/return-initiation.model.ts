import { returnInitiationMachine } from '../../../src/machines/return-initiation.machine';
import type { MachineModel } from '../model-harness';

export const SETUP = {
  items: [
    { sku: 'RZ-01', name: 'Block-print razai', ordered: 2, unitPricePaise: 145000 },
    { sku: 'CV-02', name: 'Cushion cover', ordered: 1, unitPricePaise: 45000 },
  ],
  reasons: [
    { code: 'DAMAGED', label: 'Damaged or defective', subReasons: [{ code: 'TORN', label: 'Torn' }] },
    { code: 'NOT_NEEDED', label: 'No longer needed', subReasons: [] },
  ],
  returnAddresses: [
    { id: 11, label: 'Jaipur workshop' },
    { id: 12, label: 'Delhi warehouse' },
  ],
  qcChecks: [
    { code: 'PRODUCT_IMAGE', label: 'Product image' },
    { code: 'UNUSED_WITH_TAGS', label: 'Unused with tags' },
  ],
  qcChargePaise: 1500,
  pickupLine: '12, Moti Doongri Road, Jaipur 302004',
};
export const CREATED = { returnId: 5, returnNumber: 'RET-0005' };
const EXTRA = { sku: 'X-9', name: 'Table runner', ordered: 1, unitPricePaise: 30000 };

/** The events worth trying in each step: one way through, and each step's refusals. */
function stepEvents(s: any): any[] {
  const c = s.context;
  const q = c.quantities;
  // each step's variations only after the earlier steps went the one way through (no blow-up)
  const itemsWay = JSON.stringify(q) === JSON.stringify({ 'RZ-01': 2, 'CV-02': 1 });
  const reasonWay = itemsWay && c.reason === 'DAMAGED' && c.subReason === 'TORN' && c.photos.length === 0;
  const addressWay = reasonWay && c.returnAddressId === 12;
  const qcWay = addressWay && c.qcEnabled && c.qcChecks.length === 1;
  if (s.matches('items'))
    return [
      ...(q['CV-02'] === 1 ? [{ type: 'SET_QUANTITY', sku: 'CV-02', quantity: 0 }] : []),
      ...(q['CV-02'] === 0 && q['RZ-01'] === 2 ? [{ type: 'SET_QUANTITY', sku: 'RZ-01', quantity: 0 }] : []),
      ...(q['RZ-01'] === 0 ? [{ type: 'SET_QUANTITY', sku: 'RZ-01', quantity: 5 }] : []),
      ...(q['CV-02'] === 1 ? [{ type: 'SET_QUANTITY', sku: 'NOPE', quantity: 1 }] : []),
      ...(q['X-9'] === undefined && q['CV-02'] === 1 ? [{ type: 'ADD_ITEM', item: EXTRA }] : []),
      ...(q['X-9'] === 1 ? [{ type: 'REMOVE_ITEM', sku: 'X-9' }] : []),
    ];
  if (s.matches('reason') && itemsWay)
    return [
      ...(c.reason === null ? [{ type: 'CHOOSE_REASON', reason: 'DAMAGED' }] : []),
      ...(c.reason === null ? [{ type: 'CHOOSE_REASON', reason: 'UNKNOWN' }] : []),
      ...(c.reason === 'DAMAGED' && !c.subReason ? [{ type: 'CHOOSE_SUB_REASON', subReason: 'TORN' }] : []),
      ...(c.photos.length === 0 && c.reason === null ? [{ type: 'ADD_PHOTO', file: new Blob(['x']) }] : []),
      ...(c.photos.length === 1 && c.reason === null ? [{ type: 'REMOVE_PHOTO', url: '/files/p1.jpg' }] : []),
    ];
  if (s.matches('addresses') && reasonWay)
    return [
      ...(c.returnAddressId === null ? [{ type: 'CHOOSE_RETURN_ADDRESS', addressId: 12 }] : []),
      ...(c.returnAddressId === null ? [{ type: 'CHOOSE_RETURN_ADDRESS', addressId: 99 }] : []),
      ...(c.returnAddressId === null ? [{ type: 'SET_PICKUP', pickup: null }] : []),
    ];
  if (s.matches('qc') && addressWay)
    return [
      ...(!c.qcEnabled && c.qcChecks.length === 0 ? [{ type: 'SET_QC', enabled: true }] : []),
      ...(c.qcEnabled && c.qcChecks.length === 0 ? [{ type: 'TOGGLE_CHECK', check: 'UNUSED_WITH_TAGS' }] : []),
      ...(c.qcEnabled && c.qcChecks.length === 0 ? [{ type: 'TOGGLE_CHECK', check: 'SERIAL' }] : []),
    ];
  if (s.matches('review') && qcWay && c.refundDecision === 'REFUND')
    return [{ type: 'SET_REFUND', decision: 'EXCHANGE' }];
  return [];
}

export const model: MachineModel = {
  name: 'return-initiation',
  machine: returnInitiationMachine,
  options: {
    input: { orderId: 7, idempotencyKey: 'ret-7-abc' },
    promiseActors: ['loadSetup', 'uploadPhoto', 'createReturn'],
    events: (s: any) => [
      ...stepEvents(s),
      { type: 'NEXT' },
      { type: 'BACK' },
      { type: 'SUBMIT' },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.loadSetup', output: SETUP },
      { type: 'xstate.error.actor.loadSetup', error: { status: 404, message: 'No order with that number' } },
      { type: 'xstate.done.actor.uploadPhoto', output: { url: '/files/p1.jpg' } },
      { type: 'xstate.error.actor.uploadPhoto', error: { status: 413, message: 'A photo can be up to 2 MB' } },
      { type: 'xstate.done.actor.createReturn', output: CREATED },
      {
        type: 'xstate.error.actor.createReturn',
        error: { status: 409, message: 'A return can only be made for a delivered order' },
      },
    ],
    limit: 20000,
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.quantities,
        s.context.reason,
        s.context.subReason,
        s.context.photos.length,
        s.context.returnAddressId,
        s.context.qcEnabled,
        s.context.qcChecks.length,
        s.context.refundDecision,
        s.context.problem === null,
        s.context.error === null,
      ]),
  },
};

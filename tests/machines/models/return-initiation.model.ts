import { returnInitiationMachine } from '../../../src/machines/return-initiation.machine';
import type { MachineModel } from '../model-harness';
import type { ReturnSetup } from '../../../src/machines/return-initiation.machine';

export const SETUP: ReturnSetup = {
  items: [
    { key: '31', orderItemId: 31, sku: 'RZ-01', name: 'Block-print razai', ordered: 2, unitPricePaise: 145000 },
    { key: '32', orderItemId: 32, sku: 'CV-02', name: 'Cushion cover', ordered: 1, unitPricePaise: 45000 },
  ],
  reasons: [
    { code: 'DAMAGED', label: 'Product damaged', subReasons: [{ code: 'TORN_STAINED', label: 'Torn or stained' }] },
    { code: 'NO_LONGER_NEEDED', label: 'No longer needed', subReasons: [] },
  ],
  returnToOptions: [
    { kind: 'PICKUP_ADDRESS', id: 11, label: 'Jaipur workshop' },
    { kind: 'WAREHOUSE', id: 12, label: 'Delhi warehouse' },
  ],
  qcChecks: [
    { kind: 'PRODUCT_IMAGE', label: 'Product matches its image', needsExpected: false },
    { kind: 'COLOUR', label: 'Colour matches', needsExpected: true },
  ],
  pickupLine: '12, Moti Doongri Road, Jaipur 302004',
};
export const PHOTO = { fileId: 'file_abcdef123456', url: '/api/v1/files/file_abcdef123456' };
export const CREATED = { returnId: 5, returnNumber: 'RET-0005' };
const EXTRA = { key: 'X-9', orderItemId: null, sku: 'X-9', name: 'Table runner', ordered: 1, unitPricePaise: 30000 };

/** The events worth trying in each step: one way through, and each step's refusals. */
function stepEvents(s: any): any[] {
  const c = s.context;
  const q = c.quantities;
  // each step's variations only after the earlier steps went the one way through (no blow-up)
  const itemsWay = JSON.stringify(q) === JSON.stringify({ 31: 2, 32: 1 });
  const reasonWay = itemsWay && c.subReason === 'TORN_STAINED' && c.comment !== '' && c.photos.length === 0;
  const addressWay = reasonWay && c.returnTo?.id === 12;
  const qcWay = addressWay && c.qcEnabled && c.qcChecks.length === 1 && c.qcChecks[0].expected !== '';
  if (s.matches('items'))
    return [
      ...(q[32] === 1 ? [{ type: 'SET_QUANTITY', key: '32', quantity: 0 }] : []),
      ...(q[32] === 0 && q[31] === 2 ? [{ type: 'SET_QUANTITY', key: '31', quantity: 0 }] : []),
      ...(q[31] === 0 ? [{ type: 'SET_QUANTITY', key: '31', quantity: 5 }] : []),
      ...(q[32] === 1 ? [{ type: 'SET_QUANTITY', key: 'NOPE', quantity: 1 }] : []),
      ...(q['X-9'] === undefined && q[32] === 1 ? [{ type: 'ADD_ITEM', item: EXTRA }] : []),
      ...(q['X-9'] === 1 ? [{ type: 'REMOVE_ITEM', key: 'X-9' }] : []),
    ];
  if (s.matches('reason') && itemsWay)
    return [
      ...(c.reason === null && c.photos.length === 0 ? [{ type: 'CHOOSE_REASON', reason: 'DAMAGED' }] : []),
      ...(c.reason === null && c.photos.length === 0 ? [{ type: 'CHOOSE_REASON', reason: 'UNKNOWN' }] : []),
      ...(c.reason === 'DAMAGED' && !c.subReason ? [{ type: 'CHOOSE_SUB_REASON', subReason: 'TORN_STAINED' }] : []),
      ...(c.reason === 'DAMAGED' && !c.subReason ? [{ type: 'CHOOSE_SUB_REASON', subReason: 'LEAKING' }] : []),
      ...(c.subReason === 'TORN_STAINED' && c.comment === '' ? [{ type: 'SET_COMMENT', comment: 'Seam torn' }] : []),
      ...(c.photos.length === 0 && c.reason === null ? [{ type: 'ADD_PHOTO', file: new Blob(['x']) }] : []),
      ...(c.photos.length === 1 && c.reason === null ? [{ type: 'REMOVE_PHOTO', fileId: PHOTO.fileId }] : []),
    ];
  if (s.matches('addresses') && reasonWay)
    return [
      ...(c.returnTo?.id === 11 ? [{ type: 'CHOOSE_RETURN_TO', kind: 'WAREHOUSE', id: 12 }] : []),
      ...(c.returnTo?.id === 11 ? [{ type: 'CHOOSE_RETURN_TO', kind: 'WAREHOUSE', id: 11 }] : []),
      ...(c.returnTo?.id === 11 ? [{ type: 'SET_STANDALONE', details: null }] : []),
    ];
  if (s.matches('qc') && addressWay)
    return [
      ...(!c.qcEnabled && c.qcChecks.length === 0 ? [{ type: 'SET_QC', enabled: true }] : []),
      ...(c.qcEnabled && c.qcChecks.length === 0 ? [{ type: 'TOGGLE_CHECK', check: 'COLOUR' }] : []),
      ...(c.qcEnabled && c.qcChecks.length === 0 ? [{ type: 'TOGGLE_CHECK', check: 'SERIAL' }] : []),
      ...(c.qcChecks.length === 1 && c.qcChecks[0].expected === ''
        ? [{ type: 'SET_EXPECTED', check: 'COLOUR', expected: 'Indigo' }]
        : []),
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
      { type: 'xstate.done.actor.uploadPhoto', output: PHOTO },
      { type: 'xstate.error.actor.uploadPhoto', error: { status: 413, message: 'A photo can be up to 2 MB' } },
      { type: 'xstate.done.actor.createReturn', output: CREATED },
      {
        type: 'xstate.error.actor.createReturn',
        error: { status: 409, message: 'A return can only be made for a delivered order' },
      },
    ],
    limit: 100000,
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.quantities,
        s.context.reason,
        s.context.subReason,
        s.context.comment,
        s.context.photos.length,
        s.context.returnTo,
        s.context.qcEnabled,
        s.context.qcChecks,
        s.context.refundDecision,
        s.context.problem === null,
        s.context.error === null,
      ]),
  },
};

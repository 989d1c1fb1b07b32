import { returnRequestMachine } from '../../../src/machines/return-request.machine';
import type { MachineModel } from '../model-harness';
import type { BuyerReturnOffer } from '../../../src/domain/returns-contract';

export const OFFER: BuyerReturnOffer = {
  orderNumber: 'MC-1001',
  companyName: 'Meera Crafts',
  deliveredAt: '2026-11-22T06:00:00.000Z',
  lastDay: '2026-11-29',
  canRequest: true,
  reason: '',
  items: [
    { orderItemId: 31, name: 'Block-print razai', sku: 'RZ-01', returnableQuantity: 2 },
    { orderItemId: 32, name: 'Cushion cover', sku: 'CV-02', returnableQuantity: 1 },
  ],
  reasons: [
    { code: 'DAMAGED', label: 'Product damaged', subReasons: [{ code: 'TORN_STAINED', label: 'Torn or stained' }] },
    { code: 'NO_LONGER_NEEDED', label: 'No longer needed', subReasons: [] },
  ],
  request: null,
};
const request = (state: 'PENDING' | 'APPROVED' | 'REJECTED') => ({
  requestId: 4,
  state,
  stateText: state,
  createdAt: '2026-11-23T06:00:00.000Z',
  decidedAt: state === 'PENDING' ? null : '2026-11-24T06:00:00.000Z',
  decisionNote: '',
  returnTrackingNumber: null,
});
export const PENDING: BuyerReturnOffer = { ...OFFER, canRequest: false, request: request('PENDING') };
export const APPROVED: BuyerReturnOffer = { ...OFFER, canRequest: false, request: request('APPROVED') };
const CLOSED: BuyerReturnOffer = { ...OFFER, canRequest: false, reason: 'The return window closed on 29 Nov 2026' };
export const PHOTO = { fileId: 'file_abcdef123456', url: '/rest/v1/files/file_abcdef123456' };

function stepEvents(s: any): any[] {
  const c = s.context;
  const q = c.quantities;
  const itemsWay = JSON.stringify(q) === JSON.stringify({ 31: 2, 32: 1 });
  if (s.matches({ asking: 'items' }))
    return [
      ...(q[32] === 1 ? [{ type: 'SET_QUANTITY', key: '32', quantity: 0 }] : []),
      ...(q[32] === 0 && q[31] === 2 ? [{ type: 'SET_QUANTITY', key: '31', quantity: 0 }] : []),
      ...(q[31] === 0 ? [{ type: 'SET_QUANTITY', key: '31', quantity: 1 }] : []),
      ...(q[32] === 1 ? [{ type: 'SET_QUANTITY', key: 'NOPE', quantity: 1 }] : []),
    ];
  if (s.matches({ asking: 'reason' }) && itemsWay)
    return [
      ...(c.reason === null ? [{ type: 'CHOOSE_REASON', reason: 'DAMAGED' }] : []),
      ...(c.reason === null ? [{ type: 'CHOOSE_REASON', reason: 'UNKNOWN' }] : []),
      ...(c.reason === 'DAMAGED' && !c.subReason ? [{ type: 'CHOOSE_SUB_REASON', subReason: 'TORN_STAINED' }] : []),
      ...(c.reason === 'DAMAGED' && !c.subReason ? [{ type: 'CHOOSE_SUB_REASON', subReason: 'LEAKING' }] : []),
      ...(c.reason === 'DAMAGED' && c.comment === ''
        ? [{ type: 'SET_COMMENT', comment: ' Seam torn on arrival ' }]
        : []),
    ];
  if (s.matches({ asking: 'photos' }) && itemsWay && c.subReason === 'TORN_STAINED')
    return [
      ...(c.photos.length === 0 ? [{ type: 'ADD_PHOTO', file: new Blob(['x']) }] : []),
      ...(c.photos.length === 1 ? [{ type: 'REMOVE_PHOTO', fileId: PHOTO.fileId }] : []),
    ];
  return [];
}

export const model: MachineModel = {
  name: 'return-request',
  machine: returnRequestMachine,
  options: {
    input: { trackingRef: '14000000000007', key: 'k-abcdefgh12' },
    promiseActors: ['loadRequest', 'checkRequest', 'uploadPhoto', 'sendRequest'],
    events: (s: any) => [
      ...stepEvents(s),
      { type: 'START' },
      { type: 'CANCEL' },
      { type: 'NEXT' },
      { type: 'BACK' },
      { type: 'SUBMIT' },
      { type: 'RETRY' },
      { type: 'REFRESH' },
      { type: 'xstate.done.actor.loadRequest', output: OFFER },
      { type: 'xstate.done.actor.loadRequest', output: CLOSED },
      { type: 'xstate.done.actor.loadRequest', output: PENDING },
      { type: 'xstate.done.actor.loadRequest', output: APPROVED },
      { type: 'xstate.error.actor.loadRequest', error: { status: 404, message: 'Not found' } },
      { type: 'xstate.done.actor.checkRequest', output: PENDING },
      { type: 'xstate.done.actor.checkRequest', output: APPROVED },
      { type: 'xstate.error.actor.checkRequest', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.uploadPhoto', output: PHOTO },
      { type: 'xstate.error.actor.uploadPhoto', error: { status: 413, message: 'A photo can be up to 2 MB' } },
      { type: 'xstate.done.actor.sendRequest', output: PENDING },
      { type: 'xstate.done.actor.sendRequest', output: APPROVED },
      { type: 'xstate.error.actor.sendRequest', error: { status: 409, message: 'A return was already asked' } },
    ],
    limit: 20000,
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.offer?.request?.state ?? null,
        s.context.offer?.canRequest ?? null,
        s.context.quantities,
        s.context.reason,
        s.context.subReason,
        s.context.comment,
        s.context.photos.length,
        s.context.problem === null,
        s.context.error === null,
      ]),
  },
};

import { returnRequestMachine } from '../../../src/machines/return-request.machine';
import type { MachineModel } from '../model-harness';

export const VIEW = {
  items: [
    { sku: 'RZ-01', name: 'Block-print razai', ordered: 2, unitPricePaise: 145000 },
    { sku: 'CV-02', name: 'Cushion cover', ordered: 1, unitPricePaise: 45000 },
  ],
  reasons: [
    { code: 'DAMAGED', label: 'Damaged or defective', subReasons: [{ code: 'TORN', label: 'Torn' }] },
    { code: 'NOT_NEEDED', label: 'No longer needed', subReasons: [] },
  ],
  windowEndsOn: '2026-11-30',
  windowOpen: true,
  request: null,
};
const request = (status: string) => ({ status, decidedAt: null, note: null, returnTrackingRef: null });
export const PENDING = { ...VIEW, request: request('PENDING') };
export const APPROVED = {
  ...VIEW,
  request: {
    status: 'APPROVED',
    decidedAt: '2026-11-24T06:00:00.000Z',
    note: null,
    returnTrackingRef: 'R14000000000001',
  },
};
const CLOSED = { ...VIEW, windowOpen: false };

function stepEvents(s: any): any[] {
  const c = s.context;
  const q = c.quantities;
  const itemsWay = JSON.stringify(q) === JSON.stringify({ 'RZ-01': 2, 'CV-02': 1 });
  if (s.matches({ asking: 'items' }))
    return [
      ...(q['CV-02'] === 1 ? [{ type: 'SET_QUANTITY', sku: 'CV-02', quantity: 0 }] : []),
      ...(q['CV-02'] === 0 && q['RZ-01'] === 2 ? [{ type: 'SET_QUANTITY', sku: 'RZ-01', quantity: 0 }] : []),
      ...(q['RZ-01'] === 0 ? [{ type: 'SET_QUANTITY', sku: 'RZ-01', quantity: 1 }] : []),
      ...(q['CV-02'] === 1 ? [{ type: 'SET_QUANTITY', sku: 'NOPE', quantity: 1 }] : []),
    ];
  if (s.matches({ asking: 'reason' }) && itemsWay)
    return [
      ...(c.reason === null ? [{ type: 'CHOOSE_REASON', reason: 'DAMAGED' }] : []),
      ...(c.reason === null ? [{ type: 'CHOOSE_REASON', reason: 'UNKNOWN' }] : []),
      ...(c.reason === 'DAMAGED' && !c.subReason ? [{ type: 'CHOOSE_SUB_REASON', subReason: 'TORN' }] : []),
      ...(c.reason === 'DAMAGED' && c.comment === ''
        ? [{ type: 'SET_COMMENT', comment: ' Seam torn on arrival ' }]
        : []),
    ];
  if (s.matches({ asking: 'photos' }) && itemsWay && c.subReason === 'TORN')
    return [
      ...(c.photos.length === 0 ? [{ type: 'ADD_PHOTO', file: new Blob(['x']) }] : []),
      ...(c.photos.length === 1 ? [{ type: 'REMOVE_PHOTO', url: '/files/p1.jpg' }] : []),
    ];
  return [];
}

export const model: MachineModel = {
  name: 'return-request',
  machine: returnRequestMachine,
  options: {
    input: { trackingRef: '14000000000007' },
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
      { type: 'xstate.done.actor.loadRequest', output: VIEW },
      { type: 'xstate.done.actor.loadRequest', output: CLOSED },
      { type: 'xstate.done.actor.loadRequest', output: PENDING },
      { type: 'xstate.done.actor.loadRequest', output: APPROVED },
      { type: 'xstate.error.actor.loadRequest', error: { status: 404, message: 'Not found' } },
      { type: 'xstate.done.actor.checkRequest', output: PENDING },
      { type: 'xstate.done.actor.checkRequest', output: APPROVED },
      { type: 'xstate.error.actor.checkRequest', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.uploadPhoto', output: { url: '/files/p1.jpg' } },
      { type: 'xstate.error.actor.uploadPhoto', error: { status: 413, message: 'A photo can be up to 2 MB' } },
      { type: 'xstate.done.actor.sendRequest', output: PENDING },
      { type: 'xstate.done.actor.sendRequest', output: APPROVED },
      { type: 'xstate.error.actor.sendRequest', error: { status: 409, message: 'A return was already asked' } },
    ],
    limit: 20000,
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.view?.request?.status ?? null,
        s.context.view?.windowOpen ?? null,
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

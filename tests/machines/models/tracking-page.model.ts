import { trackingPageMachine } from '../../../src/machines/tracking-page.machine';
import type { MachineModel } from '../model-harness';
import { statusEvent } from './live-stream.model';

/** The answer a page's HTML carries: shown at once with no loading period, else after it. */
const carried = { orderId: 7, orderNumber: 'ORD-000007', trackingNumber: '14000000000007', orderStatusCode: 'PKD' };

export const model: MachineModel = {
  name: 'tracking-page',
  machine: trackingPageMachine,
  options: {
    input: { ref: { shortCode: 'abcdefgh' } },
    promiseActors: ['fetchTracking'],
    events: () => [
      {
        type: 'xstate.done.actor.fetchTracking',
        output: { orderId: 7, orderNumber: 'ORD-000007', trackingNumber: '14000000000007', orderStatusCode: 'PKD' },
      },
      { type: 'LIVE_STATUS', event: statusEvent('42', 'INT', 'In Transit') },
      {
        type: 'xstate.done.actor.refreshTracking',
        output: { orderId: 7, orderNumber: 'ORD-000007', trackingNumber: '14000000000007', orderStatusCode: 'INT' },
      },
      { type: 'xstate.error.actor.refreshTracking', error: { status: 0, message: 'No Internet Connection' } },
      {
        type: 'xstate.error.actor.fetchTracking',
        error: { status: 404, message: 'No shipment with that tracking number' },
      },
      { type: 'xstate.after.minimumLoading.trackingPage.loading.minimum.waiting' },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.data?.orderStatusCode ?? null]),
  },
  alsoFrom: [
    { ref: { shortCode: 'abcdefgh' }, data: carried, minimumLoadingMs: 0 },
    { ref: { shortCode: 'abcdefgh' }, data: carried },
  ],
};

import { trackingPageMachine } from '../../../src/machines/tracking-page.machine';
import type { MachineModel } from '../model-harness';

export const model: MachineModel = {
  name: 'tracking-page',
  machine: trackingPageMachine,
  options: {
    input: { ref: { shortCode: 'abcdefgh' } },
    promiseActors: ['fetchTracking'],
    events: () => [
      { type: 'xstate.done.actor.fetchTracking', output: { orderId: 7, orderNumber: 'ORD-000007' } },
      {
        type: 'xstate.error.actor.fetchTracking',
        error: { status: 404, message: 'No shipment with that tracking number' },
      },
      { type: 'xstate.after.minimumLoading.trackingPage.loading.minimum.waiting' },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.data?.orderId ?? null]),
  },
};

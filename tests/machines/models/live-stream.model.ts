import { fromCallback } from 'xstate';
import type { OrderStatusEvent } from '../../../src/domain/live-events-contract';
import { liveStreamMachine } from '../../../src/machines/live-stream.machine';
import type { MachineModel } from '../model-harness';

export const statusEvent = (eventId: string, status: string, statusText: string): OrderStatusEvent => ({
  eventId,
  orderId: 7,
  orderNumber: 'ORD-000007',
  trackingNumber: '14000000000007',
  status,
  statusText,
  at: '2026-11-26T06:30:00.000Z',
  location: 'Bhiwandi hub',
  remark: null,
});

export const EVENTS = {
  picked: statusEvent('41', 'PKD', 'Picked Up'),
  inTransit: statusEvent('42', 'INT', 'In Transit'),
};

export const model: MachineModel = {
  name: 'live-stream',
  machine: liveStreamMachine,
  options: {
    input: { url: '/api/v1/orders/7/events' },
    // the reader's reports are sent as the events they are
    provide: { actors: { readStream: fromCallback(() => {}) } },
    events: () => [
      { type: 'STREAM.OPENED' },
      { type: 'STREAM.STATUS', event: EVENTS.picked },
      { type: 'STREAM.STATUS', event: EVENTS.inTransit },
      { type: 'STREAM.PING' },
      { type: 'STREAM.END' },
      { type: 'STREAM.ERROR', error: { status: 0, message: 'The live connection dropped' } },
      { type: 'STREAM.ERROR', error: { status: 503, message: 'Service unavailable' } },
      { type: 'STREAM.ERROR', error: { status: 401, message: 'UNAUTHORIZED ACCESS' } },
      { type: 'STREAM.ERROR', error: { status: 404, message: 'Order not found' } },
      { type: 'RETRY' },
    ],
    serializeState: (s) =>
      JSON.stringify([s.value, s.status, s.context.lastEventId, s.context.attempt, s.context.error?.status ?? null]),
  },
};

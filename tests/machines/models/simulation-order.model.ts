import type { SimulationOrder } from '../../../src/domain/live-events-contract';
import { simulationOrderMachine } from '../../../src/machines/simulation-order.machine';
import type { MachineModel } from '../model-harness';
import { EVENTS, statusEvent } from './live-stream.model';

export const simOrder = (
  status: string,
  statusText: string,
  nextSteps: SimulationOrder['nextSteps'],
  running: SimulationOrder['running'] = null,
): SimulationOrder => ({
  orderId: 7,
  orderNumber: 'ORD-000007',
  sellerName: 'Kirana Kart',
  trackingNumber: '14000000000007',
  courierName: 'Delhivery',
  status,
  statusText,
  nextSteps,
  running,
  events: status === 'PKP_SCH' ? [] : [EVENTS.picked],
});

export const ORDERS = {
  scheduled: simOrder('PKP_SCH', 'Pickup Scheduled', ['PKD']),
  picked: simOrder('PKD', 'Picked Up', ['INT', 'RTO_INT']),
  running: simOrder('PKD', 'Picked Up', [], { remaining: ['INT', 'OFD', 'DLV'], intervalSeconds: 5 }),
  delivered: simOrder('DLV', 'Delivered', []),
};

export const model: MachineModel = {
  name: 'simulation-order',
  machine: simulationOrderMachine,
  options: {
    input: { orderId: 7 },
    promiseActors: ['loadOrder', 'step', 'run', 'stop'],
    events: (s: any) => [
      { type: 'STEP', step: 'PKD' },
      { type: 'INTERVAL', value: s.context.interval === '5' ? '0' : '5' },
      { type: 'GOAL', goal: s.context.goal === 'DLV' ? 'RTO_DLV' : 'DLV' },
      { type: 'RUN' },
      { type: 'STOP' },
      { type: 'RETRY' },
      { type: 'RETRY_LIVE' },
      s.context.live === 'open'
        ? { type: 'LIVE_STATE', state: 'failed', error: 'UNAUTHORIZED ACCESS' }
        : { type: 'LIVE_STATE', state: 'open', error: null },
      { type: 'LIVE_STATUS', event: statusEvent('43', 'INT', 'In Transit') },
      { type: 'xstate.done.actor.loadOrder', output: ORDERS.scheduled },
      { type: 'xstate.done.actor.loadOrder', output: ORDERS.delivered },
      { type: 'xstate.error.actor.loadOrder', error: { status: 404, message: 'Order not found' } },
      { type: 'xstate.done.actor.step', output: ORDERS.picked },
      { type: 'xstate.error.actor.step', error: { status: 409, message: 'The order has moved on' } },
      { type: 'xstate.done.actor.run', output: ORDERS.running },
      { type: 'xstate.error.actor.run', error: { status: 409, message: 'A run is already going' } },
      { type: 'xstate.done.actor.stop', output: ORDERS.picked },
      { type: 'xstate.error.actor.stop', error: { status: 0, message: 'No Internet Connection' } },
      { type: 'xstate.done.actor.refreshOrder', output: ORDERS.picked },
      { type: 'xstate.error.actor.refreshOrder', error: { status: 0, message: 'No Internet Connection' } },
    ],
    limit: 50_000,
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.order?.status ?? null,
        s.context.order?.running ? 1 : 0,
        s.context.interval,
        s.context.goal,
        s.context.live,
        s.context.error !== null,
      ]),
  },
};

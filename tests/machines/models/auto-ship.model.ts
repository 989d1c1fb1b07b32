import { autoShipMachine } from '../../../src/machines/auto-ship.machine';
import type { MachineModel } from '../model-harness';

export const model: MachineModel = {
  name: 'auto-ship',
  machine: autoShipMachine,
  options: {
    input: { orderIds: [1, 2, 3], idempotencyKey: 'auto-abcdef01' },
    promiseActors: ['autoShip'],
    events: () => [
      { type: 'RULE', rule: 'FASTEST' },
      { type: 'START' },
      { type: 'RETRY' },
      { type: 'CANCEL' },
      {
        type: 'xstate.done.actor.autoShip',
        output: {
          results: [
            {
              orderId: 1,
              orderNumber: 'ORD-000001',
              shipped: true,
              awb: '14000000000001',
              carrierCode: 'DE',
              carrierName: 'Delhivery Surface',
              totalPaise: 9000,
            },
            { orderId: 2, orderNumber: 'ORD-000002', shipped: false, reason: 'No courier delivers this order' },
          ],
        },
      },
      {
        type: 'xstate.done.actor.autoShip',
        output: {
          results: [{ orderId: 3, orderNumber: 'ORD-000003', shipped: false, reason: 'Insufficient wallet balance' }],
        },
      },
      { type: 'xstate.error.actor.autoShip', error: { status: 0, message: 'You are offline' } },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.rule, s.context.error, s.context.results.length]),
  },
};

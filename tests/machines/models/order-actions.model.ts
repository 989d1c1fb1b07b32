import type { OrderDetail } from '../../../src/domain/orders-contract';
import { orderActionsMachine } from '../../../src/machines/order-actions.machine';
import type { MachineModel } from '../model-harness';

const order = (archived: boolean, all: boolean) =>
  ({
    orderId: 7,
    orderNumber: 'ORD-000007',
    status: 'RTS',
    archived,
    escalated: false,
    actions: { ship: all, edit: all, cancel: all, archive: all, clone: true, escalate: all, return: all },
  }) as unknown as OrderDetail;

export const ORDERS = { open: order(false, true), archived: order(true, false) };
export const WEIGHT_OK = { lengthCm: '10', breadthCm: '10', heightCm: '10', deadWeightKg: '0.5' };
export const WEIGHT_BAD = { lengthCm: '', breadthCm: '10', heightCm: '10', deadWeightKg: '0.5' };
const refusal = { status: 409, message: 'An order that is Cancelled cannot be escalated' };

export const model: MachineModel = {
  name: 'order-actions',
  machine: orderActionsMachine,
  options: {
    input: { orderId: '7' },
    promiseActors: ['fetchOrder', 'saveWeight', 'saveNumber', 'escalate', 'cancelOrder', 'archive', 'cloneOrder'],
    events: () => [
      { type: 'xstate.done.actor.fetchOrder', output: ORDERS.open },
      { type: 'xstate.done.actor.fetchOrder', output: ORDERS.archived },
      { type: 'xstate.error.actor.fetchOrder', error: { status: 404, message: 'Order not found' } },
      { type: 'xstate.done.actor.reloadOrder', output: ORDERS.open },
      { type: 'xstate.error.actor.reloadOrder', error: { status: 0, message: 'You are offline' } },
      { type: 'SUBMIT', value: WEIGHT_OK },
      { type: 'SUBMIT', value: WEIGHT_BAD },
      { type: 'SUBMIT', value: 'ORD-9' },
      { type: 'SUBMIT', value: '  ' },
      { type: 'SHIPPED', awb: '14000000000007', carrierName: 'Delhivery' },
      { type: 'xstate.done.actor.saveWeight', output: ORDERS.open },
      { type: 'xstate.error.actor.saveWeight', error: { status: 400, message: 'Length (cm) must be at most 300' } },
      { type: 'xstate.done.actor.saveNumber', output: ORDERS.open },
      { type: 'xstate.error.actor.saveNumber', error: refusal },
      { type: 'xstate.done.actor.escalate', output: ORDERS.open },
      { type: 'xstate.error.actor.escalate', error: refusal },
      { type: 'xstate.done.actor.cancelOrder', output: ORDERS.open },
      { type: 'xstate.error.actor.cancelOrder', error: refusal },
      { type: 'xstate.done.actor.archive', output: { done: [7], refused: [] } },
      { type: 'xstate.done.actor.archive', output: { done: [], refused: [{ orderId: 7, reason: 'In transit' }] } },
      { type: 'xstate.error.actor.archive', error: refusal },
      { type: 'xstate.done.actor.unarchive', output: { done: [7], refused: [] } },
      { type: 'xstate.done.actor.unarchive', output: { done: [], refused: [{ orderId: 7, reason: 'Not yours' }] } },
      { type: 'xstate.error.actor.unarchive', error: refusal },
      { type: 'xstate.done.actor.cloneOrder', output: { ...ORDERS.open, orderId: 8, orderNumber: 'ORD-000008' } },
      { type: 'xstate.error.actor.cloneOrder', error: refusal },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.order?.archived ?? null, s.context.copy !== null]),
  },
};

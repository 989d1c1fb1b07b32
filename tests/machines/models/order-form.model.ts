import { orderDraftBody } from '../../../src/domain/order-draft';
import { checkForm } from '../../../src/domain/schemas/form-check';
import { OrderBody } from '../../../src/domain/schemas/order';
import type { ProductRow } from '../../../src/domain/setup-contract';
import { orderFormMachine } from '../../../src/machines/order-form.machine';
import type { MachineModel } from '../model-harness';

// A draft complete but for its products: adding one makes it valid.
export const DRAFT = {
  orderNumber: 'WEB-1001',
  buyerName: 'Asha Rao',
  buyerPhone: '9876543210',
  line1: '12 MG Road',
  pincode: '560001',
  lengthCm: '10',
  breadthCm: '10',
  heightCm: '10',
  deadWeightKg: '0.5',
  pickupAddressId: '3',
};
export const PRODUCT = {
  productId: 5,
  productName: 'Cotton kurta',
  sku: 'KURTA-M',
  price: 799,
  taxRatePercent: 5,
  hsnCode: '6211',
  weightKg: 0.4,
  lengthCm: 30,
  breadthCm: 25,
  heightCm: 3,
} as ProductRow;
const PICKUP = { addressId: 3, entityName: 'Kumar Traders', city: 'Bengaluru', verified: true, primary: true };

export const model: MachineModel = {
  name: 'order-form',
  machine: orderFormMachine,
  options: {
    input: { today: '2026-11-20', draft: DRAFT },
    promiseActors: ['loadOptions', 'searchProducts', 'checkNumber', 'createOrder'],
    events: () => [
      { type: 'SET', field: 'buyerPhone', value: '12' },
      { type: 'SET', field: 'buyerPhone', value: '9876543210' },
      { type: 'SET_ITEM', index: 0, field: 'quantity', value: '2' },
      { type: 'ADD_PRODUCT', product: PRODUCT },
      { type: 'REMOVE_LINE', index: 0 },
      { type: 'ADD_LINE' },
      { type: 'FIND', text: 'kurta' },
      { type: 'FIND', text: '  ' },
      { type: 'CHECK_NUMBER' },
      { type: 'SUBMIT' },
      { type: 'xstate.done.actor.loadOptions', output: { pickups: [PICKUP], packages: [], paymentModes: [] } },
      { type: 'xstate.error.actor.loadOptions', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.searchProducts', output: [PRODUCT] },
      { type: 'xstate.error.actor.searchProducts', error: { status: 500, message: 'Something went wrong' } },
      { type: 'xstate.done.actor.checkNumber', output: { available: true, message: 'ORD-1 is free' } },
      { type: 'xstate.error.actor.checkNumber', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.createOrder', output: { orderId: 41, orderNumber: 'ORD-000041' } },
      {
        type: 'xstate.error.actor.createOrder',
        error: { status: 422, message: 'pickupAddressId: verify this pickup address before using it' },
      },
    ],
    // what tells states apart for the paths: the full context is still compared at every step
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        checkForm(OrderBody, orderDraftBody(s.context.draft, s.context.items)).ok,
        Object.keys(s.context.errors).length > 0,
        s.context.saveError !== null,
      ]),
    limit: 20000,
  },
};

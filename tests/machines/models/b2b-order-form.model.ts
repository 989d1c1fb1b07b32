import type { B2bOrderDetail, B2bQuotes } from '../../../src/domain/b2b-contract';
import { blankInvoice, checkB2bOrder } from '../../../src/domain/b2b/order-draft';
import { b2bOrderFormMachine } from '../../../src/machines/b2b-order-form.machine';
import type { MachineModel } from '../model-harness';

// A draft complete but for its invoice value: typing it makes the draft valid and priceable.
export const DRAFT = {
  businessName: 'Sharma Distributors',
  contactPhone: '9876543210',
  addressLine1: '14 Industrial Area Phase 2',
  pincode: '110020',
  originWarehouseId: '3',
  goodsDescription: 'Cotton bedsheets',
};
export const WAREHOUSES = [
  { warehouseId: 3, warehouseKind: 'OWN', warehouseName: 'Bhiwandi WH', pincode: '421302' },
  { warehouseId: 9, warehouseKind: 'CONSIGNEE', warehouseName: 'Sharma DC', pincode: '110020' },
];
export const QUOTES = { quotes: [{ carrierCode: 'GT', quote: { totalPaise: 1_854_600 } }] } as unknown as B2bQuotes;
export const CREATED = { orderId: 41, orderNumber: 'ORD-000041' } as B2bOrderDetail;
export const INVOICE_FILE = { name: 'INV-1.pdf', size: 1000, type: 'application/pdf' };

export const model: MachineModel = {
  name: 'b2b-order-form',
  machine: b2bOrderFormMachine,
  options: {
    input: {
      today: '2026-11-29',
      draft: DRAFT,
      boxes: [{ lengthCm: '40', breadthCm: '30', heightCm: '30', weightKg: '10', count: '12' }],
      invoices: [{ ...blankInvoice('2026-11-29'), number: 'INV-1' }],
    },
    promiseActors: ['loadWarehouses', 'quote', 'uploadInvoice', 'createOrder'],
    events: () => [
      { type: 'SET', field: 'contactPhone', value: '12' },
      { type: 'SET_BOX', index: 0, field: 'count', value: '12' },
      { type: 'SET_INVOICE', index: 0, field: 'value', value: '60000' },
      { type: 'ADD_BOX' },
      { type: 'REMOVE_BOX', index: 0 },
      { type: 'ADD_INVOICE' },
      { type: 'REMOVE_INVOICE', index: 0 },
      // a line's HSN alone leaves it incomplete; removing the line makes the invoice one given by its value
      { type: 'SET_GOODS', index: 0, line: 0, field: 'hsnCode', value: '6304' },
      { type: 'ADD_GOODS', index: 0 },
      { type: 'REMOVE_GOODS', index: 0, line: 0 },
      { type: 'ATTACH', index: 0, file: INVOICE_FILE },
      { type: 'DETACH', index: 0 },
      { type: 'ADD_PO' },
      { type: 'SET_PO', index: 0, value: 'PO-1' },
      { type: 'REMOVE_PO', index: 0 },
      { type: 'xstate.done.actor.loadWarehouses', output: WAREHOUSES },
      { type: 'xstate.error.actor.loadWarehouses', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.quote', output: QUOTES },
      { type: 'xstate.error.actor.quote', error: { status: 400, message: 'Delivery pincode is not known' } },
      { type: 'xstate.done.actor.uploadInvoice', output: { fileId: 'f_0123456789' } },
      { type: 'xstate.error.actor.uploadInvoice', error: { status: 413, message: 'The file is too large' } },
      { type: 'xstate.done.actor.createOrder', output: CREATED },
      {
        type: 'xstate.error.actor.createOrder',
        error: { status: 409, message: 'orderNumber: that order number exists' },
      },
    ],
    // what tells states apart for the paths: the full context is still compared at every step
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        checkB2bOrder(s.context).ok,
        Object.keys(s.context.errors).length > 0,
        s.context.quotes !== null,
      ]),
    limit: 200_000,
  },
};

import type { B2bInvoiceRow } from '../../../src/domain/b2b-contract';
import { checkChange, ewayBillChangeMachine } from '../../../src/machines/eway-bill-change.machine';
import type { MachineModel } from '../model-harness';

// A new vehicle for invoice INV-1's bill, the dialog starting from the Jaipur warehouse with
// everything but NIC's reason: saving asks for it, then the server answers or refuses.
export const DRAFT = {
  transMode: 'ROAD',
  vehicleNumber: 'RJ14GB4321',
  transportDocNumber: '',
  transportDocDate: '',
  place: 'Jaipur',
  state: 'Rajasthan',
  pincode: '302022',
  reason: '',
  remarks: '',
  remainingDistance: '',
};
export const CHANGED = {
  invoiceId: 5,
  invoiceNumber: 'INV-1',
  ewayBill: { ewayBillNumber: '391002703912', status: 'ACT', vehicleNumber: 'RJ14GB4321' },
} as unknown as B2bInvoiceRow;

export const model: MachineModel = {
  name: 'eway-bill-change',
  machine: ewayBillChangeMachine,
  options: {
    input: { orderId: 7, invoiceId: 5, mode: 'PART_B', draft: DRAFT },
    promiseActors: ['saveChange'],
    events: () => [
      { type: 'SET', field: 'reason', value: '4' },
      // Others without remarks: refused in the dialog, never sent
      { type: 'SET', field: 'reason', value: '3' },
      { type: 'SET', field: 'vehicleNumber', value: 'not a vehicle' },
      { type: 'SAVE' },
      { type: 'CANCEL' },
      { type: 'xstate.done.actor.saveChange', output: CHANGED },
      {
        type: 'xstate.error.actor.saveChange',
        error: { status: 422, message: 'The e-way bill portal refused it: 4002 Vehicle number is invalid' },
      },
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        checkChange(s.context.mode, s.context.draft).ok,
        Object.keys(s.context.errors).length > 0,
        s.context.refusal !== null,
      ]),
  },
};

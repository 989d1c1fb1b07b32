import { courierReassignMachine } from '../../../src/machines/courier-reassign.machine';
import type { MachineModel } from '../model-harness';

const quote = (carrierCode: string, carrierName: string, totalPaise: number, tags: string[]) => ({
  carrierCode,
  carrierName,
  mode: 'Surface',
  zone: 'D',
  chargedWeightKg: 1,
  freightPaise: totalPaise,
  codChargePaise: 0,
  gstPaise: 0,
  totalPaise,
  rtoChargePaise: 0,
  edd: '2026-12-03',
  days: 5,
  tags,
  steps: [],
});
const QUOTES = {
  zone: 'D',
  zoneName: 'Rest of India',
  from: {},
  to: {},
  quotes: [
    quote('DE', 'Delhivery', 6000, ['CHEAPEST']),
    quote('SW-BD', 'Bluedart', 9000, ['FASTEST', 'BEST_VALUE']),
    { ...quote('HL-ZIP', 'Zippee', 11_682, []), mode: 'Hyperlocal', hyperlocal: { distanceKm: 7.2, slots: [] } },
  ],
  unserviceable: [],
};
/** only the current courier (and a hyperlocal partner, left out) serves the order */
const ONLY_CURRENT = { ...QUOTES, quotes: [QUOTES.quotes[0], QUOTES.quotes[2]] };
const SHIPMENT = { shipmentId: 2, orderId: 7, awb: '14000000000002', carrierCode: 'SW-BD', carrierName: 'Bluedart' };

export const model: MachineModel = {
  name: 'courier-reassign',
  machine: courierReassignMachine,
  options: {
    input: { orderId: 7, currentCarrierCode: 'DE', idempotencyKey: 'reassign-7-abcdef' },
    promiseActors: ['loadQuotes', 'reassign'],
    events: () => [
      { type: 'CHOOSE', carrierCode: 'SW-BD' },
      // the current courier, an unknown one and a hyperlocal partner are not choices
      { type: 'CHOOSE', carrierCode: 'DE' },
      { type: 'CHOOSE', carrierCode: 'ZZ' },
      { type: 'CHOOSE', carrierCode: 'HL-ZIP' },
      { type: 'REVIEW' },
      { type: 'CONFIRM' },
      { type: 'RETRY' },
      { type: 'BACK' },
      { type: 'xstate.done.actor.loadQuotes', output: QUOTES },
      { type: 'xstate.done.actor.loadQuotes', output: ONLY_CURRENT },
      { type: 'xstate.error.actor.loadQuotes', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.reassign', output: SHIPMENT },
      {
        type: 'xstate.error.actor.reassign',
        error: {
          status: 422,
          message:
            'Insufficient wallet balance: this shipment costs ₹90.00 and your wallet has ₹20.00. Recharge at least ₹70.00 to ship it',
        },
      },
      {
        type: 'xstate.error.actor.reassign',
        error: {
          status: 409,
          message: 'An order that is Picked Up cannot be reassigned: only a shipment waiting for pickup can',
        },
      },
    ],
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.chosen, s.context.error, s.context.quotes.length, s.context.shipment?.awb]),
  },
};

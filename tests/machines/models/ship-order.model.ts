import { shipOrderMachine } from '../../../src/machines/ship-order.machine';
import type { MachineModel } from '../model-harness';

const quote = (carrierCode: string, totalPaise: number, tags: string[]) => ({
  carrierCode,
  carrierName: carrierCode,
  mode: 'Surface',
  zone: 'D',
  chargedWeightKg: 1,
  freightPaise: totalPaise,
  codChargePaise: 0,
  gstPaise: 0,
  totalPaise,
  rtoChargePaise: 0,
  edd: '2026-11-28',
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
    quote('DE', 6000, ['CHEAPEST']),
    quote('SW-BD', 9000, ['FASTEST', 'BEST_VALUE']),
    {
      ...quote('HL-ZIP', 11_682, []),
      mode: 'Hyperlocal',
      hyperlocal: {
        distanceKm: 7.2,
        slots: [
          { id: 'D0-14', label: 'Today 14:00–16:00', startsAt: '2026-11-20T08:30:00Z', endsAt: '2026-11-20T10:30:00Z' },
          {
            id: 'D1-10',
            label: 'Tomorrow 10:00–12:00',
            startsAt: '2026-11-21T04:30:00Z',
            endsAt: '2026-11-21T06:30:00Z',
          },
        ],
      },
    },
  ],
  unserviceable: [],
  cover: {
    declaredValuePaise: 145_000,
    insurance: { pricePaise: 1_500, gstPaise: 270, totalPaise: 1_770 },
    insuranceRefusal: null,
    insuredByRule: false,
    insureAboveRupees: null,
  },
};
/** an order the seller's rule insures: insurance starts on */
const INSURED_BY_RULE = { ...QUOTES, cover: { ...QUOTES.cover, insuredByRule: true, insureAboveRupees: 1_000 } };
/** a Premium seller's answer: the recommendation picks the cheapest, not the best value */
const RECOMMENDED = {
  ...QUOTES,
  // an order without a value cannot be insured
  cover: {
    ...QUOTES.cover,
    declaredValuePaise: 0,
    insurance: null,
    insuranceRefusal: 'Insurance: an order without a value cannot be insured',
  },
  recommended: {
    carrierCode: 'DE',
    carrierName: 'DE',
    rule: 'CHEAPEST_ABOVE_FLOOR',
    reason: 'Cheapest with at least 90% delivered: 96% delivered to 560034 in 2.1 days over 48 shipments',
    outcome: { level: 'PINCODE', place: '560034', shipments: 48, deliveredPct: 96, rtoPct: 4, ndrPct: 6, avgDays: 2.1 },
  },
};
const SHIPMENT = { shipmentId: 1, orderId: 7, awb: '14000000000001', carrierCode: 'SW-BD' };

export const model: MachineModel = {
  name: 'ship-order',
  machine: shipOrderMachine,
  options: {
    input: { orderId: 7, idempotencyKey: 'ship-7-abcdef' },
    // insurance and delay protection multiply the choices by four
    limit: 40_000,
    promiseActors: ['loadQuotes', 'ship'],
    events: () => [
      { type: 'CHOOSE', carrierCode: 'DE' },
      { type: 'CHOOSE', carrierCode: 'ZZ' },
      { type: 'CHOOSE', carrierCode: 'HL-ZIP' },
      { type: 'CHOOSE_SLOT', slotId: 'D1-10' },
      { type: 'CHOOSE_SLOT', slotId: 'D0-10' },
      { type: 'SET_INSURED', insured: true },
      { type: 'SET_INSURED', insured: false },
      { type: 'SET_DELAY_PROTECTION', on: true },
      { type: 'SET_DELAY_PROTECTION', on: false },
      { type: 'SHIP' },
      { type: 'RETRY' },
      { type: 'BACK' },
      { type: 'xstate.done.actor.loadQuotes', output: QUOTES },
      { type: 'xstate.done.actor.loadQuotes', output: { ...QUOTES, quotes: [] } },
      { type: 'xstate.done.actor.loadQuotes', output: RECOMMENDED },
      { type: 'xstate.done.actor.loadQuotes', output: INSURED_BY_RULE },
      { type: 'xstate.error.actor.loadQuotes', error: { status: 0, message: 'You are offline' } },
      { type: 'xstate.done.actor.ship', output: SHIPMENT },
      {
        type: 'xstate.error.actor.ship',
        error: {
          status: 422,
          message:
            'Insufficient wallet balance. This shipment costs ₹90.00. You can spend ₹0.00. Recharge at least ₹100.00 to ship it.',
          rechargePaise: 10_000,
        },
      },
      {
        type: 'xstate.error.actor.ship',
        error: { status: 409, message: 'An order that is Cancelled cannot be shipped' },
      },
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.chosen,
        s.context.slotId,
        s.context.error,
        s.context.rechargePaise,
        s.context.quotes.length,
        s.context.recommended?.carrierCode,
        s.context.cover?.insuredByRule ?? null,
        s.context.insured,
        s.context.delayProtection,
      ]),
  },
};

import { rateCardEditorMachine } from '../../../src/machines/rate-card-editor.machine';
import type { CourierRate, SellerRateCard, StaffRateCards } from '../../../src/domain/pricing-contract';
import type { MachineModel } from '../model-harness';

const zones = (first: number, next: number): CourierRate['zones'] => ({
  A: { firstSlabPaise: first, nextSlabPaise: next },
  B: { firstSlabPaise: first + 500, nextSlabPaise: next + 500 },
  C: { firstSlabPaise: first + 1000, nextSlabPaise: next + 1000 },
  D: { firstSlabPaise: first + 1500, nextSlabPaise: next + 1500 },
  E: { firstSlabPaise: first + 2500, nextSlabPaise: next + 2000 },
});

export const AZ_DEFAULT: CourierRate = {
  carrierCode: 'AZ',
  carrierName: 'Amazon Shipping',
  zones: zones(3200, 2800),
  minChargeableKg: 0.5,
  codFixedPaise: 3500,
  codPercent: 1.75,
  rtoPercent: 100,
};
export const DE_DEFAULT: CourierRate = {
  ...AZ_DEFAULT,
  carrierCode: 'DE',
  carrierName: 'Delhivery',
  zones: zones(3000, 2600),
};

export const CARD: SellerRateCard = {
  cardId: 7,
  orgId: 12,
  validFrom: '2026-11-01',
  validUntil: '2026-12-31',
  standing: 'IN_FORCE',
  couriers: [{ ...AZ_DEFAULT, zones: zones(2500, 2000), codPercent: 1 }],
  updatedAt: '2026-11-01T04:30:00.000Z',
};

export const cards = (planAllows = true): StaffRateCards => ({
  orgId: 12,
  companyName: 'Tara Textiles',
  subscriptionType: planAllows ? 'PREMIUM' : 'PRO',
  planAllows,
  cards: [CARD],
  defaults: [AZ_DEFAULT, DE_DEFAULT],
});

/** The editor: the seller's cards read, a new card or the existing one edited, saved or refused. */
export const model: MachineModel = {
  name: 'rate-card-editor',
  machine: rateCardEditorMachine,
  options: {
    input: { orgId: 12, today: '2026-11-26' },
    promiseActors: ['load', 'save'],
    events: () => [
      { type: 'EDIT', cardId: 7 },
      { type: 'PICK_COURIER', carrierCode: 'DE' },
      { type: 'FIELD', name: 'reason', value: 'Negotiated volume rates' },
      { type: 'FIELD', name: 'DE.codPercent', value: '12' },
      { type: 'xstate.done.actor.load', output: cards() },
      { type: 'xstate.error.actor.load', error: { status: 404, message: 'No such seller' } },
      { type: 'xstate.done.actor.save', output: CARD },
      {
        type: 'xstate.error.actor.save',
        error: { status: 409, message: "Valid from: these days overlap the seller's card valid from 01 Nov 2026 on" },
      },
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.data === null,
        s.context.cardId,
        s.context.courier,
        s.context.draft.reason,
        s.context.draft['DE.codPercent'],
        s.context.errors,
        s.context.error,
        s.context.notice,
      ]),
  },
};

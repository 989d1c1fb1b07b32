import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { OrderPackages } from '../../src/domain/split-contract';
import { splitBodyOf, type PackageDraft, type SplitMode } from '../../src/domain/split-shipments';
import { splitShipmentMachine, type SplitShipmentContext } from '../../src/machines/split-shipment.machine';
import { describeModel } from './describe-model';
import { model } from './models/split-shipment.model';

// The split dialog, model-based, and what it sends when saved.

type SplitBodyDraft = { splitMode: SplitMode; packages: PackageDraft[] };

// what the model's states are told apart by: the mode, two packages or more, whether they would
// save, the reason they would not, the failure, and what was saved
const seen = (c: SplitShipmentContext) => [
  c.mode,
  Math.min(c.drafts.length, 3),
  'body' in splitBodyOf(c.mode, c.items, c.drafts),
  c.problem,
  c.error,
  c.saved?.mode,
];
describeModel(model, (a, e) => expect(seen(a.context)).toEqual(seen(e.context)));

const LOADED = {
  orderId: 3,
  orderNumber: 'MC-3',
  orderStatus: 'RTS',
  mode: null,
  editable: true,
  items: [
    { itemId: 11, name: 'Vase', sku: 'V', quantity: 1, unitPricePaise: 150000 },
    { itemId: 12, name: 'Cushion', sku: 'C', quantity: 2, unitPricePaise: 50000 },
  ],
  parcel: { deadWeightKg: 1.8, lengthCm: 20, breadthCm: 15, heightCm: 10 },
  packages: [],
  multiPieceCarriers: [],
} as OrderPackages;

describe('the split dialog', () => {
  it('starts with an item a package and the weight shared, and saves what the seller arranged', async () => {
    const sent: unknown[] = [];
    const actor = createActor(
      splitShipmentMachine.provide({
        actors: {
          loadPackages: fromPromise(async () => LOADED),
          saveSplit: fromPromise(async ({ input }: { input: { orderId: number; body: SplitBodyDraft } }) => {
            sent.push(input.body);
            return { ...LOADED, mode: 'BY_ITEM' } as OrderPackages;
          }),
        },
      }),
      { input: { orderId: 3 } },
    ).start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.drafts.map((d) => [d.quantities, d.deadWeightKg])).toEqual([
      [{ 11: 1, 12: 0 }, '0.9'],
      [{ 11: 0, 12: 2 }, '0.9'],
    ]);
    // one cushion moves to the first package: still every item placed once
    actor.send({ type: 'SET_QUANTITY', index: 0, itemId: 12, quantity: 1 });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.problem).toBe('Cushion: 3 packed but the order has 2');
    actor.send({ type: 'SET_QUANTITY', index: 1, itemId: 12, quantity: 1 });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(sent).toEqual([
      {
        splitMode: 'BY_ITEM',
        packages: [
          {
            deadWeightKg: 0.9,
            lengthCm: 20,
            breadthCm: 15,
            heightCm: 10,
            lines: [
              { itemId: 11, quantity: 1 },
              { itemId: 12, quantity: 1 },
            ],
          },
          { deadWeightKg: 0.9, lengthCm: 20, breadthCm: 15, heightCm: 10, lines: [{ itemId: 12, quantity: 1 }] },
        ],
      },
    ]);
    expect(actor.getSnapshot().output?.mode).toBe('BY_ITEM');
  });
});

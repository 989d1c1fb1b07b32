import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { RateAnswer, ShipmentInfo } from '../../src/domain/shipping-contract';
import { shipOrderMachine, type ShipCallInput } from '../../src/machines/ship-order.machine';
import { describeModel } from './describe-model';
import { model as autoShip } from './models/auto-ship.model';
import { model as documentDownload } from './models/document-download.model';
import { model as shipOrder } from './models/ship-order.model';

// Model-based suites of the shipping flows, and the rules worth stating on their own.

describeModel(shipOrder, (a, e) =>
  expect([
    a.context.chosen,
    a.context.slotId,
    a.context.error,
    a.context.shipment?.awb,
    a.context.recommended,
    a.context.cover,
    a.context.insured,
    a.context.delayProtection,
  ]).toEqual([
    e.context.chosen,
    e.context.slotId,
    e.context.error,
    e.context.shipment?.awb,
    e.context.recommended,
    e.context.cover,
    e.context.insured,
    e.context.delayProtection,
  ]),
);
describeModel(autoShip, (a, e) =>
  expect([a.context.rule, a.context.results]).toEqual([e.context.rule, e.context.results]),
);
describeModel(documentDownload, (a, e) =>
  expect([a.context.kind, a.context.error]).toEqual([e.context.kind, e.context.error]),
);

type Quote = RateAnswer['quotes'][number];
type ShipInput = ShipCallInput;

/** A surface quote in zone D with only the price, days and tag that the choice looks at. */
const quote = (carrierCode: string, totalPaise: number, days: number, tag: Quote['tags'][number]): Quote => ({
  carrierCode,
  carrierName: carrierCode,
  mode: 'Surface',
  zone: 'D',
  chargedWeightKg: 1,
  freightPaise: 0,
  codChargePaise: 0,
  gstPaise: 0,
  totalPaise,
  rtoChargePaise: 0,
  edd: '',
  days,
  tags: [tag],
  steps: [],
});

/** The ship-order machine over the quotes given and a ship call, started for order 3 with its dialog's key. */
async function shipping(
  quotes: Quote[],
  ship: (input: ShipInput) => Promise<ShipmentInfo>,
  idempotencyKey: string,
  recommended?: RateAnswer['recommended'],
) {
  const machine = shipOrderMachine.provide({
    actors: {
      loadQuotes: fromPromise(async (): Promise<RateAnswer> => ({
        zone: 'D',
        zoneName: '',
        from: { pincode: '', city: '', state: '' },
        to: { pincode: '', city: '', state: '' },
        unserviceable: [],
        quotes,
        recommended,
      })),
      ship: fromPromise(({ input }: { input: ShipInput }) => ship(input)),
    },
  });
  const actor = createActor(machine, { input: { orderId: 3, idempotencyKey } }).start();
  await waitFor(actor, (s) => s.matches('choosing'));
  return actor;
}

const short = (costs: string, has: string, more: string, rechargePaise?: number) => ({
  status: 422,
  message: `Insufficient wallet balance. This shipment costs ${costs}. You can spend ${has}. Recharge at least ${more} to ship it.`,
  ...(rechargePaise ? { rechargePaise } : {}),
});

describe('shipping an order', () => {
  it('starts on the best value, and after a recharge sends the same idempotency key again', async () => {
    const keys: string[] = [];
    let wallet = 0;
    const actor = await shipping(
      [quote('DE', 6000, 6, 'CHEAPEST'), quote('EK', 6100, 5, 'BEST_VALUE')],
      async (input) => {
        keys.push(input.idempotencyKey);
        if (wallet < 6100) throw short('₹61.00', '₹0.00', '₹100.00', 10_000);
        return { awb: '14000000000009' } as ShipmentInfo;
      },
      'dialog-key-1',
    );
    expect(actor.getSnapshot().context.chosen).toBe('EK');
    actor.send({ type: 'SHIP' });
    await waitFor(actor, (s) => s.matches('insufficientBalance'));
    // the recharge the server offered is kept for the dialog's link
    expect(actor.getSnapshot().context.rechargePaise).toBe(10_000);
    wallet = 10_000;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('booked'));
    expect(keys).toEqual(['dialog-key-1', 'dialog-key-1']);
  });

  it('starts on the recommended courier when the answer has one (Premium), and ships it', async () => {
    const carriers: string[] = [];
    const actor = await shipping(
      [quote('DE', 6000, 6, 'CHEAPEST'), quote('EK', 6100, 5, 'BEST_VALUE')],
      async (input) => {
        carriers.push(input.carrierCode);
        return { awb: '14000000000011' } as ShipmentInfo;
      },
      'dialog-key-r',
      {
        carrierCode: 'DE',
        carrierName: 'DE',
        rule: 'CHEAPEST_ABOVE_FLOOR',
        reason: 'Cheapest with at least 90% delivered: 96% delivered to 560034 in 2.1 days over 48 shipments',
        outcome: {
          level: 'PINCODE',
          place: '560034',
          shipments: 48,
          deliveredPct: 96,
          rtoPct: 4,
          ndrPct: 6,
          avgDays: 2.1,
        },
      },
    );
    expect(actor.getSnapshot().context.chosen).toBe('DE');
    expect(actor.getSnapshot().context.recommended?.reason).toMatch(/^Cheapest with at least 90% delivered/);
    actor.send({ type: 'SHIP' });
    await waitFor(actor, (s) => s.matches('booked'));
    expect(carriers).toEqual(['DE']);
  });

  it('after a short wallet the choices stay open: a cheaper courier can be chosen and shipped', async () => {
    const carriers: string[] = [];
    const actor = await shipping(
      [quote('DE', 6000, 6, 'CHEAPEST'), quote('EK', 9100, 5, 'BEST_VALUE')],
      async (input) => {
        carriers.push(input.carrierCode);
        if (input.carrierCode === 'EK') throw short('₹91.00', '₹70.00', '₹21.00');
        return { awb: '14000000000010' } as ShipmentInfo;
      },
      'dialog-key-2',
    );
    actor.send({ type: 'SHIP' });
    await waitFor(actor, (s) => s.matches('insufficientBalance'));
    expect(actor.getSnapshot().context.quotes).toHaveLength(2);
    actor.send({ type: 'CHOOSE', carrierCode: 'DE' });
    expect(actor.getSnapshot().matches('insufficientBalance')).toBe(true);
    expect(actor.getSnapshot().context.chosen).toBe('DE');
    actor.send({ type: 'SHIP' });
    await waitFor(actor, (s) => s.matches('booked'));
    expect(carriers).toEqual(['EK', 'DE']);
  });
});

describe('cover on a shipment', () => {
  const cover = (insuredByRule: boolean, insurable = true): NonNullable<RateAnswer['cover']> => ({
    declaredValuePaise: insurable ? 145_000 : 0,
    insurance: insurable ? { pricePaise: 1_500, gstPaise: 270, totalPaise: 1_770 } : null,
    insuranceRefusal: insurable ? null : 'Insurance: an order without a value cannot be insured',
    insuredByRule,
    insureAboveRupees: insuredByRule ? 1_000 : null,
  });
  async function dialog(c: RateAnswer['cover'], sent: ShipCallInput[]) {
    const machine = shipOrderMachine.provide({
      actors: {
        loadQuotes: fromPromise(async (): Promise<RateAnswer> => ({
          zone: 'D',
          zoneName: '',
          from: { pincode: '', city: '', state: '' },
          to: { pincode: '', city: '', state: '' },
          unserviceable: [],
          quotes: [quote('DE', 6000, 6, 'BEST_VALUE')],
          cover: c,
        })),
        ship: fromPromise(async ({ input }: { input: ShipCallInput }) => {
          sent.push(input);
          return { awb: '14000000000021' } as ShipmentInfo;
        }),
      },
    });
    const actor = createActor(machine, { input: { orderId: 3, idempotencyKey: 'dialog-key-c' } }).start();
    await waitFor(actor, (s) => s.matches('choosing'));
    return actor;
  }

  it('starts insured when the seller’s rule covers the order and books the cover chosen', async () => {
    const sent: ShipCallInput[] = [];
    const actor = await dialog(cover(true), sent);
    expect(actor.getSnapshot().context).toMatchObject({ insured: true, delayProtection: false });
    actor.send({ type: 'SET_INSURED', insured: false });
    actor.send({ type: 'SET_DELAY_PROTECTION', on: true });
    actor.send({ type: 'SHIP' });
    await waitFor(actor, (s) => s.matches('booked'));
    expect(sent).toEqual([expect.objectContaining({ carrierCode: 'DE', insured: false, delayProtection: true })]);
  });

  it('cannot insure an order without a value, and offers no cover on a return’s pickup', async () => {
    const a = await dialog(cover(false, false), []);
    a.send({ type: 'SET_INSURED', insured: true });
    expect(a.getSnapshot().context.insured).toBe(false);
    const b = await dialog(undefined, []);
    b.send({ type: 'SET_DELAY_PROTECTION', on: true });
    expect(b.getSnapshot().context).toMatchObject({ cover: null, delayProtection: false });
  });
});

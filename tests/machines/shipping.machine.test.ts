import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { RateAnswer, ShipmentInfo } from '../../src/domain/shipping-contract';
import { shipOrderMachine } from '../../src/machines/ship-order.machine';
import { describeModel } from './describe-model';
import { model as autoShip } from './models/auto-ship.model';
import { model as documentDownload } from './models/document-download.model';
import { model as shipOrder } from './models/ship-order.model';

// Model-based suites of the shipping flows, and the rules worth stating on their own.

describeModel(shipOrder, (a, e) =>
  expect([a.context.chosen, a.context.error, a.context.shipment?.awb]).toEqual([
    e.context.chosen,
    e.context.error,
    e.context.shipment?.awb,
  ]),
);
describeModel(autoShip, (a, e) =>
  expect([a.context.rule, a.context.results]).toEqual([e.context.rule, e.context.results]),
);
describeModel(documentDownload, (a, e) =>
  expect([a.context.kind, a.context.error]).toEqual([e.context.kind, e.context.error]),
);

describe('shipping an order', () => {
  it('starts on the best value, and after a recharge sends the same idempotency key again', async () => {
    const keys: string[] = [];
    const carriers: string[] = [];
    let wallet = 0;
    const machine = shipOrderMachine.provide({
      actors: {
        loadQuotes: fromPromise(async (): Promise<RateAnswer> => ({
          zone: 'D',
          zoneName: '',
          from: { pincode: '', city: '', state: '' },
          to: { pincode: '', city: '', state: '' },
          unserviceable: [],
          quotes: [
            {
              carrierCode: 'DE',
              carrierName: 'DE',
              mode: 'Surface' as const,
              zone: 'D',
              chargedWeightKg: 1,
              freightPaise: 0,
              codChargePaise: 0,
              gstPaise: 0,
              totalPaise: 6000,
              rtoChargePaise: 0,
              edd: '',
              days: 6,
              tags: ['CHEAPEST' as const],
              steps: [],
            },
            {
              carrierCode: 'EK',
              carrierName: 'EK',
              mode: 'Surface' as const,
              zone: 'D',
              chargedWeightKg: 1,
              freightPaise: 0,
              codChargePaise: 0,
              gstPaise: 0,
              totalPaise: 6100,
              rtoChargePaise: 0,
              edd: '',
              days: 5,
              tags: ['BEST_VALUE' as const],
              steps: [],
            },
          ],
        })),
        ship: fromPromise(
          async ({
            input,
          }: {
            input: { orderId: number; carrierCode: string; idempotencyKey: string };
          }): Promise<ShipmentInfo> => {
            keys.push(input.idempotencyKey);
            carriers.push(input.carrierCode);
            if (wallet < 6100)
              throw {
                status: 422,
                message:
                  'Insufficient wallet balance: this shipment costs ₹61.00 and your wallet has ₹0.00. Recharge at least ₹61.00 to ship it',
              };
            return { awb: '14000000000009' } as ShipmentInfo;
          },
        ),
      },
    });
    const actor = createActor(machine, { input: { orderId: 3, idempotencyKey: 'dialog-key-1' } }).start();
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(actor.getSnapshot().context.chosen).toBe('EK');
    actor.send({ type: 'SHIP' });
    await waitFor(actor, (s) => s.matches('insufficientBalance'));
    wallet = 10_000;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('booked'));
    expect(keys).toEqual(['dialog-key-1', 'dialog-key-1']);
  });

  it('after a short wallet the choices stay open: a cheaper courier can be chosen and shipped', async () => {
    const carriers: string[] = [];
    const machine = shipOrderMachine.provide({
      actors: {
        loadQuotes: fromPromise(async (): Promise<RateAnswer> => ({
          zone: 'D',
          zoneName: '',
          from: { pincode: '', city: '', state: '' },
          to: { pincode: '', city: '', state: '' },
          unserviceable: [],
          quotes: [
            {
              carrierCode: 'DE',
              carrierName: 'DE',
              mode: 'Surface' as const,
              zone: 'D',
              chargedWeightKg: 1,
              freightPaise: 0,
              codChargePaise: 0,
              gstPaise: 0,
              totalPaise: 6000,
              rtoChargePaise: 0,
              edd: '',
              days: 6,
              tags: ['CHEAPEST' as const],
              steps: [],
            },
            {
              carrierCode: 'EK',
              carrierName: 'EK',
              mode: 'Surface' as const,
              zone: 'D',
              chargedWeightKg: 1,
              freightPaise: 0,
              codChargePaise: 0,
              gstPaise: 0,
              totalPaise: 9100,
              rtoChargePaise: 0,
              edd: '',
              days: 5,
              tags: ['BEST_VALUE' as const],
              steps: [],
            },
          ],
        })),
        ship: fromPromise(
          async ({
            input,
          }: {
            input: { orderId: number; carrierCode: string; idempotencyKey: string };
          }): Promise<ShipmentInfo> => {
            carriers.push(input.carrierCode);
            if (input.carrierCode === 'EK')
              throw {
                status: 422,
                message:
                  'Insufficient wallet balance: this shipment costs ₹91.00 and your wallet has ₹70.00. Recharge at least ₹21.00 to ship it',
              };
            return { awb: '14000000000010' } as ShipmentInfo;
          },
        ),
      },
    });
    const actor = createActor(machine, { input: { orderId: 3, idempotencyKey: 'dialog-key-2' } }).start();
    await waitFor(actor, (s) => s.matches('choosing'));
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

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { RateAnswer, ShipmentInfo } from '../../src/domain/shipping-contract';
import { courierReassignMachine } from '../../src/machines/courier-reassign.machine';
import { describeModel } from './describe-model';
import { model } from './models/courier-reassign.model';

// Changing a booked shipment's courier: the model-based suite, and the rules worth stating on their own.

describeModel(model, (a, e) =>
  expect([a.context.chosen, a.context.error, a.context.quotes.length, a.context.shipment?.awb]).toEqual([
    e.context.chosen,
    e.context.error,
    e.context.quotes.length,
    e.context.shipment?.awb,
  ]),
);

type Quote = RateAnswer['quotes'][number];
const quote = (carrierCode: string, totalPaise: number): Quote => ({
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
  edd: '2026-12-03',
  days: 5,
  tags: [],
  steps: [],
});

async function reassigning(
  reassign: (input: { orderId: number; carrierCode: string; idempotencyKey: string }) => Promise<ShipmentInfo>,
) {
  const machine = courierReassignMachine.provide({
    actors: {
      loadQuotes: fromPromise(async (): Promise<RateAnswer> => ({
        zone: 'D',
        zoneName: '',
        from: { pincode: '', city: '', state: '' },
        to: { pincode: '', city: '', state: '' },
        unserviceable: [],
        quotes: [quote('DE', 6000), quote('EK', 6100)],
      })),
      reassign: fromPromise(({ input }: { input: { orderId: number; carrierCode: string; idempotencyKey: string } }) =>
        reassign(input),
      ),
    },
  });
  const actor = createActor(machine, {
    input: { orderId: 3, currentCarrierCode: 'DE', idempotencyKey: 'dialog-key-9' },
  }).start();
  await waitFor(actor, (s) => s.matches('choosing'));
  return actor;
}

describe('changing the courier of a shipment', () => {
  it('picks nothing for the seller, refuses the current courier, and books only after the confirmation', async () => {
    const calls: string[] = [];
    const actor = await reassigning(async (input) => {
      calls.push(`${input.carrierCode}:${input.idempotencyKey}`);
      return { awb: '14000000000010', carrierName: 'EK' } as ShipmentInfo;
    });
    expect(actor.getSnapshot().context.chosen).toBeNull();
    actor.send({ type: 'REVIEW' });
    actor.send({ type: 'CHOOSE', carrierCode: 'DE' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.chosen).toBeNull();
    actor.send({ type: 'CHOOSE', carrierCode: 'EK' });
    actor.send({ type: 'REVIEW' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(calls).toEqual([]);
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('reassigned'));
    expect(calls).toEqual(['EK:dialog-key-9']);
  });

  it('after a refusal the same idempotency key is sent again, so a move that went through is not booked twice', async () => {
    const keys: string[] = [];
    let fail = true;
    const actor = await reassigning(async (input) => {
      keys.push(input.idempotencyKey);
      if (fail) throw { status: 0, message: 'You are offline' };
      return { awb: '14000000000011' } as ShipmentInfo;
    });
    actor.send({ type: 'CHOOSE', carrierCode: 'EK' });
    actor.send({ type: 'REVIEW' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('You are offline');
    fail = false;
    actor.send({ type: 'RETRY' });
    await waitFor(actor, (s) => s.matches('reassigned'));
    expect(keys).toEqual(['dialog-key-9', 'dialog-key-9']);
  });
});

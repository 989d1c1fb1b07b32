import { answer, send } from './call';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { errorOf, type TestServer } from './harness';
import { creditWallet, demoTokens, newShippableOrder, startDemoServer, verifiedPickup } from './helpers';

// Moving a forward order's booked shipment to another courier through the API, as the order
// page's Change courier does: what the history says, and the repeats that must not book again.

describe('changing the courier of a shipment', () => {
  let s: TestServer;
  let meera: string;
  let pickupId: number;
  beforeAll(async () => {
    s = await startDemoServer();
    const tokens = await demoTokens(s);
    meera = tokens.meera;
    const pickup = await verifiedPickup(s, meera);
    pickupId = pickup.pickupId;
    await creditWallet(s, tokens.staff, pickup.orgId, 20_000, 'Test float for courier changes');
  });
  afterAll(() => s.close());

  const balance = async () => (await answer(s, API_WALLET.wallet, { token: meera })).balancePaise;
  const quotesOf = async (orderId: number) =>
    (await answer(s, API_SHIPPING.courierQuotes, { params: { orderId }, token: meera })).quotes.filter(
      (q) => !q.hyperlocal,
    );
  const ship = async (orderId: number, carrierCode: string) =>
    answer(s, API_SHIPPING.ship, { params: { orderId }, body: { carrierCode }, token: meera });
  const reassign = (orderId: number, carrierCode: string, idempotencyKey?: string) =>
    send(s, API_SHIPPING.reassign, { params: { orderId }, body: { carrierCode, idempotencyKey }, token: meera });
  const historyOf = async (orderId: number) =>
    (await answer(s, API_ORDERS.order, { params: { orderId }, token: meera })).history;

  it('the order’s history says where it moved from, what was refunded and what the new AWB cost', async () => {
    const o = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const [a, b] = await quotesOf(o.orderId);
    const first = await ship(o.orderId, a.carrierCode);
    const moved = await answer(s, API_SHIPPING.reassign, {
      params: { orderId: o.orderId },
      body: { carrierCode: b.carrierCode, idempotencyKey: 'history-key-1' },
      token: meera,
    });
    const last = (await historyOf(o.orderId)).at(-1)!;
    expect(last).toMatchObject({ fromStatus: 'PKP_SCH', toStatus: 'PKP_SCH' });
    expect(last.note).toBe(
      `Reassigned from ${a.carrierName} (AWB ${first.awb}, ${rupees(first.totalPaise)} refunded) to ${b.carrierName}, AWB ${moved.awb}, ${rupees(moved.totalPaise)}`,
    );
  });

  it('refuses to move a shipment to the courier it is already with, naming the courier, and books nothing', async () => {
    const o = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const [a] = await quotesOf(o.orderId);
    const first = await ship(o.orderId, a.carrierCode);
    const before = await balance();
    expect(await errorOf(await reassign(o.orderId, a.carrierCode, 'same-courier-1'))).toMatchObject({
      status: 409,
      message: `This shipment is already with ${a.carrierName}: choose another courier`,
    });
    expect(await balance()).toBe(before);
    const bad = await errorOf(await reassign(o.orderId, 'NOPE', 'bad-courier-1'));
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/^Courier must be one of /);
    const now = await answer(s, API_SHIPPING.shipment, { params: { orderId: o.orderId }, token: meera });
    expect(now).toMatchObject({ awb: first.awb, state: 'BOOKED' });
  });

  it('two requests to move it to the same courier, from two tabs at once, move it once and charge once', async () => {
    const o = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const [a, b] = await quotesOf(o.orderId);
    const first = await ship(o.orderId, a.carrierCode);
    const before = await balance();
    const answers = await Promise.all([
      reassign(o.orderId, b.carrierCode, 'tab-key-1'),
      reassign(o.orderId, b.carrierCode, 'tab-key-2'),
    ]);
    // and one more from a tab that saw neither answer
    answers.push(await reassign(o.orderId, b.carrierCode, 'tab-key-3'));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await balance()).toBe(before + first.totalPaise - b.totalPaise);
    expect((await historyOf(o.orderId)).filter((h) => h.note?.startsWith('Reassigned'))).toHaveLength(1);
  });
});

const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_B2B, type B2bOrderDetail } from '../../src/domain/b2b-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { b2bPickups, orders } from '../../server/db/schema';
import { errorOf, startTestServer, type TestServer } from './harness';
import { answer, send } from './call';
import { invitedUser } from './team-helpers';
import { b2bSeller, bookedB2bOrder, later, newB2bOrder, type B2bSeller } from './b2b-freight-setup';

// A first-mile pickup of a booked B2B consignment (the sandbox's freight carriers here; Gati's and
// Delhivery LTL's own APIs in b2b-standins.test.ts). The test's clock is Friday 20 Nov 2026,
// 12:00 IST: today is open until 2 pm for the 1 pm and 4 pm slots; Sunday is the 22nd.

let s: TestServer;
let seller: B2bSeller;

beforeAll(async () => {
  s = await startTestServer();
  seller = await b2bSeller(s);
});
afterAll(() => s.close());

const ask = (order: B2bOrderDetail, body: Record<string, unknown>, token = seller.token) =>
  send(s, API_B2B.requestPickup, { token, params: { orderId: order.orderId }, body: body as never });
const TODAY_1PM = { pickupDate: '2026-11-20', readyAt: '13:00' } as const;

async function pickupRows(orderId: number) {
  return s.deps.db.select().from(b2bPickups).where(eq(b2bPickups.orderId, orderId));
}

describe('asking for a pickup', () => {
  it.each(['GT', 'DE-LTL'] as const)(
    '%s: the boxes and weight are the order’s, the carrier’s id is kept, and it is not offered again',
    async (carrierCode) => {
      const order = await bookedB2bOrder(s, seller, carrierCode);
      expect(order.actions.requestPickup).toBe(true);
      expect(order.pickup).toBeNull();
      const asked = await answer(s, API_B2B.requestPickup, {
        token: seller.token,
        params: { orderId: order.orderId },
        body: TODAY_1PM,
      });
      expect(asked.pickup).toMatchObject({
        carrierCode,
        pickupDate: '2026-11-20',
        readyAt: '13:00',
        whenText: '20 Nov 2026, from 01:00 pm',
        boxCount: 3,
        weightKg: order.boxes.reduce((kg, b) => kg + b.weightKg * b.count, 0),
        status: 'REQUESTED',
        statusText: 'Pickup asked for',
      });
      expect(asked.pickup!.carrierPickupId).toMatch(/\S/);
      expect(asked.actions.requestPickup).toBe(false);
      const again = await answer(s, API_B2B.one, { token: seller.token, params: { orderId: order.orderId } });
      expect(again.pickup).toEqual(asked.pickup);
    },
  );

  it('a repeat, and two at once, reach the carrier once', async () => {
    const order = await bookedB2bOrder(s, seller);
    await answer(s, API_B2B.requestPickup, {
      token: seller.token,
      params: { orderId: order.orderId },
      body: TODAY_1PM,
    });
    expect(await errorOf(await ask(order, { pickupDate: '2026-11-21', readyAt: '10:00' }))).toMatchObject({
      status: 409,
      message: 'A pickup is asked for already, on 20 Nov 2026',
    });
    const other = await bookedB2bOrder(s, seller);
    const both = await Promise.all([ask(other, TODAY_1PM), ask(other, TODAY_1PM)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await pickupRows(other.orderId)).toHaveLength(1);
  });

  it('a pickup whose day passed without the boxes lapses, and another may be asked for', async () => {
    const order = await bookedB2bOrder(s, seller);
    await answer(s, API_B2B.requestPickup, {
      token: seller.token,
      params: { orderId: order.orderId },
      body: TODAY_1PM,
    });
    // Monday 23 Nov, 11:00 IST
    const next = await later(s, seller, 3 * 24 * 3600_000 - 3600_000, async () => {
      const lapsed = await answer(s, API_B2B.one, { token: seller.token, params: { orderId: order.orderId } });
      expect(lapsed.pickup).toMatchObject({ status: 'LAPSED', statusText: 'Not picked up on the day: ask again' });
      expect(lapsed.actions.requestPickup).toBe(true);
      return answer(s, API_B2B.requestPickup, {
        token: seller.token,
        params: { orderId: order.orderId },
        body: { pickupDate: '2026-11-23', readyAt: '16:00' },
      });
    });
    expect(next.pickup).toMatchObject({ pickupDate: '2026-11-23', readyAt: '16:00', status: 'REQUESTED' });
    expect(await pickupRows(order.orderId)).toHaveLength(2);
  });
});

describe('refusals', () => {
  it('names the day or time that cannot be asked for, by its label', async () => {
    const order = await bookedB2bOrder(s, seller);
    const cases: [Record<string, unknown>, string][] = [
      [
        { pickupDate: '2026-11-19', readyAt: '13:00' },
        'Pickup date must be between 20 Nov 2026 and 26 Nov 2026 (today and the next 6 days)',
      ],
      [
        { pickupDate: '2026-11-22', readyAt: '10:00' },
        'Pickup date 22 Nov 2026 is a Sunday, when freight carriers do not collect: choose another day',
      ],
      [
        { pickupDate: '2026-11-20', readyAt: '10:00' },
        'Ready from: 10:00 am has passed today; choose a later time or day',
      ],
      [{ pickupDate: '2026-11-21', readyAt: '11:00' }, 'Ready from must be one of 10:00 am, 01:00 pm, 04:00 pm'],
      [{ pickupDate: '2026-11-21' }, 'Ready from is required'],
      [{ pickupDate: '21/11/2026', readyAt: '10:00' }, 'Pickup date must be a date as yyyy-mm-dd'],
    ];
    for (const [body, message] of cases)
      expect(await errorOf(await ask(order, body))).toMatchObject({ status: 400, message });
    // 2:30 pm: today's pickups are closed
    const late = await later(s, seller, 2.5 * 3600_000, async () =>
      errorOf(await ask(order, { ...TODAY_1PM, readyAt: '16:00' })),
    );
    expect(late).toMatchObject({
      status: 400,
      message: "Pickup date: today's pickups close at 02:00 pm; choose a later day",
    });
    expect(await pickupRows(order.orderId)).toHaveLength(0);
  });

  it('refuses an order not booked, a self-drop, a cancelled and a delivered one, in words', async () => {
    const unbooked = await newB2bOrder(s, seller);
    expect(unbooked.actions.requestPickup).toBe(false);
    expect(await errorOf(await ask(unbooked, TODAY_1PM))).toMatchObject({
      status: 409,
      message: 'Book this order with a carrier before asking for its pickup',
    });
    const selfDrop = await bookedB2bOrder(s, seller, 'GT', { handover: 'SELF_DROP' });
    expect(selfDrop.actions.requestPickup).toBe(false);
    expect(await errorOf(await ask(selfDrop, TODAY_1PM))).toMatchObject({
      status: 409,
      message: "This order is a self-drop: the boxes are taken to the carrier's hub, so no pickup is asked for",
    });
    const cancelled = await bookedB2bOrder(s, seller);
    await answer(s, API_B2B.requestPickup, {
      token: seller.token,
      params: { orderId: cancelled.orderId },
      body: TODAY_1PM,
    });
    const gone = await answer(s, API_B2B.cancel, {
      token: seller.token,
      params: { orderId: cancelled.orderId },
      body: { reason: 'Distributor changed the order' },
    });
    expect(gone.pickup).toMatchObject({ status: 'CANCELLED', statusText: 'Cancelled with the order' });
    expect(await errorOf(await ask(cancelled, TODAY_1PM))).toMatchObject({
      status: 409,
      message: 'This order is cancelled: there is nothing to pick up',
    });
    const delivered = await bookedB2bOrder(s, seller);
    await s.deps.db
      .update(orders)
      .set({ status: 'DLV' })
      .where(and(eq(orders.id, delivered.orderId)));
    expect(await errorOf(await ask(delivered, TODAY_1PM))).toMatchObject({
      status: 409,
      message: 'The boxes are with the carrier already: no pickup is needed',
    });
  });

  it('another seller’s order is 404, and it needs the ship permission', async () => {
    const order = await bookedB2bOrder(s, seller);
    const other = await b2bSeller(s);
    expect((await errorOf(await ask(order, TODAY_1PM, other.token))).status).toBe(404);
    const role = await answer(s, API_TEAM.addRole, {
      token: seller.token,
      body: { roleName: 'Pickup readers', permissions: ['orders.view'] },
    });
    const reader = await invitedUser(s, seller.token, 'reader-pickup@team.test', { teamRoleId: role.roleId });
    expect((await errorOf(await ask(order, TODAY_1PM, reader.token))).status).toBe(403);
    expect(await pickupRows(order.orderId)).toHaveLength(0);
  });
});

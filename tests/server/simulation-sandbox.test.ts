import { API_SIMULATION } from '../../src/domain/simulation-contract';
import { answer, send } from './call';
import { pathOf } from '../../src/domain/operation';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { accounts, orders, organisations } from '../../server/db/schema';
import { SIMULATION_SANDBOX, SIMULATION_SANDBOX_ONLY } from '../../server/modules/simulation/sandbox';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { errorOf, type TestServer } from './harness';
import { creditWallet, demoTokens, MEERA, newShippableOrder, startDemoServer, verifiedPickup } from './helpers';

// The staff simulation's test order never touches the seller it was made for: it is made and
// charged on the platform's own sandbox organisation, so the seller's wallet, ledger, order list
// and counts stay exactly as they were, and the simulation still runs end to end.

describe('a simulation test order lives on the sandbox, never on the seller', () => {
  let s: TestServer;
  let t: Awaited<ReturnType<typeof demoTokens>>;
  let meeraAccount: number;
  let meeraOrg: number;
  let meeraPickup: number;

  /** Everything of Meera's money and orders a simulation could have touched. */
  async function meeraBooks() {
    const token = t.meera;
    const query = { pageNumber: 1, recordsPerPage: 100 };
    return {
      wallet: await answer(s, API_WALLET.wallet, { token }),
      ledger: await answer(s, API_WALLET.history, { query, token }),
      orders: await answer(s, API_ORDERS.orders, { query, token }),
      counts: await answer(s, API_ORDERS.counts, { token }),
      charges: await answer(s, API_WALLET.shippingCharges, { query, token }),
    };
  }

  const testOrder = async () =>
    answer(s, API_SIMULATION.testOrder, { body: { accountId: meeraAccount }, token: t.staff });

  beforeAll(async () => {
    s = await startDemoServer();
    t = await demoTokens(s);
    ({ orgId: meeraOrg, pickupId: meeraPickup } = await verifiedPickup(s, t.meera));
    await creditWallet(s, t.staff, meeraOrg, 5_000, 'Float for the simulation');
    [{ id: meeraAccount }] = await s.deps.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, MEERA.email));
  });
  afterAll(() => s?.close());

  it("leaves the seller's wallet, ledger, orders and counts unchanged, and still runs to delivered", async () => {
    const before = await meeraBooks();
    const order = await testOrder();
    expect(order.status).toBe('PKP_SCH');
    expect(order.trackingNumber).toBeTruthy();
    for (const step of ['PKD', 'INT', 'OFD', 'DLV'] as const) {
      const moved = await answer(s, API_SIMULATION.step, {
        params: { orderId: order.orderId },
        body: { step },
        token: t.staff,
      });
      expect(moved.status).toBe(step);
    }
    expect(await meeraBooks()).toEqual(before);
    // the seller cannot open it: it is not theirs
    expect((await s.request(pathOf(API_ORDERS.order, { orderId: order.orderId }), { token: t.meera })).status).toBe(
      404,
    );
    // it belongs to the platform's sandbox, shipped from a copy of the seller's pickup address
    const [row] = await s.deps.db
      .select({ orgId: orders.orgId, city: orders.pickup, company: organisations.companyName })
      .from(orders)
      .innerJoin(organisations, eq(organisations.id, orders.orgId))
      .where(eq(orders.id, order.orderId));
    expect(row.orgId).not.toBe(meeraOrg);
    expect(row.company).toBe(SIMULATION_SANDBOX.companyName);
    expect(order.sellerName).toBe(SIMULATION_SANDBOX.companyName);
    expect((row.city as { pincode?: string }).pincode).toBe('302003');
  });

  it("refuses simulated steps and runs on a seller's real order: fake scans would move their money", async () => {
    const made = await newShippableOrder(s, t.meera, meeraPickup, { paymentMethod: 'COD' });
    await answer(s, API_SHIPPING.ship, {
      params: { orderId: made.orderId },
      body: { carrierCode: 'DE', idempotencyKey: 'sandbox-real-order' },
      token: t.meera,
    });
    const before = await meeraBooks();
    const refused = await errorOf(
      await send(s, API_SIMULATION.step, { params: { orderId: made.orderId }, body: { step: 'PKD' }, token: t.staff }),
    );
    expect(refused).toMatchObject({ status: 409, message: SIMULATION_SANDBOX_ONLY });
    const run = await send(s, API_SIMULATION.run, {
      params: { orderId: made.orderId },
      body: { steps: ['PKD', 'INT', 'OFD', 'DLV'], intervalSeconds: 1 },
      token: t.staff,
    });
    expect(await errorOf(run)).toMatchObject({ status: 409, message: SIMULATION_SANDBOX_ONLY });
    expect(await meeraBooks()).toEqual(before);
    // staff may still look at it
    expect((await send(s, API_SIMULATION.order, { params: { orderId: made.orderId }, token: t.staff })).status).toBe(
      200,
    );
  });

  it('opens an order by its AWB for staff only; an unknown AWB is said so, a blank one named', async () => {
    const order = await testOrder();
    const awb = order.trackingNumber!;
    expect(await answer(s, API_SIMULATION.orderByAwb, { params: { awb }, token: t.staff })).toEqual({
      orderId: order.orderId,
    });
    // as typed in lower case too
    expect(await answer(s, API_SIMULATION.orderByAwb, { params: { awb: awb.toLowerCase() }, token: t.staff })).toEqual({
      orderId: order.orderId,
    });
    const unknown = await send(s, API_SIMULATION.orderByAwb, { params: { awb: 'NOSUCHAWB123' }, token: t.staff });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe('No order has that AWB');
    const blank = await s.request(pathOf(API_SIMULATION.orderByAwb, { awb: ' ' }), { token: t.staff });
    expect(blank.status).toBe(400);
    expect((await errorOf(blank)).message).toMatch(/AWB/);
    // a seller may not look across accounts
    const seller = await send(s, API_SIMULATION.orderByAwb, { params: { awb }, token: t.meera });
    expect([403, 404]).toContain(seller.status);
  });

  it('makes the sandbox once, even for test orders asked for at the same time', async () => {
    const made = await Promise.all([testOrder(), testOrder()]);
    const orgs = await s.deps.db
      .select({ orgId: orders.orgId })
      .from(orders)
      .where(
        inArray(
          orders.id,
          made.map((o) => o.orderId),
        ),
      );
    const sandboxes = await s.deps.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.companyName, SIMULATION_SANDBOX.companyName));
    expect(sandboxes).toHaveLength(1);
    expect(orgs.every((o) => o.orgId === sandboxes[0].id)).toBe(true);
  });
});

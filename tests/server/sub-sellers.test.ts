import { pathOf } from '../../src/domain/operation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { answer, answerOf, send } from './call';
import { errorOf, startTestServer, type TestServer } from './harness';
import { login, newShippableOrder } from './helpers';
import { pickupAddresses, shipments } from '../../server/db/schema';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_SETUP } from '../../src/domain/setup-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { eq } from 'drizzle-orm';
import { API_TEAM } from '../../src/domain/team-contract';
import { fund, invitationToken, ownerOn } from './team-helpers';

// Sub-sellers: their own organisations. Tenancy: a sub-seller never sees its parent's or a
// sibling's data; a parent sees its children's only through the consolidated views.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 60_000);
afterAll(() => s?.close());

async function pickup(token: string) {
  const a = await answer(s, API_SETUP.addAddress, {
    token,
    body: {
      entityName: 'Depot',
      phoneNumber: '9123456780',
      email: 'p@m.in',
      addressLine1: 'MG Road',
      pincode: '302003',
    },
  });
  await s.deps.db.update(pickupAddresses).set({ verifiedAt: s.clock.now }).where(eq(pickupAddresses.id, a.addressId));
  return a.addressId;
}

async function subSeller(parent: string, n: number) {
  const email = `child${n}@subs.test`;
  const made = await answer(s, API_TEAM.newSeller, {
    token: parent,
    body: { companyName: `Child ${n} Traders`, firstName: 'Ravi', lastName: 'Kumar', email, phone: '9876512345' },
  });
  const invitation = await invitationToken(s, email);
  await answer(s, API_TEAM.acceptInvitation, {
    body: { invitationToken: invitation, password: 'Child@1234', confirmPassword: 'Child@1234' },
  });
  return { ...made, token: (await login(s, { email, password: 'Child@1234' })).token };
}

describe('sub-sellers', () => {
  it('come with Premium: a Lite owner is refused with the upgrade hint', async () => {
    const lite = await ownerOn(s, 'LITE');
    expect(
      await errorOf(
        await send(s, API_TEAM.newSeller, {
          token: lite.token,
          body: { companyName: 'Nope Co', firstName: 'A', lastName: 'B', email: 'nope@subs.test', phone: '9876512345' },
        }),
      ),
    ).toMatchObject({ status: 403, message: expect.stringContaining('Premium') });
  });

  it('refuse bad input by label', async () => {
    const parent = await ownerOn(s, 'PREMIUM');
    expect(
      await errorOf(
        await send(s, API_TEAM.newSeller, {
          token: parent.token,
          body: { companyName: 'X', firstName: 'A', lastName: 'B', email: 'x@subs.test', phone: '9876512345' },
        }),
      ),
    ).toMatchObject({ status: 400, message: expect.stringMatching(/company name/i) });
  });

  it('tenancy: a child sees neither its parent nor its sibling; the parent sees children only consolidated', async () => {
    const parent = await ownerOn(s, 'PREMIUM');
    const a = await subSeller(parent.token, 1);
    const b = await subSeller(parent.token, 2);
    const parentOrder = await newShippableOrder(s, parent.token, await pickup(parent.token));
    const aOrder = await newShippableOrder(s, a.token, await pickup(a.token));
    const bOrder = await newShippableOrder(s, b.token, await pickup(b.token));
    const get = (token: string, id: number) => s.request(pathOf(API_ORDERS.order, { orderId: id }), { token });
    expect((await get(a.token, parentOrder.orderId)).status).toBe(404);
    expect((await get(a.token, bOrder.orderId)).status).toBe(404);
    expect((await get(parent.token, aOrder.orderId)).status).toBe(404);
    const own = await answer(s, API_ORDERS.orders, { token: parent.token });
    expect(own.items.map((o) => o.orderId)).toEqual([parentOrder.orderId]);
    // consolidated: all three, and one child with the filter
    const all = await answer(s, API_TEAM.consolidatedOrders, { token: parent.token });
    expect(all.items.map((o) => o.orderId).sort()).toEqual(
      [parentOrder.orderId, aOrder.orderId, bOrder.orderId].sort(),
    );
    // pages of one, newest first, with the page it is
    const second = await answer(s, API_TEAM.consolidatedOrders, {
      query: { pageNumber: 1, recordsPerPage: 1 },
      token: parent.token,
    });
    expect(second).toMatchObject({ total: 3, pageNumber: 1, recordsPerPage: 1 });
    expect(second.items).toHaveLength(1);
    expect(all.items[1].orderId).toBe(second.items[0].orderId);
    const onlyA = await answer(s, API_TEAM.consolidatedOrders, {
      query: { sellerOrgId: a.orgId },
      token: parent.token,
    });
    expect(onlyA.items.map((o) => [o.orderId, o.companyName])).toEqual([[aOrder.orderId, 'Child 1 Traders']]);
    // a child's consolidated view is its own; it cannot name its parent or sibling
    const childView = await answer(s, API_TEAM.consolidatedOrders, { token: a.token });
    expect(childView.items.map((o) => o.orderId)).toEqual([aOrder.orderId]);
    const orders = (sellerOrgId: number, token: string) =>
      send(s, API_TEAM.consolidatedOrders, { query: { sellerOrgId }, token });
    expect((await orders(b.orgId, a.token)).status).toBe(404);
    expect((await orders(parent.orgId, a.token)).status).toBe(404);
    // another parent cannot reach these children
    const stranger = await ownerOn(s, 'PREMIUM');
    expect((await orders(a.orgId, stranger.token)).status).toBe(404);
    const switchInto = (orgId: number, token: string) => send(s, API_TEAM.switchSeller, { params: { orgId }, token });
    expect((await switchInto(a.orgId, stranger.token)).status).toBe(404);
    expect((await switchInto(parent.orgId, a.token)).status).toBe(404);
    // wallets side by side
    await fund(s, a.orgId, 12_345);
    const wallets = await answer(s, API_TEAM.consolidatedWallets, { token: parent.token });
    expect(wallets.find((w) => w.orgId === a.orgId)?.walletBalancePaise).toBe(12_345);
    expect((await s.request(API_WALLET.wallet.path, { token: parent.token })).status).toBe(200);
    // the list, with search
    const list = await answer(s, API_TEAM.sellers, { query: { searchPattern: 'child 2' }, token: parent.token });
    expect(list.map((x) => x.orgId)).toEqual([b.orgId]);
    expect(list[0].parentAccountId).toBe(Number(parent.claims.sub));
  });

  it('consolidated wallet lines and shipments: the parent sees its children’s, a child only its own', async () => {
    const parent = await ownerOn(s, 'PREMIUM');
    const a = await subSeller(parent.token, 4);
    const b = await subSeller(parent.token, 5);
    const stranger = await ownerOn(s, 'PREMIUM');
    await fund(s, parent.orgId, 1_000);
    await fund(s, a.orgId, 2_000);
    await fund(s, a.orgId, 500);
    await fund(s, b.orgId, 3_000);
    await fund(s, stranger.orgId, 9_999);
    // a booked shipment per seller (the booking itself is the shipping tests' subject)
    const booked = async (org: { orgId: number; token: string }, n: number) => {
      const o = await newShippableOrder(s, org.token, await pickup(org.token));
      const [row] = await s.deps.db
        .insert(shipments)
        .values({
          orgId: org.orgId,
          orderId: o.orderId,
          carrierCode: 'DE',
          awb: `SUBS${n}${org.orgId}`,
          zone: 'D',
          chargedWeightKg: 1.2,
          freightPaise: 8_000,
          codChargePaise: 0,
          gstPaise: 1_440,
          totalPaise: 9_440,
          rtoChargePaise: 8_000,
          quoteSteps: [],
          shortCode: `sub${n}${org.orgId}`,
          bookedAt: s.clock.now,
        })
        .returning({ id: shipments.id });
      return row.id;
    };
    const [pShip, aShip, bShip] = [await booked(parent, 1), await booked(a, 2), await booked(b, 3)];
    await booked(stranger, 4);
    const lines = (token: string, q = '') => s.request(`${API_TEAM.consolidatedWalletHistory.path}${q}`, { token });
    const ships = (token: string, q = '') => s.request(`${API_TEAM.consolidatedShipments.path}${q}`, { token });

    const all = await answerOf(API_TEAM.consolidatedWalletHistory, await lines(parent.token));
    expect(all.total).toBe(4);
    expect(all.items.map((l) => [l.orgId, l.amountPaise]).sort()).toEqual(
      [
        [parent.orgId, 1_000],
        [a.orgId, 2_000],
        [a.orgId, 500],
        [b.orgId, 3_000],
      ].sort(),
    );
    // each line carries its own wallet's balance after it, and the seller's name
    const aLines = await answerOf(
      API_TEAM.consolidatedWalletHistory,
      await lines(parent.token, `?sellerOrgId=${a.orgId}`),
    );
    expect(aLines.items.map((l) => [l.companyName, l.amountPaise, l.balanceAfterPaise])).toEqual([
      ['Child 4 Traders', 500, 2_500],
      ['Child 4 Traders', 2_000, 2_000],
    ]);
    // paging
    const page = await answerOf(
      API_TEAM.consolidatedWalletHistory,
      await lines(parent.token, '?pageNumber=1&recordsPerPage=3'),
    );
    expect([page.items.length, page.total]).toEqual([1, 4]);

    const allShips = await answerOf(API_TEAM.consolidatedShipments, await ships(parent.token));
    expect(allShips.items.map((x) => x.shipmentId).sort()).toEqual([pShip, aShip, bShip].sort());
    expect(allShips.items.find((x) => x.shipmentId === bShip)).toMatchObject({
      orgId: b.orgId,
      companyName: 'Child 5 Traders',
      state: 'BOOKED',
      chargePaise: 9_440,
    });
    expect(
      (await answerOf(API_TEAM.consolidatedShipments, await ships(parent.token, `?sellerOrgId=${b.orgId}`))).items.map(
        (x) => x.shipmentId,
      ),
    ).toEqual([bShip]);

    // a child sees its own only, and cannot name its parent, its sibling or a stranger
    expect(
      (await answerOf(API_TEAM.consolidatedWalletHistory, await lines(a.token))).items.map((l) => l.orgId),
    ).toEqual([a.orgId, a.orgId]);
    expect(
      (await answerOf(API_TEAM.consolidatedShipments, await ships(a.token))).items.map((x) => x.shipmentId),
    ).toEqual([aShip]);
    for (const other of [parent.orgId, b.orgId, stranger.orgId]) {
      expect((await lines(a.token, `?sellerOrgId=${other}`)).status).toBe(404);
      expect((await ships(a.token, `?sellerOrgId=${other}`)).status).toBe(404);
    }
    // another parent cannot reach these children; nor does the parent see a stranger's
    expect((await lines(stranger.token, `?sellerOrgId=${a.orgId}`)).status).toBe(404);
    expect((await ships(stranger.token, `?sellerOrgId=${a.orgId}`)).status).toBe(404);
    expect((await lines(parent.token, `?sellerOrgId=${stranger.orgId}`)).status).toBe(404);
    // the parent's own wallet history stays its own
    const own = await answer(s, API_WALLET.history, { token: parent.token });
    expect(own.items.map((l) => l.amountPaise)).toEqual([1_000]);
    // bad input names the field
    expect(await errorOf(await lines(parent.token, '?sellerOrgId=abc'))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/seller/i),
    });
  });

  it('the parent switches into a child: a short session as the child’s owner that sees the child’s data', async () => {
    const parent = await ownerOn(s, 'PREMIUM');
    const child = await subSeller(parent.token, 3);
    const order = await newShippableOrder(s, child.token, await pickup(child.token));
    const { accessToken } = await answer(s, API_TEAM.switchSeller, {
      params: { orgId: child.orgId },
      token: parent.token,
    });
    expect(decodeJwt(accessToken)).toMatchObject({ oid: child.orgId, role: 'OWNER' });
    expect((await s.request(pathOf(API_ORDERS.order, { orderId: order.orderId }), { token: accessToken })).status).toBe(
      200,
    );
    // a sub-seller has no sub-sellers of its own
    expect(
      (
        await send(s, API_TEAM.newSeller, {
          token: child.token,
          body: {
            companyName: 'Grandchild Co',
            firstName: 'A',
            lastName: 'B',
            email: 'gc@subs.test',
            phone: '9876512345',
          },
        })
      ).status,
    ).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { dataOf, errorOf, startTestServer, type TestServer } from './harness';
import { login, newShippableOrder } from './helpers';
import { pickupAddresses } from '../../server/db/schema';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_SETUP, type PickupAddressRow } from '../../src/domain/setup-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { eq } from 'drizzle-orm';
import { API_TEAM, type ConsolidatedOrder, type SubSeller } from '../../src/domain/team-contract';
import { fund, invitationToken, ownerOn } from './team-helpers';

// Sub-sellers: their own organisations. Tenancy: a sub-seller never sees its parent's or a
// sibling's data; a parent sees its children's only through the consolidated views.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 60_000);
afterAll(() => s?.close());

async function pickup(token: string) {
  const a = await dataOf<PickupAddressRow>(
    await s.request(API_SETUP.addresses, {
      method: 'POST',
      token,
      json: {
        entityName: 'Depot',
        phoneNumber: '9123456780',
        email: 'p@m.in',
        addressLine1: 'MG Road',
        pincode: '302003',
      },
    }),
  );
  await s.deps.db.update(pickupAddresses).set({ verifiedAt: s.clock.now }).where(eq(pickupAddresses.id, a.addressId));
  return a.addressId;
}

async function subSeller(parent: string, n: number) {
  const email = `child${n}@subs.test`;
  const made = await dataOf<SubSeller>(
    await s.request(API_TEAM.newSeller, {
      method: 'POST',
      token: parent,
      json: { companyName: `Child ${n} Traders`, firstName: 'Ravi', lastName: 'Kumar', email, phone: '9876512345' },
    }),
  );
  const invitation = await invitationToken(s, email);
  await dataOf(
    await s.request(API_TEAM.acceptInvitation, {
      method: 'POST',
      json: { invitationToken: invitation, password: 'Child@1234', confirmPassword: 'Child@1234' },
    }),
  );
  return { ...made, token: (await login(s, { email, password: 'Child@1234' })).token };
}

describe('sub-sellers', () => {
  it('come with Premium: a Lite owner is refused with the upgrade hint', async () => {
    const lite = await ownerOn(s, 'LITE');
    expect(
      await errorOf(
        await s.request(API_TEAM.newSeller, {
          method: 'POST',
          token: lite.token,
          json: { companyName: 'Nope Co', firstName: 'A', lastName: 'B', email: 'nope@subs.test', phone: '9876512345' },
        }),
      ),
    ).toMatchObject({ status: 403, message: expect.stringContaining('Premium') });
  });

  it('refuse bad input by label', async () => {
    const parent = await ownerOn(s, 'PREMIUM');
    expect(
      await errorOf(
        await s.request(API_TEAM.newSeller, {
          method: 'POST',
          token: parent.token,
          json: { companyName: 'X', firstName: 'A', lastName: 'B', email: 'x@subs.test', phone: '9876512345' },
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
    const get = (token: string, id: number) => s.request(API_ORDERS.order(id), { token });
    expect((await get(a.token, parentOrder.orderId)).status).toBe(404);
    expect((await get(a.token, bOrder.orderId)).status).toBe(404);
    expect((await get(parent.token, aOrder.orderId)).status).toBe(404);
    const own = await dataOf<{ items: { orderId: number }[] }>(
      await s.request(API_ORDERS.orders, { token: parent.token }),
    );
    expect(own.items.map((o) => o.orderId)).toEqual([parentOrder.orderId]);
    // consolidated: all three, and one child with the filter
    const all = await dataOf<{ items: ConsolidatedOrder[]; total: number }>(
      await s.request(API_TEAM.consolidatedOrders, { token: parent.token }),
    );
    expect(all.items.map((o) => o.orderId).sort()).toEqual(
      [parentOrder.orderId, aOrder.orderId, bOrder.orderId].sort(),
    );
    const onlyA = await dataOf<{ items: ConsolidatedOrder[] }>(
      await s.request(`${API_TEAM.consolidatedOrders}?sellerOrgId=${a.orgId}`, { token: parent.token }),
    );
    expect(onlyA.items.map((o) => [o.orderId, o.companyName])).toEqual([[aOrder.orderId, 'Child 1 Traders']]);
    // a child's consolidated view is its own; it cannot name its parent or sibling
    const childView = await dataOf<{ items: ConsolidatedOrder[] }>(
      await s.request(API_TEAM.consolidatedOrders, { token: a.token }),
    );
    expect(childView.items.map((o) => o.orderId)).toEqual([aOrder.orderId]);
    expect((await s.request(`${API_TEAM.consolidatedOrders}?sellerOrgId=${b.orgId}`, { token: a.token })).status).toBe(
      404,
    );
    expect(
      (await s.request(`${API_TEAM.consolidatedOrders}?sellerOrgId=${parent.orgId}`, { token: a.token })).status,
    ).toBe(404);
    // another parent cannot reach these children
    const stranger = await ownerOn(s, 'PREMIUM');
    expect(
      (await s.request(`${API_TEAM.consolidatedOrders}?sellerOrgId=${a.orgId}`, { token: stranger.token })).status,
    ).toBe(404);
    expect((await s.request(API_TEAM.switchSeller(a.orgId), { method: 'POST', token: stranger.token })).status).toBe(
      404,
    );
    expect((await s.request(API_TEAM.switchSeller(parent.orgId), { method: 'POST', token: a.token })).status).toBe(404);
    // wallets side by side
    await fund(s, a.orgId, 12_345);
    const wallets = await dataOf<{ orgId: number; walletBalancePaise: number }[]>(
      await s.request(API_TEAM.consolidatedWallets, { token: parent.token }),
    );
    expect(wallets.find((w) => w.orgId === a.orgId)?.walletBalancePaise).toBe(12_345);
    expect((await s.request(API_WALLET.wallet, { token: parent.token })).status).toBe(200);
    // the list, with search
    const list = await dataOf<SubSeller[]>(
      await s.request(`${API_TEAM.sellers}?searchPattern=child 2`, { token: parent.token }),
    );
    expect(list.map((x) => x.orgId)).toEqual([b.orgId]);
    expect(list[0].parentAccountId).toBe(Number(parent.claims.sub));
  });

  it('the parent switches into a child: a short session as the child’s owner that sees the child’s data', async () => {
    const parent = await ownerOn(s, 'PREMIUM');
    const child = await subSeller(parent.token, 3);
    const order = await newShippableOrder(s, child.token, await pickup(child.token));
    const { accessToken } = await dataOf<{ accessToken: string }>(
      await s.request(API_TEAM.switchSeller(child.orgId), { method: 'POST', token: parent.token }),
    );
    expect(decodeJwt(accessToken)).toMatchObject({ oid: child.orgId, role: 'OWNER' });
    expect((await s.request(API_ORDERS.order(order.orderId), { token: accessToken })).status).toBe(200);
    // a sub-seller has no sub-sellers of its own
    expect(
      (
        await s.request(API_TEAM.newSeller, {
          method: 'POST',
          token: child.token,
          json: {
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

import { pathOf } from '../../src/domain/operation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_RETURNS, type ReturnDetail } from '../../src/domain/returns-contract';
import { API_SETUP } from '../../src/domain/setup-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { PERMISSION_DENIED } from '../../server/http/router';
import { orderEvents, orders } from '../../server/db/schema';
import { answer } from './call';
import { errorOf, type TestServer } from './harness';
import { login, MEERA, SELLER, STAFF, startDemoServer, verifiedPickup } from './helpers';
import { invitedUser } from './team-helpers';

// PUT /api/v1/returns/{returnId}/return-address: the spec's address "update by return order",
// the return's twin of an order's sender address.

describe('a return’s return-to address', () => {
  let s: TestServer;
  let pickupId: number;
  let warehouseId: number;
  const meera = async () => (await login(s, MEERA)).token;

  beforeAll(async () => {
    s = await startDemoServer();
    ({ pickupId } = await verifiedPickup(s, await meera()));
    const w = await answer(s, API_SETUP.addWarehouse, {
      token: await meera(),
      body: {
        warehouseName: 'Sanganer Store',
        contactName: 'Ravi Verma',
        contactEmail: 'store@meera.in',
        contactPhone: '9123456781',
        addressLine1: 'Plot 12, Sitapura',
        pincode: '302022',
      },
    });
    warehouseId = w.warehouseId;
  });
  afterAll(() => s.close());

  async function newReturn(): Promise<ReturnDetail> {
    return answer(s, API_RETURNS.standalone, {
      token: await meera(),
      body: {
        orderNumber: `AMZ-${Math.floor(Math.random() * 1e9)}`,
        channel: 'AMAZON',
        buyerName: 'Arjun Mehta',
        buyerPhone: '9845011223',
        buyerAddress: { line1: '7, MG Road', pincode: '560001' },
        items: [{ name: 'Brass Lamp', sku: 'BL-2', quantity: 1, unitPrice: 899 }],
        reason: 'WRONG_ITEM',
        subReason: 'WRONG_COLOUR',
        returnToKind: 'PICKUP_ADDRESS',
        returnToId: pickupId,
        refundDecision: 'REFUND',
        lengthCm: 10,
        breadthCm: 10,
        heightCm: 20,
        deadWeightKg: 0.5,
      },
    });
  }
  const put = async (returnId: number, json: unknown, token?: string) =>
    s.request(pathOf(API_RETURNS.returnAddress, { returnId }), {
      method: 'PUT',
      token: token ?? (await meera()),
      json,
    });

  it('sends a return back to a warehouse, and back again to the pickup address; the history says so', async () => {
    const r = await newReturn();
    expect(r.returnTo).toMatchObject({ kind: 'PICKUP_ADDRESS', id: pickupId });
    const moved = await answer(s, API_RETURNS.returnAddress, {
      params: { returnId: r.returnId },
      body: { returnToKind: 'WAREHOUSE', returnToId: warehouseId },
      token: await meera(),
    });
    expect(moved.returnTo).toMatchObject({ kind: 'WAREHOUSE', id: warehouseId, entityName: 'Sanganer Store' });
    expect(moved.returnTo.pincode).toBe('302022');
    const [row] = await s.deps.db.select().from(orders).where(eq(orders.id, r.returnId));
    expect(row).toMatchObject({ buyerName: 'Sanganer Store', buyerPhone: '9123456781' });
    expect(row.shipping.pincode).toBe('302022');
    const events = await s.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, r.returnId));
    expect(events.map((e) => e.note)).toContain('Return to Sanganer Store, Jaipur 302022');
    const back = await answer(s, API_RETURNS.returnAddress, {
      params: { returnId: r.returnId },
      body: { returnToKind: 'PICKUP_ADDRESS', returnToId: pickupId },
      token: await meera(),
    });
    expect(back.returnTo).toMatchObject({ kind: 'PICKUP_ADDRESS', id: pickupId });
  });

  it('refuses bad input naming the field by its label', async () => {
    const r = await newReturn();
    expect(await errorOf(await put(r.returnId, { returnToKind: 'HOME', returnToId: pickupId }))).toMatchObject({
      status: 400,
      message: 'Return to must be one of Pickup address, Warehouse',
    });
    expect(await errorOf(await put(r.returnId, { returnToKind: 'WAREHOUSE' }))).toMatchObject({
      status: 400,
      message: 'Return to is required',
    });
    expect(await errorOf(await put(r.returnId, { returnToKind: 'WAREHOUSE', returnToId: 'x' }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Return to /),
    });
    expect(await errorOf(await put(r.returnId, { returnToKind: 'WAREHOUSE', returnToId: 999999 }))).toMatchObject({
      status: 400,
      message: 'Return to: no such warehouse of yours',
    });
  });

  it('is refused once a pickup is booked (409)', async () => {
    const r = await newReturn();
    await s.deps.db.update(orders).set({ status: 'RPS' }).where(eq(orders.id, r.returnId));
    expect(await errorOf(await put(r.returnId, { returnToKind: 'WAREHOUSE', returnToId: warehouseId }))).toMatchObject({
      status: 409,
      message: 'A return that is Return Pickup Scheduled cannot change its return-to address: cancel the pickup first',
    });
  });

  it('another seller’s return is a 404, and stays as it was', async () => {
    const r = await newReturn();
    const other = (await login(s, SELLER)).token;
    expect(
      await errorOf(await put(r.returnId, { returnToKind: 'WAREHOUSE', returnToId: warehouseId }, other)),
    ).toMatchObject({ status: 404 });
    const still = await answer(s, API_RETURNS.one, { params: { returnId: r.returnId }, token: await meera() });
    expect(still.returnTo).toMatchObject({ kind: 'PICKUP_ADDRESS', id: pickupId });
  });

  it('needs Create and ship returns: a role that only views returns, and staff, are refused', async () => {
    const r = await newReturn();
    const owner = await meera();
    const role = await answer(s, API_TEAM.addRole, {
      token: owner,
      body: { roleName: 'Returns viewer', permissions: ['returns.view'] },
    });
    const viewer = await invitedUser(s, owner, 'returns.viewer@meera.in', { role: 'USER', teamRoleId: role.roleId });
    expect(
      await errorOf(await put(r.returnId, { returnToKind: 'WAREHOUSE', returnToId: warehouseId }, viewer.token)),
    ).toMatchObject({ status: 403, message: PERMISSION_DENIED });
    const staff = (await login(s, STAFF)).token;
    expect((await put(r.returnId, { returnToKind: 'WAREHOUSE', returnToId: warehouseId }, staff)).status).toBe(403);
    expect(
      (await s.request(pathOf(API_RETURNS.returnAddress, { returnId: r.returnId }), { method: 'PUT', json: {} }))
        .status,
    ).toBe(401);
  });
});

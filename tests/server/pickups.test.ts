import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_PICKUPS } from '../../src/domain/pickups-contract';
import { pathOf } from '../../src/domain/operation';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { courierPickupLocations, pickupAddresses, pickupRequests, shipments } from '../../server/db/schema';
import { carrierNetwork } from '../../server/carriers/registry';
import { syncPickupRequest } from '../../server/modules/pickups/sync';
import { answer, answerOf } from './call';
import { errorOf, type TestServer } from './harness';
import { creditWallet, demoTokens, newShippableOrder, verifiedPickup } from './helpers';
import { startTestServer } from './harness';
import { seedDemo } from '../../server/seeds/demo-accounts';
import { istDay } from '../../src/domain/format';
import { PICKUP_SYNC_QUEUE } from '../../server/modules/pickups/sync';
import { invitedUser } from './team-helpers';

// Courier pickups through the API: a booked parcel joins its warehouse's request for the day,
// the courier is told by a job under the warehouse name it registered, and the seller moves a
// whole request to another day. The test clock stands at 12:00 IST on 20 Nov 2026.

describe('courier pickup requests', () => {
  let s: TestServer;
  let meera: string;
  let other: string;
  let pickupId: number;
  beforeAll(async () => {
    // no workers: the test runs the pickup job itself, so it knows each run's outcome
    s = await startTestServer({ seed: async (deps) => void (await seedDemo(deps)), config: { workers: false } });
    const tokens = await demoTokens(s);
    meera = tokens.meera;
    other = tokens.seller;
    const pickup = await verifiedPickup(s, meera);
    pickupId = pickup.pickupId;
    await creditWallet(s, tokens.staff, pickup.orgId, 20_000, 'Test float for pickups');
    // the seller typed the name with stray spaces: the courier keeps it normalised
    await s.deps.db
      .update(pickupAddresses)
      .set({ entityName: '  Meera   Jaipur ' })
      .where(eq(pickupAddresses.id, pickupId));
  });
  afterAll(() => s.close());

  const courierOf = async (orderId: number) =>
    (await answer(s, API_SHIPPING.courierQuotes, { params: { orderId }, token: meera })).quotes.filter(
      (q) => !q.hyperlocal,
    )[0].carrierCode;
  const ship = (orderId: number, carrierCode: string, extra: Record<string, unknown> = {}) =>
    s.request(pathOf(API_SHIPPING.ship, { orderId }), {
      method: 'POST',
      json: { carrierCode, ...extra },
      token: meera,
    });
  const list = async (query = '', token = meera) =>
    (await answerOf(API_PICKUPS.list, await s.request(`${API_PICKUPS.list.path}${query}`, { token }))).items;
  const move = (id: number, pickupDate: unknown, token = meera) =>
    s.request(pathOf(API_PICKUPS.move, { pickupRequestId: id }), { method: 'PUT', json: { pickupDate }, token });
  const pickupOfShipment = async (shipmentId: number) =>
    (await s.deps.db.select().from(shipments).where(eq(shipments.id, shipmentId)))[0].pickupRequestId!;
  const spyOnCourier = async (carrierCode: string) => {
    const adapter = (await carrierNetwork(s.deps)).adapters.get(carrierCode)!;
    return {
      requests: vi.spyOn(adapter, 'requestPickup'),
      registrations: vi.spyOn(adapter, 'registerPickupLocation' as never),
    };
  };

  let carrierCode: string;
  let dayRequest: number;
  let courierDay: string;

  it('parcels booked from one warehouse with one courier join one request for the day; the job tells the courier once', async () => {
    const a = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    carrierCode = await courierOf(a.orderId);
    const b = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const sent = vi.spyOn(s.deps.jobs, 'send');
    // no day chosen: the courier's own pickup day (IST)
    const first = await answerOf(API_SHIPPING.ship, await ship(a.orderId, carrierCode));
    const [firstRow] = await s.deps.db.select().from(shipments).where(eq(shipments.id, first.shipmentId));
    courierDay = istDay(firstRow.pickupAt!);
    expect(['2026-11-20', '2026-11-21']).toContain(courierDay);
    const second = await answerOf(API_SHIPPING.ship, await ship(b.orderId, carrierCode, { pickupDate: '2026-11-22' }));
    const third = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const thirdShip = await answerOf(
      API_SHIPPING.ship,
      await ship(third.orderId, carrierCode, { pickupDate: '2026-11-22' }),
    );
    dayRequest = await pickupOfShipment(second.shipmentId);
    expect(await pickupOfShipment(thirdShip.shipmentId)).toBe(dayRequest);
    expect(await pickupOfShipment(first.shipmentId)).not.toBe(dayRequest);
    // each booking queued the job for its request
    const queued = sent.mock.calls.filter(([queue]) => queue === PICKUP_SYNC_QUEUE).map(([, data]) => data);
    expect(queued).toEqual([
      { pickupRequestId: firstRow.pickupRequestId },
      { pickupRequestId: dayRequest },
      { pickupRequestId: dayRequest },
    ]);
    sent.mockRestore();

    const spy = await spyOnCourier(carrierCode);
    expect(await syncPickupRequest(s.deps, dayRequest)).toBe('ASKED');
    // run again (a repeated job): the courier is not asked twice
    expect(await syncPickupRequest(s.deps, dayRequest)).toBe('SETTLED');
    expect(spy.requests).toHaveBeenCalledTimes(1);
    expect(spy.requests.mock.calls[0][0]).toMatchObject({
      locationName: 'Meera Jaipur',
      date: '2026-11-22',
      expectedCount: 2,
    });
    expect(spy.requests.mock.calls[0][0].awbs.sort()).toEqual([second.awb, thirdShip.awb].sort());

    // the other day's request registers nothing again: the courier's name is kept and reused
    const otherDay = await pickupOfShipment(first.shipmentId);
    await s.deps.db
      .update(pickupAddresses)
      .set({ entityName: 'Meera Jaipur Store' })
      .where(eq(pickupAddresses.id, pickupId));
    expect(await syncPickupRequest(s.deps, otherDay)).toBe('ASKED');
    expect(spy.registrations).toHaveBeenCalledTimes(1);
    expect(spy.requests.mock.calls[1][0]).toMatchObject({ locationName: 'Meera Jaipur', date: courierDay });
    const kept = await s.deps.db.select().from(courierPickupLocations);
    expect(kept.map((k) => [k.carrierCode, k.pickupAddressId, k.registeredName])).toEqual([
      [carrierCode, pickupId, 'Meera Jaipur'],
    ]);
    vi.restoreAllMocks();

    const items = await list();
    expect(items.map((i) => [i.pickupDate, i.parcels, i.state])).toEqual([
      ['2026-11-22', 2, 'REQUESTED'],
      [courierDay, 1, 'REQUESTED'],
    ]);
    expect(items[0]).toMatchObject({
      pickupRequestId: dayRequest,
      addressName: 'Meera Jaipur Store',
      carrierCode,
      movable: true,
    });
    expect(items[0].courierPickupId).toMatch(/^PK\d{8}[0-9A-F]{6}$/);
    expect(await list('?fromDate=2026-11-22')).toHaveLength(1);
    expect(await list('?toDate=2026-11-21')).toHaveLength(1);
  });

  it('one more parcel on a requested day raises the count the courier is told', async () => {
    const o = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const booked = await answerOf(API_SHIPPING.ship, await ship(o.orderId, carrierCode, { pickupDate: '2026-11-22' }));
    expect(await pickupOfShipment(booked.shipmentId)).toBe(dayRequest);
    const spy = await spyOnCourier(carrierCode);
    // the job twice at once (two workers): one courier request
    const outcomes = await Promise.all([syncPickupRequest(s.deps, dayRequest), syncPickupRequest(s.deps, dayRequest)]);
    expect(outcomes.sort()).toEqual(['ASKED', 'SETTLED']);
    expect(spy.requests).toHaveBeenCalledTimes(1);
    expect(spy.requests.mock.calls[0][0].expectedCount).toBe(3);
    vi.restoreAllMocks();
    const [row] = await s.deps.db.select().from(pickupRequests).where(eq(pickupRequests.id, dayRequest));
    expect(row).toMatchObject({ expectedCount: 3, requestedCount: 3, state: 'REQUESTED' });
  });

  it('a courier’s refusal leaves the request FAILED with its words and fails the job for a retry', async () => {
    const o = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const booked = await answerOf(API_SHIPPING.ship, await ship(o.orderId, carrierCode, { pickupDate: '2026-11-24' }));
    const id = await pickupOfShipment(booked.shipmentId);
    // the next run happens after the day has passed: the courier refuses a past day
    s.clock.advance(5 * 24 * 3_600_000);
    await expect(syncPickupRequest(s.deps, id)).rejects.toThrow('pickup_date cannot be in the past');
    s.clock.advance(-5 * 24 * 3_600_000);
    const [row] = await s.deps.db.select().from(pickupRequests).where(eq(pickupRequests.id, id));
    expect(row).toMatchObject({ state: 'FAILED', lastError: 'pickup_date cannot be in the past', attempts: 1 });
    // the retry on the right day goes through
    expect(await syncPickupRequest(s.deps, id)).toBe('ASKED');
    const [after] = await s.deps.db.select().from(pickupRequests).where(eq(pickupRequests.id, id));
    expect(after).toMatchObject({ state: 'REQUESTED', lastError: null, attempts: 0 });
  });

  it('refuses a pickup date outside today..+6 days on the ship request, naming Pickup date, and books nothing', async () => {
    const o = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    for (const [pickupDate, message] of [
      ['2026-11-19', 'Pickup date must be between 20 Nov 2026 and 26 Nov 2026 (today and the next 6 days)'],
      ['2026-11-27', 'Pickup date must be between 20 Nov 2026 and 26 Nov 2026 (today and the next 6 days)'],
      ['21-11-2026', 'Pickup date must be a date as yyyy-mm-dd'],
      ['2026-02-30', 'Pickup date is not a real date'],
    ] as const)
      expect(await errorOf(await ship(o.orderId, carrierCode, { pickupDate }))).toMatchObject({ status: 400, message });
    const [row] = await s.deps.db.select().from(shipments).where(eq(shipments.orderId, o.orderId));
    expect(row).toBeUndefined();
  });

  it('moves a whole request to another day; the courier is asked afresh for it', async () => {
    const moved = await answerOf(API_PICKUPS.move, await move(dayRequest, '2026-11-23'));
    expect(moved).toMatchObject({
      pickupRequestId: dayRequest,
      pickupDate: '2026-11-23',
      parcels: 3,
      state: 'PENDING',
    });
    expect(moved.courierPickupId).toBeNull();
    const spy = await spyOnCourier(carrierCode);
    expect(await syncPickupRequest(s.deps, dayRequest)).toBe('ASKED');
    expect(spy.requests.mock.calls[0][0]).toMatchObject({ date: '2026-11-23', expectedCount: 3 });
    vi.restoreAllMocks();
    expect((await list()).find((i) => i.pickupRequestId === dayRequest)?.state).toBe('REQUESTED');
  });

  it('moved onto a day that has a request already, the parcels join it', async () => {
    const today = (await list()).find((i) => i.pickupDate === courierDay)!;
    const joined = await answerOf(API_PICKUPS.move, await move(today.pickupRequestId, '2026-11-23'));
    expect(joined).toMatchObject({ pickupRequestId: dayRequest, pickupDate: '2026-11-23', parcels: 4 });
    expect((await list()).some((i) => i.pickupRequestId === today.pickupRequestId)).toBe(false);
    // the same move again changes nothing more
    expect(await answerOf(API_PICKUPS.move, await move(today.pickupRequestId, '2026-11-23'))).toMatchObject({
      pickupRequestId: dayRequest,
      parcels: 4,
    });
  });

  it('two moves of one request at once act once', async () => {
    const answers = await Promise.all([move(dayRequest, '2026-11-25'), move(dayRequest, '2026-11-25')]);
    const rows = await Promise.all(answers.map((r) => answerOf(API_PICKUPS.move, r)));
    expect(rows.map((r) => [r.pickupRequestId, r.pickupDate, r.parcels])).toEqual([
      [dayRequest, '2026-11-25', 4],
      [dayRequest, '2026-11-25', 4],
    ]);
    const mine = await s.deps.db.select().from(pickupRequests).where(eq(pickupRequests.pickupDate, '2026-11-25'));
    expect(mine).toHaveLength(1);
  });

  it('refuses a bad day naming Pickup date, and a list filter the wrong way round', async () => {
    for (const [pickupDate, message] of [
      [undefined, 'Pickup date is required'],
      ['tomorrow', 'Pickup date must be a date as yyyy-mm-dd'],
      ['2026-11-31', 'Pickup date is not a real date'],
      ['2026-11-19', 'Pickup date must be between 20 Nov 2026 and 26 Nov 2026 (today and the next 6 days)'],
    ] as const)
      expect(await errorOf(await move(dayRequest, pickupDate))).toMatchObject({ status: 400, message });
    expect(
      await errorOf(
        await s.request(pathOf(API_PICKUPS.move, { pickupRequestId: 'abc' }), {
          method: 'PUT',
          json: {},
          token: meera,
        }),
      ),
    ).toMatchObject({ status: 400, message: 'Pickup request must be a number' });
    expect(
      await errorOf(
        await s.request(`${API_PICKUPS.list.path}?fromDate=2026-11-25&toDate=2026-11-21`, { token: meera }),
      ),
    ).toMatchObject({ status: 400, message: 'From date must be on or before To date' });
    expect(
      await errorOf(await s.request(`${API_PICKUPS.list.path}?fromDate=25-11-2026`, { token: meera })),
    ).toMatchObject({
      status: 400,
      message: 'From date must be a date as yyyy-mm-dd',
    });
  });

  it('refuses to move a request whose parcel the courier has picked up', async () => {
    const o = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const booked = await answerOf(API_SHIPPING.ship, await ship(o.orderId, carrierCode, { pickupDate: '2026-11-26' }));
    const id = await pickupOfShipment(booked.shipmentId);
    const { orders } = await import('../../server/db/schema');
    await s.deps.db.update(orders).set({ status: 'IN_TRANSIT' }).where(eq(orders.id, o.orderId));
    expect((await list()).find((i) => i.pickupRequestId === id)?.movable).toBe(false);
    expect(await errorOf(await move(id, '2026-11-24'))).toMatchObject({
      status: 409,
      message: 'The courier has picked up a parcel of this pickup already: its date cannot change',
    });
  });

  it('another seller sees none of it: its list is empty and a move is a 404', async () => {
    expect(await list('', other)).toEqual([]);
    expect(await errorOf(await move(dayRequest, '2026-11-24', other))).toMatchObject({
      status: 404,
      message: 'No such pickup request of yours',
    });
    expect((await errorOf(await move(999_999, '2026-11-24'))).status).toBe(404);
  });

  it('a team member whose role may view orders lists pickups but may not move them', async () => {
    const role = await answer(s, API_TEAM.addRole, {
      token: meera,
      body: { roleName: 'Pickup viewers', permissions: ['orders.view'] },
    });
    const viewer = await invitedUser(s, meera, 'viewer@pickups.test', { teamRoleId: role.roleId });
    expect((await list('', viewer.token)).length).toBeGreaterThan(0);
    expect((await move(dayRequest, '2026-11-24', viewer.token)).status).toBe(403);
    const noRole = await answer(s, API_TEAM.addRole, {
      token: meera,
      body: { roleName: 'Wallet only', permissions: ['wallet.view'] },
    });
    const walletOnly = await invitedUser(s, meera, 'wallet@pickups.test', { teamRoleId: noRole.roleId });
    expect((await s.request(API_PICKUPS.list.path, { token: walletOnly.token })).status).toBe(403);
  });
});

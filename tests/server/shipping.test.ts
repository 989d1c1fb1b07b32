import { pathOf } from '../../src/domain/operation';
import { answer, answerOf, send } from './call';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCOUNT } from '../../src/domain/account-contract';

import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_SHIPPING, type ShipmentInfo } from '../../src/domain/shipping-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { CARRIER_BY_CODE } from '../../src/domain/shipping/carriers';
import {
  courierBookings,
  orders,
  organisations as organisationsTable,
  sandboxParcels,
  shipments,
} from '../../server/db/schema';
import { readPdf, solidPng } from './pdf-reader';
import { planLife } from '../../server/carriers/sandbox/parcel-life';
import { ingestScans } from '../../server/modules/courier-inlet/ingest';
import { errorOf, type TestServer } from './harness';
import { creditWallet, demoTokens, newShippableOrder, startDemoServer, verifiedPickup } from './helpers';
import { liveOut } from './sandbox-life';

describe('shipping', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  let pickupId: number;
  let meeraOrg: number;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
    ({ pickupId, orgId: meeraOrg } = await verifiedPickup(s, meera));
  });
  afterAll(() => s.close());

  const newOrder = (over: Record<string, unknown> = {}) => newShippableOrder(s, meera, pickupId, over);
  const credit = (amount: number) => creditWallet(s, staff, meeraOrg, amount, 'Test float for shipping');
  const balance = async () => (await answer(s, API_WALLET.wallet, { token: meera })).balancePaise;
  const ship = (orderId: number, carrierCode: string, idempotencyKey?: string) =>
    send(s, API_SHIPPING.ship, { params: { orderId }, body: { carrierCode, idempotencyKey }, token: meera });
  const quotesFor = (orderId: number) => answer(s, API_SHIPPING.courierQuotes, { params: { orderId }, token: meera });
  const order = async (id: number) => answer(s, API_ORDERS.order, { params: { orderId: id }, token: meera });

  it('quotes every serviceable courier with its breakdown, delivery date and tags, and says why the others cannot', async () => {
    const rates = await answer(s, API_SHIPPING.rates, {
      body: {
        originPincode: '302003',
        destinationPincode: '560038',
        weightKg: 1.2,
        lengthCm: 20,
        breadthCm: 20,
        heightCm: 30,
        paymentMethod: 'COD',
        codAmount: 1450,
      },
      token: meera,
    });
    expect(rates).toMatchObject({
      zone: 'D',
      zoneName: 'Rest of India',
      from: { city: 'Jaipur' },
      to: { city: 'Bengaluru' },
    });
    expect(rates.quotes.length).toBeGreaterThan(5);
    const totals = rates.quotes.map((q) => q.totalPaise);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    for (const tag of ['CHEAPEST', 'FASTEST', 'BEST_VALUE'])
      expect(rates.quotes.filter((q) => q.tags.includes(tag as never))).toHaveLength(1);
    expect(rates.quotes[0].tags).toContain('CHEAPEST');
    // 20×20×30/5000 = 2.4 kg beats 1.2 kg: 2.5 kg charged
    const de = rates.quotes.find((q) => q.carrierCode === 'DE');
    if (de) expect(de).toMatchObject({ chargedWeightKg: 2.5, freightPaise: 4800 + 4 * 4400, codChargePaise: 3500 });
    expect(rates.unserviceable).toContainEqual({
      carrierCode: 'GT',
      carrierName: 'Gati (B2B)',
      reason: 'Gati (B2B) carries business freight only',
    });
    expect(rates.unserviceable.find((u) => u.carrierCode === 'XBSDD')?.reason).toBe(
      'Xpressbees Same Day delivers within one city only',
    );
  });

  it.each([
    [{ destinationPincode: '999999' }, 'Delivery pincode: Unknown pincode 999999'],
    [{ originPincode: '02003' }, 'Pickup pincode must be 6 digits and not start with 0'],
    [{ weightKg: 0 }, 'Weight (kg) must be a positive number'],
    [{ paymentMethod: 'CARD' }, 'Payment method must be one of Prepaid, Cash on delivery'],
    [{ codAmount: -1 }, 'COD amount cannot be negative'],
  ])('the rate calculator refuses %o', async (over, message) => {
    const json = {
      originPincode: '302003',
      destinationPincode: '560038',
      weightKg: 1,
      lengthCm: 10,
      breadthCm: 10,
      heightCm: 10,
      paymentMethod: 'PPD',
      ...over,
    };
    expect(
      await errorOf(await s.request(API_SHIPPING.rates.path, { method: 'POST', json, token: meera })),
    ).toMatchObject({
      status: 400,
      message,
    });
  });

  it('refuses to ship on a short wallet, saying how much is needed, and books nothing', async () => {
    const o = await newOrder();
    const quotes = await quotesFor(o.orderId);
    const cheapest = quotes.quotes[0];
    const res = await ship(o.orderId, cheapest.carrierCode, 'short-wallet-1');
    const e = await errorOf(res);
    expect(e.status).toBe(422);
    expect(e.message).toMatch(
      /^Insufficient wallet balance\. This shipment costs ₹[\d,.]+\. You can spend ₹0\.00\. Recharge at least ₹[\d,.]+ to ship it\.$/,
    );
    // the shortfall in whole rupees, at least the least recharge
    expect(res.headers.get('x-recharge-paise')).toBe(
      String(Math.max(10_000, Math.ceil(cheapest.totalPaise / 100) * 100)),
    );
    expect((await order(o.orderId)).status).toBe('RTS');
    expect(await s.deps.db.$count(shipments, eq(shipments.orderId, o.orderId))).toBe(0);
    // the wallet was asked before the courier: nothing was booked there to take back
    expect(await s.deps.db.$count(courierBookings, eq(courierBookings.orderId, o.orderId))).toBe(0);
    expect(await s.deps.db.$count(sandboxParcels)).toBe(0);
  });

  it('ships once: charged in the same transaction, a repeat with the same key answers the same AWB, another request is refused', async () => {
    await credit(20_000);
    const before = await balance();
    const o = await newOrder();
    const { quotes } = await quotesFor(o.orderId);
    const q = quotes[0];
    const first = await answerOf(API_SHIPPING.ship, await ship(o.orderId, q.carrierCode, 'click-0001'));
    expect(first).toMatchObject({
      orderId: o.orderId,
      carrierCode: q.carrierCode,
      state: 'BOOKED',
      totalPaise: q.totalPaise,
      orderStatus: 'PKP_SCH',
      expectedDeliveryDate: q.edd,
    });
    expect(first.awb).toMatch(/^[A-Z0-9]{14}$/);
    expect(await balance()).toBe(before - q.totalPaise);
    const again = await answerOf(API_SHIPPING.ship, await ship(o.orderId, q.carrierCode, 'click-0001'));
    expect(again.awb).toBe(first.awb);
    expect(await balance()).toBe(before - q.totalPaise);
    expect(await errorOf(await ship(o.orderId, q.carrierCode, 'click-0002'))).toMatchObject({
      status: 409,
      message: 'An order that is Pickup Scheduled cannot be shipped',
    });
    const detail = await order(o.orderId);
    expect(detail).toMatchObject({ status: 'PKP_SCH', awb: first.awb, carrierCode: q.carrierCode });
    expect(detail.history.at(-1)?.note).toContain(`AWB ${first.awb}`);
    // the wallet's charges by shipment show it under the AWB
    const charges = await answer(s, API_WALLET.shippingCharges, { query: { searchPattern: first.awb }, token: meera });
    expect(charges.items).toEqual([expect.objectContaining({ awb: first.awb, netPaise: q.totalPaise })]);
  });

  it('books and charges once when the same order is shipped twice at the same moment', async () => {
    const o = await newOrder();
    const { quotes } = await quotesFor(o.orderId);
    const before = await balance();
    const answers = await Promise.all([
      ship(o.orderId, quotes[0].carrierCode, 'race-a-0001'),
      ship(o.orderId, quotes[0].carrierCode, 'race-b-0001'),
      ship(o.orderId, quotes[0].carrierCode, 'race-a-0001'),
    ]);
    const ok = answers.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(await s.deps.db.$count(shipments, eq(shipments.orderId, o.orderId))).toBe(1);
    expect(await balance()).toBe(before - quotes[0].totalPaise);
  });

  it('cancels a shipment before pickup with a refund, and reassigns one to another courier', async () => {
    const o = await newOrder({ paymentMethod: 'PPD' });
    const { quotes } = await quotesFor(o.orderId);
    const before = await balance();
    const first = await answerOf(API_SHIPPING.ship, await ship(o.orderId, quotes[0].carrierCode));
    const moved = await answer(s, API_SHIPPING.reassign, {
      params: { orderId: o.orderId },
      body: { carrierCode: quotes[1].carrierCode },
      token: meera,
    });
    expect(moved).toMatchObject({ carrierCode: quotes[1].carrierCode, state: 'BOOKED', orderStatus: 'PKP_SCH' });
    expect(moved.awb).not.toBe(first.awb);
    expect(await balance()).toBe(before - quotes[1].totalPaise);
    const cancelled = await answer(s, API_SHIPPING.cancelShipment, { params: { orderId: o.orderId }, token: meera });
    expect(cancelled).toMatchObject({ awb: moved.awb, state: 'CANCELLED', orderStatus: 'RTS' });
    expect(await balance()).toBe(before);
    expect(
      await errorOf(
        await s.request(pathOf(API_SHIPPING.shipment, { orderId: o.orderId }), { method: 'DELETE', token: meera }),
      ),
    ).toMatchObject({ status: 409, message: 'This order has no shipment to cancel' });
    expect(
      (
        await errorOf(
          await s.request(pathOf(API_SHIPPING.reassign, { orderId: o.orderId }), {
            method: 'POST',
            json: { carrierCode: 'DE' },
            token: meera,
          }),
        )
      ).status,
    ).toBe(409);
    // shipped again after the cancel
    expect((await answerOf(API_SHIPPING.ship, await ship(o.orderId, quotes[0].carrierCode))).state).toBe('BOOKED');
  });

  async function shipWithLife(
    behaviour: Partial<(typeof CARRIER_BY_CODE extends ReadonlyMap<string, infer P> ? P : never)['behaviour']>,
  ) {
    const o = await newOrder();
    const { quotes } = await quotesFor(o.orderId);
    const info = await answerOf(API_SHIPPING.ship, await ship(o.orderId, quotes[0].carrierCode));
    const profile = CARRIER_BY_CODE.get(info.carrierCode)!;
    const [parcel] = await s.deps.db.select().from(sandboxParcels).where(eq(sandboxParcels.awb, info.awb));
    const plan = planLife(
      { ...profile, behaviour: { ...profile.behaviour, lossRate: 0, ...behaviour } },
      info.awb,
      parcel.lane,
    );
    await s.deps.db.update(sandboxParcels).set({ plan }).where(eq(sandboxParcels.awb, info.awb));
    return { o, info };
  }

  /** The order's statuses, in turn, as its parcel lives out its whole planned life. */
  async function liveOutStatuses(orderId: number, awb: string): Promise<string[]> {
    const seen: string[] = [];
    await liveOut(s, awb, async () => {
      const [{ status }] = await s.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
      if (seen.at(-1) !== status) seen.push(status);
    });
    return seen;
  }

  it('follows a parcel through its whole life as the clock moves: picked up, in transit, out for delivery, delivered', async () => {
    const { o, info } = await shipWithLife({ ndrRate: 0 });
    const statuses = await liveOutStatuses(o.orderId, info.awb);
    // half-day steps may pass a short stage between two looks; the order never goes back
    const path = ['PKP_SCH', 'PKD', 'INT', 'OFD', 'DLV'];
    expect(statuses.map((x) => path.indexOf(x))).toEqual(
      [...statuses.map((x) => path.indexOf(x))].sort((a, b) => a - b),
    );
    expect(statuses.at(-1)).toBe('DLV');
    const after = await answer(s, API_SHIPPING.track, { params: { awb: info.awb }, token: meera });
    expect(after.scans.map((x) => x.status)).toEqual(['PKP_SCH', 'PKD', 'INT', 'INT', 'OFD', 'DLV']);
    expect(after.deliveredAt).not.toBeNull();
    // a courier repeating its scans changes nothing
    const repeat = await ingestScans(
      s.deps,
      after.scans.map((x, i) => ({
        awb: info.awb,
        at: new Date(x.at),
        courierStatus: (
          ['MANIFESTED', 'PICKED_UP', 'IN_TRANSIT', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED'] as const
        )[i],
        location: x.location,
        remark: x.remark,
      })),
    );
    expect(repeat).toMatchObject({ recorded: 0, duplicates: 6, moved: 0 });
    expect((await order(o.orderId)).history.filter((h) => h.kind === 'STATUS').map((h) => h.toStatus)).toEqual([
      'PKP_SCH',
      'PKD',
      'INT',
      'OFD',
      'DLV',
    ]);
    expect(
      (
        await errorOf(
          await s.request(pathOf(API_SHIPPING.shipment, { orderId: o.orderId }), { method: 'DELETE', token: meera }),
        )
      ).message,
    ).toContain('The courier has the parcel already');
  });

  it('takes a failed delivery back to the seller and charges the return once', async () => {
    const { o, info } = await shipWithLife({ ndrRate: 1, rtoRate: 1 });
    const statuses = await liveOutStatuses(o.orderId, info.awb);
    expect(statuses.slice(-3)).toEqual(['NDR', 'RTO_INT', 'RTO_DLV']);
    const rto = Math.round(info.rtoChargePaise * 1.18);
    // the COD fee of a parcel that came back is given back, once
    const codFee = info.codChargePaise + Math.round(info.codChargePaise * 0.18);
    // this parcel's own entries in the statement (other parcels of the file live on beside it: their
    // lives, drawn from random AWBs, may end in the same days)
    const entries = await answer(s, API_WALLET.history, { query: { searchPattern: info.awb }, token: meera });
    expect(entries.items.reduce((sum, e) => sum + e.amountPaise, 0)).toBe(-info.totalPaise - rto + codFee);
    const charges = await answer(s, API_WALLET.shippingCharges, { query: { searchPattern: info.awb }, token: meera });
    expect(charges.items[0]).toMatchObject({ rtoPaise: rto });
    const tracked = await answer(s, API_SHIPPING.track, { params: { awb: info.awb }, token: meera });
    // the courier's own reason code and words (its table maps them to ours)
    expect(tracked.scans.find((x) => x.status === 'NDR')?.remark).toMatch(/^[A-Z]+-[A-Z0-9]+ · \w/);
  });

  it('counts a shipment past its expected delivery date as delayed', async () => {
    const before = await answer(s, API_ORDERS.delays, { token: meera });
    const o = await newOrder();
    const { quotes } = await quotesFor(o.orderId);
    const info = await answerOf(API_SHIPPING.ship, await ship(o.orderId, quotes[0].carrierCode));
    await ingestScans(s.deps, [
      { awb: info.awb, at: s.clock.now, courierStatus: 'PICKED_UP', location: 'Jaipur', remark: '' },
      {
        awb: info.awb,
        at: new Date(s.clock.now.getTime() + 1000),
        courierStatus: 'IN_TRANSIT',
        location: 'Jaipur hub',
        remark: '',
      },
    ]);
    expect(await answer(s, API_ORDERS.delays, { token: meera })).toEqual(before);
    await s.deps.db.update(shipments).set({ expectedDeliveryDate: '2026-01-01' }).where(eq(shipments.awb, info.awb));
    expect(await answer(s, API_ORDERS.delays, { token: meera })).toEqual({
      ...before,
      shipment: before.shipment + 1,
    });
  });

  it('does not ship an archived order, and does not offer to; unarchived it ships', async () => {
    await credit(1000);
    const o = await newOrder();
    const { quotes } = await quotesFor(o.orderId);
    expect(
      (
        await s.request(API_ORDERS.archive.path, {
          method: 'PUT',
          json: { orderIds: [o.orderId], archived: true },
          token: meera,
        })
      ).status,
    ).toBe(200);
    expect((await order(o.orderId)).actions.ship).toBe(false);
    const before = await balance();
    expect(await errorOf(await ship(o.orderId, quotes[0].carrierCode))).toMatchObject({
      status: 409,
      message: 'An archived order cannot be shipped: unarchive it first',
    });
    expect(await balance()).toBe(before);
    await s.request(API_ORDERS.archive.path, {
      method: 'PUT',
      json: { orderIds: [o.orderId], archived: false },
      token: meera,
    });
    expect((await order(o.orderId)).actions.ship).toBe(true);
    expect((await ship(o.orderId, quotes[0].carrierCode)).status).toBe(200);
  });

  it('auto-ships by the seller’s preset or a given rule, order by order', async () => {
    const prefs = await answer(s, API_SHIPPING.savePreferences, {
      body: { autoShipRule: 'PRIORITY', carrierPriority: ['SW-SM', 'DE', 'XB', 'EK'] },
      token: meera,
    });
    expect(prefs).toEqual({
      autoShipRule: 'PRIORITY',
      carrierPriority: ['SW-SM', 'DE', 'XB', 'EK'],
      insureAboveRupees: null,
      ndrAutoAction: 'REATTEMPT',
    });
    expect(
      (
        await errorOf(
          await s.request(API_SHIPPING.preferences.path, {
            method: 'PUT',
            json: { autoShipRule: 'PRIORITY', carrierPriority: ['DE', 'DE'] },
            token: meera,
          }),
        )
      ).message,
    ).toBe('Courier priority lists each courier once at most');
    expect(
      (
        await errorOf(
          await s.request(API_SHIPPING.preferences.path, {
            method: 'PUT',
            json: { autoShipRule: 'SLOWEST', carrierPriority: [] },
            token: meera,
          }),
        )
      ).message,
    ).toContain('Auto-ship rule must be one of Cheapest, Fastest, Priority');
    const a = await newOrder();
    const b = await newOrder({ paymentMethod: 'PPD' });
    const shipped = await newOrder();
    await ship(shipped.orderId, (await quotesFor(shipped.orderId)).quotes[0].carrierCode);
    const autoShipped = await answer(s, API_SHIPPING.autoShip, {
      body: { orderIds: [a.orderId, b.orderId, shipped.orderId, 999_999] },
      token: meera,
    });
    const byId = new Map(autoShipped.results.map((r) => [r.orderId, r]));
    for (const id of [a.orderId, b.orderId]) {
      const r = byId.get(id)!;
      expect(r.shipped).toBe(true);
      if (r.shipped) expect(['SW-SM', 'DE', 'XB', 'EK']).toContain(r.carrierCode);
      if (r.shipped) expect(r.carrierName).toBe(CARRIER_BY_CODE.get(r.carrierCode)!.name);
    }
    expect(byId.get(shipped.orderId)).toMatchObject({
      shipped: false,
      reason: 'An order that is Pickup Scheduled cannot be shipped',
    });
    expect(byId.get(999_999)).toMatchObject({ shipped: false, reason: 'No such order' });
    const c = await newOrder();
    const { quotes } = await quotesFor(c.orderId);
    const cheapest = await answer(s, API_SHIPPING.autoShip, {
      body: { orderIds: [c.orderId], rule: 'CHEAPEST' },
      token: meera,
    });
    expect(cheapest.results[0]).toMatchObject({
      shipped: true,
      carrierCode: quotes[0].carrierCode,
      carrierName: quotes[0].carrierName,
      totalPaise: quotes[0].totalPaise,
    });
  });

  it('prints labels a scanner reads: the AWB and the order number decode from the barcodes', async () => {
    const shipped: ShipmentInfo[] = [];
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const o = await newOrder({ buyerName: `Label Buyer ${i}`, paymentMethod: i % 2 ? 'PPD' : 'COD' });
      const { quotes } = await quotesFor(o.orderId);
      shipped.push(await answerOf(API_SHIPPING.ship, await ship(o.orderId, quotes[0].carrierCode)));
      ids.push(o.orderId);
    }
    const one = await s.request(`${pathOf(API_SHIPPING.label, { orderId: ids[0] })}?layout=4x6`, { token: meera });
    expect(one.headers.get('content-type')).toBe('application/pdf');
    const label = readPdf(new Uint8Array(await one.arrayBuffer()));
    expect(label.pages).toBe(1);
    expect(label.barcodes).toEqual(expect.arrayContaining([shipped[0].awb, shipped[0].orderNumber]));
    expect(label.text).toContain('COD');
    expect(label.text).toContain('Label Buyer 0');
    expect(label.text).toContain('₹1,450.00');
    expect(label.text).toContain('RETURN TO');
    expect(label.images).toBe(0);
    // with the seller's logo uploaded, it is printed by the return address
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(solidPng(60, 30, [31, 79, 209]))]), 'logo.png');
    expect(
      (
        await s.request(pathOf(API_ACCOUNT.companyImage, { name: 'logo' }), {
          method: 'POST',
          body: form,
          token: meera,
        })
      ).status,
    ).toBe(200);
    const withLogo = readPdf(
      new Uint8Array(
        await (await s.request(pathOf(API_SHIPPING.label, { orderId: ids[0] }), { token: meera })).arrayBuffer(),
      ),
      100,
    );
    expect(withLogo.images).toBe(1);

    const bulk = async (layout: string) =>
      readPdf(
        new Uint8Array(
          await (
            await s.request(API_SHIPPING.labels.path, { method: 'POST', json: { orderIds: ids, layout }, token: meera })
          ).arrayBuffer(),
        ),
        150,
      );
    const thermal = await bulk('4x6');
    expect(thermal.pages).toBe(5);
    expect(new Set(thermal.barcodes)).toEqual(
      new Set([...shipped.map((x) => x.awb), ...shipped.map((x) => x.orderNumber)]),
    );
    // A4: one label a page until the account may merge labels, then four to a page
    expect((await bulk('A4')).pages).toBe(5);
    await s.deps.db
      .update(organisationsTable)
      .set({ mergedShippingLabelsAllowed: true })
      .where(eq(organisationsTable.id, meeraOrg));
    const merged = await bulk('A4');
    expect(merged.pages).toBe(2);
    expect(merged.barcodes.filter((b) => shipped.some((x) => x.awb === b))).toHaveLength(5);

    const unshipped = await newOrder();
    expect(
      await errorOf(
        await s.request(API_SHIPPING.labels.path, {
          method: 'POST',
          json: { orderIds: [ids[0], unshipped.orderId] },
          token: meera,
        }),
      ),
    ).toMatchObject({ status: 409, message: `Ship these orders first: ${unshipped.orderNumber}` });
    expect(
      (await s.request(API_SHIPPING.labels.path, { method: 'POST', json: { orderIds: [ids[0]] }, token: seller }))
        .status,
    ).toBe(404);
    expect(
      (
        await errorOf(
          await s.request(API_SHIPPING.labels.path, {
            method: 'POST',
            json: { orderIds: [ids[0]], layout: 'A5' },
            token: meera,
          }),
        )
      ).message,
    ).toBe('Label layout must be 4x6 or A4');
  });

  it('makes GST invoices, pickup manifests and the home page’s pending-pickup documents', async () => {
    const o = await newOrder({
      items: [
        { name: 'Blue Pottery Vase', sku: 'BPV-12', quantity: 2, unitPrice: 1120, taxRatePercent: 12, hsnCode: '6913' },
      ],
      shippingCharges: 118,
      discount: 0,
    });
    const invoice = readPdf(
      new Uint8Array(
        await (await s.request(pathOf(API_SHIPPING.invoice, { orderId: o.orderId }), { token: meera })).arrayBuffer(),
      ),
    );
    expect(invoice.pages).toBe(1);
    // Jaipur to Bengaluru: IGST; ₹2,240 at 12% → taxable ₹2,000.00, IGST ₹240.00; shipping ₹118 → ₹100 + ₹18
    expect(invoice.text).toContain('Tax Invoice');
    expect(invoice.text).toMatch(/IGST/);
    expect(invoice.text).toMatch(/Blue Pottery Vase\s+6913\s+2\s+2,000\.00\s+12%\s+240\.00\s+2,240\.00/);
    expect(invoice.text).toMatch(/Shipping charges\s+996812\s+1\s+100\.00\s+18%\s+18\.00\s+118\.00/);
    expect(invoice.text).toContain('Place of supply: Karnataka');
    const { quotes } = await quotesFor(o.orderId);
    const info = await answerOf(API_SHIPPING.ship, await ship(o.orderId, quotes[0].carrierCode));
    const manifest = readPdf(
      new Uint8Array(
        await (
          await s.request(API_SHIPPING.manifest.path, { method: 'POST', json: { orderIds: [o.orderId] }, token: meera })
        ).arrayBuffer(),
      ),
    );
    expect(manifest.barcodes).toContain(info.awb);
    expect(manifest.text).toContain(`Pickup manifest · ${info.carrierName}`);
    expect(manifest.text).toContain('Courier executive');
    const pending = await s.request(API_SHIPPING.pendingDocuments.path, {
      method: 'POST',
      json: { pendingDay: 0, document: 'LABEL' },
      token: meera,
    });
    expect(readPdf(new Uint8Array(await pending.arrayBuffer()), 100).barcodes).toContain(info.awb);
    expect(
      await errorOf(
        await s.request(API_SHIPPING.pendingDocuments.path, {
          method: 'POST',
          json: { pendingDay: 3, document: 'INVOICE' },
          token: meera,
        }),
      ),
    ).toMatchObject({ status: 404, message: 'Nothing to download: no shipment booked 3 days ago waits for pickup' });
    expect(
      (
        await errorOf(
          await s.request(API_SHIPPING.pendingDocuments.path, {
            method: 'POST',
            json: { pendingDay: 31, document: 'LABEL' },
            token: meera,
          }),
        )
      ).message,
    ).toBe('Pending days must be at most 30');
    expect((await s.request(pathOf(API_SHIPPING.invoice, { orderId: o.orderId }), { token: seller })).status).toBe(404);
  });

  it('keeps every order and shipment to its seller, for sellers only', async () => {
    const o = await newOrder();
    expect(
      (await s.request(pathOf(API_SHIPPING.courierQuotes, { orderId: o.orderId }), { token: seller })).status,
    ).toBe(404);
    expect(
      (
        await s.request(pathOf(API_SHIPPING.ship, { orderId: o.orderId }), {
          method: 'POST',
          json: { carrierCode: 'DE' },
          token: seller,
        })
      ).status,
    ).toBe(404);
    const { quotes } = await quotesFor(o.orderId);
    await ship(o.orderId, quotes[0].carrierCode);
    expect((await s.request(pathOf(API_SHIPPING.shipment, { orderId: o.orderId }), { token: seller })).status).toBe(
      404,
    );
    expect(
      (await s.request(pathOf(API_SHIPPING.shipment, { orderId: o.orderId }), { method: 'DELETE', token: seller }))
        .status,
    ).toBe(404);
    const info = await answer(s, API_SHIPPING.shipment, { params: { orderId: o.orderId }, token: meera });
    expect((await s.request(pathOf(API_SHIPPING.track, { awb: info.awb }), { token: seller })).status).toBe(404);
    expect(
      (
        await errorOf(
          await s.request(pathOf(API_SHIPPING.ship, { orderId: o.orderId }), {
            method: 'POST',
            json: { carrierCode: 'ZZ' },
            token: meera,
          }),
        )
      ).message,
    ).toContain('Courier must be one of Amazon Shipping');
    for (const [method, path] of [
      ['POST', API_SHIPPING.rates.path],
      ['GET', API_SHIPPING.preferences.path],
      ['PUT', API_SHIPPING.preferences.path],
      ['POST', API_SHIPPING.autoShip.path],
      ['GET', pathOf(API_SHIPPING.track, { awb: info.awb })],
      ['GET', pathOf(API_SHIPPING.courierQuotes, { orderId: o.orderId })],
      ['POST', pathOf(API_SHIPPING.ship, { orderId: o.orderId })],
      ['POST', API_SHIPPING.labels.path],
      ['GET', pathOf(API_SHIPPING.label, { orderId: o.orderId })],
      ['POST', API_SHIPPING.invoices.path],
      ['GET', pathOf(API_SHIPPING.invoice, { orderId: o.orderId })],
      ['POST', API_SHIPPING.manifest.path],
      ['POST', API_SHIPPING.pendingDocuments.path],
      ['POST', pathOf(API_SHIPPING.reassign, { orderId: o.orderId })],
      ['GET', pathOf(API_SHIPPING.shipment, { orderId: o.orderId })],
      ['DELETE', pathOf(API_SHIPPING.shipment, { orderId: o.orderId })],
    ] as const) {
      expect(
        (
          await s.request(path, {
            method,
            json: method === 'GET' || method === 'DELETE' ? undefined : {},
            token: staff,
          })
        ).status,
      ).toBe(403);
      expect((await s.request(path, { method })).status).toBe(401);
    }
  });
});

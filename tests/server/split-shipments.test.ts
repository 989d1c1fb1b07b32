import { pathOf } from '../../src/domain/operation';
import { answer, answerOf, send } from './call';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { API_SPLIT } from '../../src/domain/split-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { API_TRACKING } from '../../src/domain/tracking-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { planFeatureRefusal } from '../../src/domain/plans';
import { orderEvents, organisations, shipments, journalEntries } from '../../server/db/schema';
import { ingestScans } from '../../server/modules/courier-inlet/ingest';
import { readPdf } from './pdf-reader';
import { errorOf, type TestServer } from './harness';
import { API_COD_VERIFICATION } from '../../src/domain/cod-verification-contract';
import { AWAITING_REFUSAL } from '../../src/domain/cod-verification';
import { creditWallet, demoTokens, newShippableOrder, startDemoServer, verifiedPickup } from './helpers';
import { API_DISPUTES } from '../../src/domain/disputes-contract';
import { delayProtectionPrice, freightCharged, insurancePremium } from '../../src/domain/shipping/cover';
import { codShares } from '../../src/domain/split-shipments';
import { solidPng } from './pdf-reader';
import { invitedUser } from './team-helpers';

// Split shipments through HTTP: the plan gate at its edge, the split's rules, each package booked
// and charged once, labels "1 of 2", the order's status following its packages' scans, the
// buyer's page showing every package, and a multi-piece shipment by box.

const TWO_ITEMS = {
  paymentMethod: 'COD',
  items: [
    { name: 'Blue Pottery Vase', sku: 'BPV-12', quantity: 1, unitPrice: 1500, taxRatePercent: 12 },
    { name: 'Block Print Cushion', sku: 'BPC-02', quantity: 2, unitPrice: 500, taxRatePercent: 5 },
  ],
};
const box = (lines: [number, number][], kg = 0.8) => ({
  lines: lines.map(([itemId, quantity]) => ({ itemId, quantity })),
  deadWeightKg: kg,
  lengthCm: 20,
  breadthCm: 15,
  heightCm: 10,
});

describe('split shipments', () => {
  let s: TestServer;
  let meera: string;
  let seller: string;
  let staff: string;
  let pickupId: number;
  let orgId: number;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ meera, seller, staff } = await demoTokens(s));
    ({ pickupId, orgId } = await verifiedPickup(s, meera));
    await creditWallet(s, staff, orgId, 20000, 'Float for split shipments');
  });
  afterAll(() => s.close());

  const plan = (code: string) =>
    s.deps.db.update(organisations).set({ subscriptionType: code }).where(eq(organisations.id, orgId));
  const newOrder = () => newShippableOrder(s, meera, pickupId, TWO_ITEMS);
  const items = async (orderId: number) =>
    (await answer(s, API_SPLIT.packages, { params: { orderId }, token: meera })).items;
  const put = (orderId: number, json: unknown, token = meera) =>
    s.request(pathOf(API_SPLIT.packages, { orderId }), { method: 'PUT', json, token });
  const byItem = async (orderId: number) => {
    const [vase, cushion] = await items(orderId);
    return { splitMode: 'BY_ITEM', packages: [box([[vase.itemId, 1]], 1.2), box([[cushion.itemId, 2]], 0.6)] };
  };
  const shipPackage = (
    orderId: number,
    no: number,
    carrierCode: string,
    idempotencyKey: string,
    token = meera,
    cover: Record<string, unknown> = {},
  ) =>
    send(s, API_SPLIT.shipPackage, {
      params: { orderId, packageNo: no },
      body: { carrierCode, idempotencyKey, ...cover },
      token,
    });
  const coverEntries = async (awb: string) =>
    (await s.deps.db.select().from(journalEntries).where(eq(journalEntries.reference, awb))).map((e) => [
      e.kind,
      e.externalKey,
    ]);
  const cheapest = async (orderId: number, no: number) =>
    (await answer(s, API_SPLIT.packageQuotes, { params: { orderId, packageNo: no }, token: meera })).quotes[0];
  const packagesOf = async (orderId: number) => answer(s, API_SPLIT.packages, { params: { orderId }, token: meera });
  const balance = async () => (await answer(s, API_WALLET.wallet, { token: meera })).balancePaise;

  it('is refused on the plan just below Premium, and opens on Premium', async () => {
    await plan('PRO');
    const o = await newOrder();
    expect(await errorOf(await put(o.orderId, await byItem(o.orderId)))).toMatchObject({
      status: 403,
      message: planFeatureRefusal('splitShipments'),
    });
    await plan('PREMIUM');
    const split = await answerOf(API_SPLIT.saveSplit, await put(o.orderId, await byItem(o.orderId)));
    expect(split).toMatchObject({ mode: 'BY_ITEM', editable: true, orderStatus: 'RTS' });
    expect(split.packages.map((p) => [p.packageNo, p.status, p.lines.map((l) => [l.name, l.quantity])])).toEqual([
      [1, 'RTS', [['Blue Pottery Vase', 1]]],
      [2, 'RTS', [['Block Print Cushion', 2]]],
    ]);
    // the COD amount (₹2,500) shared by value: ₹1,500 and ₹1,000
    expect(split.packages.map((p) => p.codAmountPaise)).toEqual([150000, 100000]);
  });

  it.each([
    [{ splitMode: 'BY_WEIGHT' }, 'Split must be one of By item, By box'],
    [{ packages: [] }, 'Packages: a split needs at least 2 packages'],
    [{ packages: 'two' }, 'Packages must be a list'],
    [{ p0: { deadWeightKg: 0 } }, 'Dead weight (kg) must be a positive number'],
    [{ p0: { lengthCm: 400 } }, 'Length (cm)'],
    [{ p0: { lines: [{ itemId: 1.5, quantity: 1 }] } }, 'Item must be a whole number'],
    [{ p0: { lines: [{ itemId: 1, quantity: -1 }] } }, 'Quantity must be at least 0'],
  ])('refuses a malformed split %o, naming the field by its label', async (over, message) => {
    const o = await newOrder();
    const body: Record<string, unknown> = { ...(await byItem(o.orderId)) };
    const { p0, ...rest } = over as { p0?: Record<string, unknown> };
    Object.assign(body, rest);
    if (p0) body.packages = [{ ...(body.packages as object[])[0], ...p0 }, (body.packages as object[])[1]];
    const e = await errorOf(await put(o.orderId, body));
    expect(e.status).toBe(400);
    expect(e.message).toContain(message);
    expect(e.message).not.toMatch(/deadWeightKg|lengthCm|itemId|splitMode/);
  });

  it('refuses a split that leaves an item out, packs one twice or has an empty package', async () => {
    const o = await newOrder();
    const [vase, cushion] = await items(o.orderId);
    const cases: [unknown[], string][] = [
      [[box([[vase.itemId, 1]]), box([[cushion.itemId, 1]])], 'Block Print Cushion: 1 of 2 not in any package'],
      [
        [
          box([[vase.itemId, 1]]),
          box([
            [cushion.itemId, 2],
            [vase.itemId, 1],
          ]),
        ],
        'Blue Pottery Vase: 2 packed but the order has 1',
      ],
      [
        [
          box([
            [vase.itemId, 1],
            [cushion.itemId, 2],
          ]),
          box([[cushion.itemId, 0]]),
        ],
        'Package 2 has no items',
      ],
      [
        [
          box([[vase.itemId, 1]]),
          box([
            [cushion.itemId, 2],
            [999999, 1],
          ]),
        ],
        'Package 2: no such item in this order',
      ],
    ];
    for (const [packages, message] of cases)
      expect(await errorOf(await put(o.orderId, { splitMode: 'BY_ITEM', packages }))).toMatchObject({
        status: 400,
        message,
      });
  });

  it('another seller’s order is a 404, and a login without orders.ship is refused 403', async () => {
    const o = await newOrder();
    const body = await byItem(o.orderId);
    expect((await put(o.orderId, body, seller)).status).toBe(404);
    expect((await s.request(pathOf(API_SPLIT.packages, { orderId: o.orderId }), { token: seller })).status).toBe(404);
    expect((await shipPackage(o.orderId, 1, 'DE', 'other-seller-1', seller)).status).toBe(404);
    expect(
      (await s.request(pathOf(API_SPLIT.packageLabel, { orderId: o.orderId, packageNo: 1 }), { token: seller })).status,
    ).toBe(404);
    const role = await answer(s, API_TEAM.addRole, {
      body: { roleName: 'Split viewer', permissions: ['orders.view'] },
      token: meera,
    });
    const viewer = await invitedUser(s, meera, 'split-viewer@team.test', { teamRoleId: role.roleId });
    expect((await put(o.orderId, body, viewer.token)).status).toBe(403);
    expect((await shipPackage(o.orderId, 1, 'DE', 'viewer-ship-1', viewer.token)).status).toBe(403);
    expect((await s.request(pathOf(API_SPLIT.packages, { orderId: o.orderId }), { token: viewer.token })).status).toBe(
      200,
    );
  });

  it('ships each package on its own, once and charged once under concurrent repeats, labels "1 of 2"', async () => {
    const o = await newOrder();
    await answerOf(API_SPLIT.saveSplit, await put(o.orderId, await byItem(o.orderId)));
    // the order as a whole no longer ships: its packages do
    const whole = await s.request(pathOf(API_SHIPPING.ship, { orderId: o.orderId }), {
      method: 'POST',
      json: { carrierCode: 'DE', idempotencyKey: 'whole-order-1' },
      token: meera,
    });
    expect(await errorOf(whole)).toMatchObject({ status: 409 });
    const q1 = await cheapest(o.orderId, 1);
    const before = await balance();
    const answers = await Promise.all(
      [1, 2, 3].map(() => shipPackage(o.orderId, 1, q1.carrierCode, `split-${o.orderId}-p1`)),
    );
    const booked = await Promise.all(answers.map((r) => answerOf(API_SPLIT.shipPackage, r)));
    expect(new Set(booked.map((b) => b.awb)).size).toBe(1);
    expect(booked[0]).toMatchObject({
      carrierCode: q1.carrierCode,
      totalPaise: q1.totalPaise,
      orderStatus: 'PART_SHP',
    });
    const after1 = await packagesOf(o.orderId);
    expect(after1.orderStatus).toBe('PART_SHP');
    expect(after1.packages.map((p) => p.status)).toEqual(['PKP_SCH', 'RTS']);
    expect(after1.editable).toBe(false);
    const live = await s.deps.db.select().from(shipments).where(eq(shipments.orderId, o.orderId));
    expect(live).toHaveLength(1);
    expect(await balance()).toBe(before - q1.totalPaise);
    // another key while the package is booked: refused, nothing charged
    expect(await errorOf(await shipPackage(o.orderId, 1, q1.carrierCode, `split-${o.orderId}-p1-again`))).toMatchObject(
      {
        status: 409,
        message: 'Package 1 is Pickup Scheduled: it has been shipped already',
      },
    );
    // the split cannot change once a package is with a courier
    expect((await put(o.orderId, await byItem(o.orderId))).status).toBe(409);

    const q2 = await cheapest(o.orderId, 2);
    await answerOf(API_SPLIT.shipPackage, await shipPackage(o.orderId, 2, q2.carrierCode, `split-${o.orderId}-p2`));
    const after2 = await packagesOf(o.orderId);
    expect(after2.orderStatus).toBe('PKP_SCH');
    expect(after2.packages.every((p) => p.awb && p.status === 'PKP_SCH')).toBe(true);
    expect(new Set(after2.packages.map((p) => p.awb)).size).toBe(2);
    expect(await balance()).toBe(before - q1.totalPaise - q2.totalPaise);
    const charges = await s.deps.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reference, after2.packages[1].awb!));
    expect(charges.filter((c) => c.kind === 'SHIPPING_CHARGE')).toHaveLength(1);

    for (const p of after2.packages) {
      const res = await s.request(pathOf(API_SPLIT.packageLabel, { orderId: o.orderId, packageNo: p.packageNo }), {
        token: meera,
      });
      expect(res.headers.get('content-type')).toContain('application/pdf');
      const pdf = await readPdf(Buffer.from(await res.arrayBuffer()));
      expect(pdf.text).toContain(`Package ${p.packageNo} of 2`);
      expect(pdf.text).toContain(p.lines[0].name);
      expect(pdf.barcodes).toContain(p.awb);
    }
    const history = await s.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.orderId));
    expect(history.filter((e) => e.kind === 'STATUS').map((e) => `${e.fromStatus}>${e.toStatus}`)).toEqual([
      'RTS>PART_SHP',
      'PART_SHP>PKP_SCH',
    ]);
  });

  it('the order follows its packages’ scans, and the buyer’s page shows every package', async () => {
    const o = await newOrder();
    await answerOf(API_SPLIT.saveSplit, await put(o.orderId, await byItem(o.orderId)));
    for (const no of [1, 2])
      await answerOf(
        API_SPLIT.shipPackage,
        await shipPackage(o.orderId, no, (await cheapest(o.orderId, no)).carrierCode, `scan-${o.orderId}-${no}`),
      );
    const pkgs = await answer(s, API_SPLIT.packages, { params: { orderId: o.orderId }, token: meera });
    const [a, b] = pkgs.packages.map((p) => p.awb!);
    const t = (h: number) => new Date(s.clock.now.getTime() + h * 3_600_000);
    const scan = (awb: string, courierStatus: string, h: number) => ({
      awb,
      at: t(h),
      courierStatus,
      location: 'Bengaluru Hub',
      remark: courierStatus,
    });
    const status = async () =>
      (await answer(s, API_ORDERS.order, { params: { orderId: o.orderId }, token: meera })).status;
    await ingestScans(s.deps, [scan(a, 'PICKED_UP', 1), scan(b, 'PICKED_UP', 2)]);
    expect(await status()).toBe('PKD');
    await ingestScans(s.deps, [scan(a, 'IN_TRANSIT', 3), scan(a, 'OUT_FOR_DELIVERY', 4), scan(a, 'DELIVERED', 5)]);
    expect(await status()).toBe('PART_DLV');
    // the buyer's own link (its short code) shows what each package holds
    const [{ code }] = await s.deps.db
      .select({ code: shipments.shortCode })
      .from(shipments)
      .where(eq(shipments.awb, b));
    const tracking = await answer(s, API_TRACKING.byShortCode, { params: { code } });
    expect(tracking.orderStatusCode).toBe('PART_DLV');
    expect(tracking.packages?.map((p) => [p.of, p.trackingNumber, p.statusCode])).toEqual([
      ['1 of 2', a, 'DLV'],
      ['2 of 2', b, 'PKD'],
    ]);
    expect(tracking.packages?.[0].trackingDetails[0].scanStatus).toMatch(/Delivered/);
    expect(tracking.packages?.[1].items).toEqual([{ name: 'Block Print Cushion', quantity: 2 }]);
    await ingestScans(s.deps, [scan(b, 'IN_TRANSIT', 6), scan(b, 'OUT_FOR_DELIVERY', 7), scan(b, 'DELIVERED', 8)]);
    expect(await status()).toBe('DLV');
  });

  it('by box: one multi-piece shipment with a courier that takes one, a child AWB a box', async () => {
    const o = await newOrder();
    const [vase, cushion] = await items(o.orderId);
    const saved = await answerOf(
      API_SPLIT.saveSplit,
      await put(o.orderId, {
        splitMode: 'BY_BOX',
        packages: [box([[vase.itemId, 1]], 1.2), box([[cushion.itemId, 2]], 0.6)],
      }),
    );
    expect(saved.multiPieceCarriers.map((c) => c.code)).toContain('DE');
    // a package of a split by box does not ship on its own
    expect((await shipPackage(o.orderId, 1, 'DE', `box-${o.orderId}-one`)).status).toBe(409);
    const quotes = await answer(s, API_SPLIT.boxQuotes, { params: { orderId: o.orderId }, token: meera });
    expect(quotes.quotes.map((q) => q.carrierCode)).toEqual(['DE']);
    expect(quotes.unserviceable.find((u) => u.carrierCode === 'AZ')?.reason).toMatch(/multi-piece/);
    const refused = await s.request(pathOf(API_SPLIT.shipBoxes, { orderId: o.orderId }), {
      method: 'POST',
      json: { carrierCode: 'AZ', idempotencyKey: `box-${o.orderId}-az` },
      token: meera,
    });
    expect(await errorOf(refused)).toMatchObject({ status: 422 });
    const before = await balance();
    const shipped = await Promise.all(
      [1, 2].map(() =>
        s.request(pathOf(API_SPLIT.shipBoxes, { orderId: o.orderId }), {
          method: 'POST',
          json: { carrierCode: 'DE', idempotencyKey: `box-${o.orderId}-de` },
          token: meera,
        }),
      ),
    );
    const [first, second] = await Promise.all(shipped.map((r) => answerOf(API_SPLIT.shipBoxes, r)));
    expect(second.awb).toBe(first.awb);
    const packed = await packagesOf(o.orderId);
    expect(packed.orderStatus).toBe('PKP_SCH');
    const master = first.awb;
    expect(packed.packages.map((p) => p.awb)).toEqual([master, master]);
    expect(packed.packages.every((p) => p.awb === master && p.childAwb && p.childAwb !== master)).toBe(true);
    expect(await balance()).toBe(before - quotes.quotes[0].totalPaise);
    const label = await readPdf(
      Buffer.from(
        await (
          await s.request(pathOf(API_SPLIT.packageLabel, { orderId: o.orderId, packageNo: 2 }), { token: meera })
        ).arrayBuffer(),
      ),
    );
    expect(label.text).toContain('Package 2 of 2');
    expect(label.text).toMatch(new RegExp(`\\(master[\\s\\S]{0,120}${master}\\)`));
    expect(label.barcodes).toContain(packed.packages[1].childAwb);
    const tracking = await answer(s, API_TRACKING.byNumber, { params: { trackingRef: master } });
    expect(tracking.packages?.map((p) => p.trackingNumber)).toEqual(packed.packages.map((p) => p.childAwb));
    // cancelled before pickup: the whole multi-piece shipment, refunded, the boxes to ship again
    expect(
      (await s.request(pathOf(API_SHIPPING.shipment, { orderId: o.orderId }), { method: 'DELETE', token: meera }))
        .status,
    ).toBe(200);
    const back = await packagesOf(o.orderId);
    expect(back.packages.map((p) => [p.status, p.childAwb, p.awb])).toEqual([
      ['RTS', null, null],
      ['RTS', null, null],
    ]);
    expect(await balance()).toBe(before);
  });

  it('a split not yet booked can be undone; the order ships as one parcel again', async () => {
    const o = await newOrder();
    await answerOf(API_SPLIT.saveSplit, await put(o.orderId, await byItem(o.orderId)));
    const undone = await answer(s, API_SPLIT.removeSplit, { params: { orderId: o.orderId }, token: meera });
    expect(undone).toMatchObject({ mode: null, packages: [] });
    expect(
      (await s.request(pathOf(API_SPLIT.packages, { orderId: o.orderId }), { method: 'DELETE', token: meera })).status,
    ).toBe(409);
  });

  it('a split COD order awaiting its buyer’s confirmation ships no package, as a single parcel would not', async () => {
    await plan('PREMIUM');
    const verify = (enabled: boolean) =>
      send(s, API_COD_VERIFICATION.saveSettings, {
        body: {
          enabled,
          scope: 'ALL',
          minOrderValueRupees: null,
          riskyPincodes: false,
          minPastRtos: null,
          waitHours: 2,
          afterWait: 'HOLD',
          offerPrepaid: false,
        },
        token: meera,
      });
    await answerOf(API_COD_VERIFICATION.saveSettings, await verify(true));
    const o = await newOrder();
    expect(o.codVerification).toBe('PENDING');
    await answerOf(API_SPLIT.saveSplit, await put(o.orderId, await byItem(o.orderId)));
    const q1 = await cheapest(o.orderId, 1);
    expect(await errorOf(await shipPackage(o.orderId, 1, q1.carrierCode, `split-${o.orderId}-wait`))).toMatchObject({
      status: 409,
      message: AWAITING_REFUSAL,
    });
    expect((await packagesOf(o.orderId)).packages.every((p) => p.status === 'RTS')).toBe(true);
    await answerOf(API_COD_VERIFICATION.saveSettings, await verify(false));
  });

  it('insures a package for its share of the order’s value and protects it: charged once, a late delivery credited once', async () => {
    await plan('PREMIUM');
    const o = await newOrder();
    await answerOf(API_SPLIT.saveSplit, await put(o.orderId, await byItem(o.orderId)));
    // the vase is 1,500 of the items' 2,500: its package is declared for that share of the order's value
    const [vaseShare] = codShares(o.totalPaise, [1500_00, 1000_00]);
    const quoted = await answer(s, API_SPLIT.packageQuotes, {
      params: { orderId: o.orderId, packageNo: 1 },
      token: meera,
    });
    expect(quoted.cover).toMatchObject({
      declaredValuePaise: vaseShare,
      insurance: insurancePremium(vaseShare),
      insuranceRefusal: null,
    });
    const q1 = quoted.quotes[0];
    const premium = insurancePremium(vaseShare).totalPaise;
    const protection = delayProtectionPrice(q1.freightPaise).totalPaise;
    // a choice that is not true or false is refused naming it
    expect(
      await errorOf(
        await shipPackage(o.orderId, 1, q1.carrierCode, `cover-${o.orderId}-bad`, meera, { insured: 'yes' }),
      ),
    ).toMatchObject({ status: 400, message: expect.stringContaining('Insurance must be chosen or not') });
    const before = await balance();
    const tries = await Promise.all(
      [1, 2, 3].map(() =>
        shipPackage(o.orderId, 1, q1.carrierCode, `cover-${o.orderId}-p1`, meera, {
          insured: true,
          delayProtection: true,
        }),
      ),
    );
    const booked = await Promise.all(tries.map((r) => answerOf(API_SPLIT.shipPackage, r)));
    expect(new Set(booked.map((b) => b.awb)).size).toBe(1);
    const awb = booked[0].awb;
    expect(booked[0]).toMatchObject({
      insuredValuePaise: vaseShare,
      insurancePaise: premium,
      delayProtectionPaise: protection,
    });
    expect(await balance()).toBe(before - q1.totalPaise - premium - protection);
    const entries = await coverEntries(awb);
    expect(entries.filter(([kind]) => kind === 'INSURANCE_PREMIUM')).toEqual([
      ['INSURANCE_PREMIUM', `shipment:${awb}:insurance`],
    ]);
    expect(entries.filter(([kind]) => kind === 'DELAY_PROTECTION_CHARGE')).toEqual([
      ['DELAY_PROTECTION_CHARGE', `shipment:${awb}:delay-protection`],
    ]);
    const history = await s.deps.db.select().from(orderEvents).where(eq(orderEvents.orderId, o.orderId));
    expect(history.map((e) => e.note).join('\n')).toMatch(/Package 1 of 2 shipped .*insured for ₹.*delay protection/);

    // the cushions' package ships without cover; the seller's rule (none set) insures nothing
    const q2 = await cheapest(o.orderId, 2);
    const second = await answerOf(
      API_SPLIT.shipPackage,
      await shipPackage(o.orderId, 2, q2.carrierCode, `cover-${o.orderId}-p2`),
    );
    expect(second).toMatchObject({ insurancePaise: 0, delayProtectionPaise: 0 });

    // the protected package delivered two days late: its freight back once, under repeated scans
    const promised = booked[0].expectedDeliveryDate!;
    const late = new Date(new Date(`${promised}T12:00:00+05:30`).getTime() + 2 * 86_400_000);
    const scan = (courierStatus: string, hoursBefore: number) => ({
      awb,
      at: new Date(late.getTime() - hoursBefore * 3_600_000),
      courierStatus,
      location: 'Bengaluru Hub',
      remark: courierStatus,
    });
    await ingestScans(s.deps, [scan('PICKED_UP', 3), scan('IN_TRANSIT', 2), scan('OUT_FOR_DELIVERY', 1)]);
    const beforeCredit = await balance();
    await Promise.all([1, 2, 3].map(() => ingestScans(s.deps, [scan('DELIVERED', 0)])));
    const credit = freightCharged(booked[0].totalPaise, booked[0].codChargePaise);
    expect(await balance()).toBe(beforeCredit + credit);
    expect((await coverEntries(awb)).filter(([kind]) => kind === 'DELAY_CREDIT')).toEqual([
      ['DELAY_CREDIT', `shipment:${awb}:delay-credit`],
    ]);
  });

  it('by box: the boxes are insured for the order’s whole value; a lost shipment’s claim is paid once', async () => {
    await plan('PREMIUM');
    const o = await newOrder();
    const [vase, cushion] = await items(o.orderId);
    await answerOf(
      API_SPLIT.saveSplit,
      await put(o.orderId, { splitMode: 'BY_BOX', packages: [box([[vase.itemId, 1]]), box([[cushion.itemId, 2]])] }),
    );
    const quotes = await answer(s, API_SPLIT.boxQuotes, { params: { orderId: o.orderId }, token: meera });
    expect(quotes.cover?.declaredValuePaise).toBe(o.totalPaise);
    const premium = insurancePremium(o.totalPaise).totalPaise;
    const before = await balance();
    const shipped = await Promise.all(
      [1, 2].map(() =>
        s.request(pathOf(API_SPLIT.shipBoxes, { orderId: o.orderId }), {
          method: 'POST',
          json: { carrierCode: 'DE', idempotencyKey: `box-cover-${o.orderId}`, insured: true },
          token: meera,
        }),
      ),
    );
    const [first] = await Promise.all(shipped.map((r) => answerOf(API_SPLIT.shipBoxes, r)));
    expect(first).toMatchObject({ insuredValuePaise: o.totalPaise, insurancePaise: premium });
    expect(await balance()).toBe(before - quotes.quotes[0].totalPaise - premium);

    // the courier loses the shipment: claimed through the dispute flow, at most the declared value, paid once
    const at = (h: number) => new Date(s.clock.now.getTime() - h * 3_600_000);
    await ingestScans(
      s.deps,
      ['PICKED_UP', 'IN_TRANSIT', 'LOST'].map((courierStatus, i) => ({
        awb: first.awb,
        at: at(3 - i),
        courierStatus,
        location: 'Bengaluru Hub',
        remark: courierStatus,
      })),
    );
    const form = new FormData();
    form.set('file', new File([new Uint8Array(solidPng(8, 8, [200, 40, 40]))], 'box.png', { type: 'image/png' }));
    const image = await answerOf(
      API_DISPUTES.evidence,
      await s.request(API_DISPUTES.evidence.path, { method: 'POST', body: form, token: meera }),
    );
    const d = await answerOf(
      API_DISPUTES.raise,
      await s.request(API_DISPUTES.raise.path, {
        method: 'POST',
        json: {
          orderId: o.orderId,
          category: 'NOT_RECEIVED',
          description: 'The courier reported the boxes lost in transit',
          evidence: [image.fileId],
        },
        token: meera,
      }),
    );
    expect(d.maxCreditPaise).toBe(o.totalPaise);
    await answer(s, API_DISPUTES.sendToCourier, { params: { disputeId: d.disputeId }, token: staff });
    const beforeClaim = await balance();
    const accepts = await Promise.all(
      [1, 2].map(() =>
        s.request(pathOf(API_DISPUTES.accept, { disputeId: d.disputeId }), {
          method: 'POST',
          json: { amount: o.totalPaise / 100, note: 'Courier confirmed the loss' },
          token: staff,
        }),
      ),
    );
    expect(accepts.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balance()).toBe(beforeClaim + o.totalPaise);
    expect((await coverEntries(first.awb)).filter(([kind]) => kind === 'INSURANCE_CLAIM')).toEqual([
      ['INSURANCE_CLAIM', `shipment:${first.awb}:insurance-claim`],
    ]);
  });

  it('by item: an insured package the courier lost is claimed by its number, at most its share, paid once', async () => {
    await plan('PREMIUM');
    const o = await newOrder();
    await answerOf(API_SPLIT.saveSplit, await put(o.orderId, await byItem(o.orderId)));
    const [, cushionShare] = codShares(o.totalPaise, [1500_00, 1000_00]);
    const ship = async (no: number, cover: Record<string, unknown>) =>
      answerOf(
        API_SPLIT.shipPackage,
        await shipPackage(
          o.orderId,
          no,
          (await cheapest(o.orderId, no)).carrierCode,
          `claim-${o.orderId}-${no}`,
          meera,
          cover,
        ),
      );
    await ship(1, {});
    const lost = await ship(2, { insured: true });
    expect(lost.insuredValuePaise).toBe(cushionShare);
    await ingestScans(
      s.deps,
      ['PICKED_UP', 'IN_TRANSIT', 'LOST'].map((courierStatus, i) => ({
        awb: lost.awb,
        at: new Date(s.clock.now.getTime() - (3 - i) * 3_600_000),
        courierStatus,
        location: 'Bengaluru Hub',
        remark: courierStatus,
      })),
    );
    const form = new FormData();
    form.set('file', new File([new Uint8Array(solidPng(8, 8, [200, 40, 40]))], 'box.png', { type: 'image/png' }));
    const image = await answerOf(
      API_DISPUTES.evidence,
      await s.request(API_DISPUTES.evidence.path, { method: 'POST', body: form, token: meera }),
    );
    const raise = (packageNo: unknown, token = meera) =>
      s.request(API_DISPUTES.raise.path, {
        method: 'POST',
        json: {
          orderId: o.orderId,
          packageNo,
          category: 'NOT_RECEIVED',
          description: 'The courier reported the cushions lost in transit',
          evidence: [image.fileId],
        },
        token,
      });
    expect(await errorOf(await raise(5))).toMatchObject({
      status: 400,
      message: 'Package: this order has no package 5 shipped on its own',
    });
    expect(await errorOf(await raise('two'))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Package/),
    });
    expect((await raise(2, seller)).status).toBe(404);
    // the other package, still on its way, is not claimed
    expect((await raise(1)).status).toBe(422);
    const d = await answerOf(API_DISPUTES.raise, await raise(2));
    expect(d).toMatchObject({ awb: lost.awb, maxCreditPaise: cushionShare, deliveryStatus: 'LST' });
    await answer(s, API_DISPUTES.sendToCourier, { params: { disputeId: d.disputeId }, token: staff });
    const before = await balance();
    const accepts = await Promise.all(
      [1, 2].map(() =>
        s.request(pathOf(API_DISPUTES.accept, { disputeId: d.disputeId }), {
          method: 'POST',
          json: { amount: cushionShare / 100, note: 'Courier confirmed the loss' },
          token: staff,
        }),
      ),
    );
    expect(accepts.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balance()).toBe(before + cushionShare);
  });
});

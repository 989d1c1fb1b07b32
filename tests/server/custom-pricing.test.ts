import { pathOf } from '../../src/domain/operation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { API_PRICING } from '../../src/domain/pricing-contract';
import { API_SHIPPING, type RateAnswer } from '../../src/domain/shipping-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { CARRIER_BY_CODE } from '../../src/domain/shipping/carriers';
import { quoteParcel, type RateCard } from '../../src/domain/shipping/rates';
import { planFeatureRefusal } from '../../src/domain/plans';
import { istDay } from '../../src/domain/format';
import type { Zone } from '../../src/domain/shipping/zones';
import { orders, organisations, sandboxParcels, staffAudit } from '../../server/db/schema';
import { planLife } from '../../server/carriers/sandbox/parcel-life';
import { errorOf, type TestServer } from './harness';
import { liveOut } from './sandbox-life';
import { answer, answerOf, send } from './call';
import { creditWallet, demoTokens, login, newShippableOrder, startDemoServer, verifiedPickup } from './helpers';

const DAY = 86_400_000;

describe('customised pricing: a seller’s own rate card', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  let support: string;
  let pickupId: number;
  let meeraOrg: number;
  let sellerOrg: number;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, meera, staff } = await demoTokens(s));
    support = (await login(s, { email: 'support@dakiya.in', password: 'Staff@123' })).token;
    ({ pickupId, orgId: meeraOrg } = await verifiedPickup(s, meera));
    const [other] = await s.deps.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.companyName, 'Aarav Traders'));
    sellerOrg = other!.id;
  });
  afterAll(() => s.close());

  const plan = (orgId: number, code: string) =>
    s.deps.db.update(organisations).set({ subscriptionType: code }).where(eq(organisations.id, orgId));
  const today = () => istDay(s.clock.now);
  const dayAfter = (n: number) => istDay(new Date(s.clock.now.getTime() + n * DAY));
  const AZ = CARRIER_BY_CODE.get('AZ')!.rateCard;
  /** Amazon's default card, each slab ₹10 cheaper, COD 1% with a ₹20 minimum, RTO at 50% of freight. */
  const cheaperAz = (less = 1000): RateCard => ({
    ...AZ,
    zones: Object.fromEntries(
      Object.entries(AZ.zones).map(([z, r]) => [
        z,
        { firstSlabPaise: r.firstSlabPaise - less, nextSlabPaise: r.nextSlabPaise - less },
      ]),
    ) as RateCard['zones'],
    codFixedPaise: 2000,
    codPercent: 1,
    rtoPercent: 50,
  });
  /** a card as staff type it: rupees */
  const typed = (card: RateCard) => ({
    zones: Object.fromEntries(
      Object.entries(card.zones).map(([z, r]) => [
        z,
        { firstSlab: r.firstSlabPaise / 100, nextSlab: r.nextSlabPaise / 100 },
      ]),
    ),
    minChargeableKg: card.minChargeableKg,
    codMinimum: card.codFixedPaise / 100,
    codPercent: card.codPercent,
    rtoPercent: card.rtoPercent,
  });
  const body = (over: Record<string, unknown> = {}, card: RateCard = cheaperAz()) => ({
    validFrom: today(),
    validUntil: null,
    couriers: [{ carrierCode: 'AZ', ...typed(card) }],
    reason: 'Negotiated volume rates',
    ...over,
  });
  const create = (orgId: number, json: unknown, token = staff) =>
    s.request(pathOf(API_PRICING.createCard, { orgId }), { method: 'POST', json, token });
  const update = (orgId: number, cardId: number, json: unknown, token = staff) =>
    s.request(pathOf(API_PRICING.updateCard, { orgId, cardId }), { method: 'PUT', json, token });
  const rates = async () =>
    answer(s, API_SHIPPING.rates, {
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
  const parcel = {
    deadWeightKg: 1.2,
    lengthCm: 20,
    breadthCm: 20,
    heightCm: 30,
    paymentMethod: 'COD' as const,
    codAmountPaise: 145_000,
  };
  const priced = (card: RateCard, zone: string, p: typeof parcel) => quoteParcel(card, zone as Zone, p);
  const azQuote = (answer: RateAnswer) => answer.quotes.find((q) => q.carrierCode === 'AZ')!;

  let cardId: number;

  it('is a Premium feature: the plan just below is refused with the plan that opens it, Premium is allowed', async () => {
    await plan(meeraOrg, 'PRO');
    const view = await answer(s, API_PRICING.staffCards, { params: { orgId: meeraOrg }, token: staff });
    expect(view).toMatchObject({ orgId: meeraOrg, subscriptionType: 'PRO', planAllows: false, cards: [] });
    // the defaults to copy: every active courier's card today
    expect(view.defaults.find((d) => d.carrierCode === 'AZ')).toMatchObject({ carrierName: 'Amazon Shipping', ...AZ });
    const refused = await errorOf(await create(meeraOrg, body()));
    expect(refused).toMatchObject({ status: 403, message: planFeatureRefusal('customPricing') });
    expect((await errorOf(await send(s, API_PRICING.sellerCard, { token: meera }))).status).toBe(403);

    await plan(meeraOrg, 'PREMIUM');
    const made = await answerOf(API_PRICING.createCard, await create(meeraOrg, body()));
    expect(made).toMatchObject({ orgId: meeraOrg, validFrom: today(), validUntil: null, standing: 'IN_FORCE' });
    expect(made.couriers).toEqual([{ carrierCode: 'AZ', carrierName: 'Amazon Shipping', ...cheaperAz() }]);
    cardId = made.cardId;
    const [audit] = await s.deps.db.select().from(staffAudit).where(eq(staffAudit.action, 'pricing.card.create'));
    expect(audit).toMatchObject({
      entityType: 'seller_rate_card',
      entityId: String(cardId),
      reason: 'Negotiated volume rates',
    });
  });

  it('prices the rate calculator and the order’s quotes with the card; couriers it does not name keep their default', async () => {
    const quoted = await rates();
    const q = azQuote(quoted);
    const expected = priced(cheaperAz(), quoted.zone, parcel);
    expect(q).toMatchObject({
      freightPaise: expected.freightPaise,
      codChargePaise: expected.codChargePaise,
      totalPaise: expected.totalPaise,
      rtoChargePaise: expected.rtoChargePaise,
    });
    const other = quoted.quotes.find((x) => x.carrierCode !== 'AZ')!;
    const card = CARRIER_BY_CODE.get(other.carrierCode)!.rateCard;
    expect(other.totalPaise).toBe(priced(card, quoted.zone, parcel).totalPaise);

    const view = await answer(s, API_PRICING.sellerCard, { token: meera });
    expect(view.card?.cardId).toBe(cardId);
    expect(view.couriers.find((c) => c.carrierCode === 'AZ')).toMatchObject({ own: true, codPercent: 1 });
    expect(view.couriers.find((c) => c.carrierCode === other.carrierCode)).toMatchObject({ own: false });

    const o = await newShippableOrder(s, meera, pickupId);
    const forOrder = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: o.orderId }, token: meera });
    expect(azQuote(forOrder).totalPaise).toBe(priced(cheaperAz(), forOrder.zone, parcel).totalPaise);
  });

  it('prices nothing once the plan no longer includes it', async () => {
    await plan(meeraOrg, 'PRO');
    const answer = await rates();
    expect(azQuote(answer).totalPaise).toBe(priced(AZ, answer.zone, parcel).totalPaise);
    await plan(meeraOrg, 'PREMIUM');
    expect(azQuote(await rates()).totalPaise).toBe(priced(cheaperAz(), answer.zone, parcel).totalPaise);
  });

  it('refuses each wrong field by its label', async () => {
    const courier = { carrierCode: 'AZ', ...typed(cheaperAz()) };
    const cases: [unknown, string][] = [
      [body({ validFrom: '2026-02-30' }), 'Valid from is not a real date'],
      [body({ validUntil: '1 Dec 2026' }), 'Valid until must be a date as yyyy-mm-dd'],
      [
        body({ validFrom: dayAfter(5), validUntil: dayAfter(2) }),
        'Valid until must be on or after the Valid from date',
      ],
      [body({ couriers: [] }), 'Couriers must name at least one courier'],
      [body({ couriers: [courier, courier] }), 'Couriers names a courier twice'],
      [body({ couriers: [{ ...courier, carrierCode: 'ZZ' }] }), 'Courier must be one of'],
      [
        body({ couriers: [{ ...courier, zones: { ...courier.zones, C: { firstSlab: 0, nextSlab: 10 } } }] }),
        'First 0.5 kg must be above zero',
      ],
      [
        body({ couriers: [{ ...courier, zones: { ...courier.zones, D: { firstSlab: 10, nextSlab: -1 } } }] }),
        'Each further 0.5 kg cannot be negative',
      ],
      [
        body({ couriers: [{ ...courier, codMinimum: 12.555 }] }),
        'COD minimum charge may have at most 2 decimals (paise)',
      ],
      [body({ couriers: [{ ...courier, codMinimum: 'twenty' }] }), 'COD minimum charge must be a number'],
      [body({ couriers: [{ ...courier, codPercent: 11 }] }), 'COD % must be at most 10'],
      [body({ couriers: [{ ...courier, rtoPercent: 12.345 }] }), 'RTO % of freight may have at most 2 decimals'],
      [body({ couriers: [{ ...courier, minChargeableKg: -1 }] }), 'Minimum chargeable weight cannot be negative'],
      [body({ reason: 'ok' }), 'Reason must be 5 to 300 characters'],
      [body({ reason: undefined }), 'Reason is required'],
    ];
    for (const [json, message] of cases) {
      const e = await errorOf(await create(meeraOrg, json));
      expect(e.status, message).toBe(400);
      expect(e.message).toContain(message);
      expect(e.message).not.toMatch(/[a-z][A-Z]/);
    }
  });

  it('refuses validity that shares a day with another card, and keeps cards to their seller', async () => {
    const clash = await errorOf(await create(meeraOrg, body({ validFrom: dayAfter(30), validUntil: dayAfter(60) })));
    expect(clash.status).toBe(409);
    expect(clash.message).toMatch(/overlap the seller's card valid from \d{2} \w{3} \d{4} on/);
    // the card in force is closed; a later one starts the day after
    const closed = await answerOf(
      API_PRICING.updateCard,
      await update(meeraOrg, cardId, body({ validUntil: dayAfter(9) })),
    );
    expect(closed.validUntil).toBe(dayAfter(9));
    const later = await answerOf(
      API_PRICING.createCard,
      await create(meeraOrg, body({ validFrom: dayAfter(10), validUntil: null }, cheaperAz(2000))),
    );
    expect(later.standing).toBe('UPCOMING');
    expect((await errorOf(await update(meeraOrg, later.cardId, body({ validFrom: dayAfter(9) })))).status).toBe(409);
    // another seller's path for this card, and a seller that does not exist
    await plan(sellerOrg, 'PREMIUM');
    expect((await errorOf(await update(sellerOrg, cardId, body()))).status).toBe(404);
    expect(
      (await errorOf(await send(s, API_PRICING.staffCards, { params: { orgId: 999_999 }, token: staff }))).status,
    ).toBe(404);
    const { cards } = await answer(s, API_PRICING.staffCards, { params: { orgId: sellerOrg }, token: staff });
    expect(cards).toEqual([]);
    await plan(sellerOrg, 'LITE');

    // the card of the day prices: today the first, from day 10 the second
    const zone = (await rates()).zone;
    expect(azQuote(await rates()).totalPaise).toBe(priced(cheaperAz(), zone, parcel).totalPaise);
    const start = s.clock.now;
    s.clock.now = new Date(start.getTime() + 10 * DAY);
    try {
      meera = (await login(s, { email: 'meera@demo.dakiya.in', password: 'Seller@123' })).token;
      expect(azQuote(await rates()).totalPaise).toBe(priced(cheaperAz(2000), zone, parcel).totalPaise);
    } finally {
      s.clock.now = start;
      meera = (await login(s, { email: 'meera@demo.dakiya.in', password: 'Seller@123' })).token;
    }
  });

  it('is staff work for a role with pricing.manage: support and sellers are refused', async () => {
    expect(
      (await errorOf(await send(s, API_PRICING.staffCards, { params: { orgId: meeraOrg }, token: support }))).status,
    ).toBe(403);
    expect((await errorOf(await create(meeraOrg, body({ validFrom: dayAfter(400) }), support))).status).toBe(403);
    expect((await errorOf(await create(meeraOrg, body({ validFrom: dayAfter(400) }), meera))).status).toBe(403);
    expect((await errorOf(await send(s, API_PRICING.sellerCard, { token: staff }))).status).toBe(403);
    // the demo seller is on Lite: their own card page is refused by plan
    expect((await errorOf(await send(s, API_PRICING.sellerCard, { token: seller }))).status).toBe(403);
  });

  it('saves one card when two staff add the same days at the same moment', async () => {
    await plan(sellerOrg, 'PREMIUM');
    const json = body({ validFrom: dayAfter(5), validUntil: dayAfter(35) });
    const answers = await Promise.all([create(sellerOrg, json), create(sellerOrg, json), create(sellerOrg, json)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const { cards } = await answer(s, API_PRICING.staffCards, { params: { orgId: sellerOrg }, token: staff });
    expect(cards).toHaveLength(1);
    await plan(sellerOrg, 'LITE');
  });

  it('never reprices a booked shipment: its charge and RTO charge stay when the card changes', async () => {
    await creditWallet(s, staff, meeraOrg, 20_000, 'Float for custom pricing');
    const o = await newShippableOrder(s, meera, pickupId);
    const info = await answer(s, API_SHIPPING.ship, {
      params: { orderId: o.orderId },
      body: { carrierCode: 'AZ' },
      token: meera,
    });
    const booked = priced(cheaperAz(), info.zone, parcel);
    expect(info).toMatchObject({ totalPaise: booked.totalPaise, rtoChargePaise: booked.rtoChargePaise });

    // staff raise the card in force well above the default
    await update(meeraOrg, cardId, body({ validUntil: dayAfter(9) }, cheaperAz(-5000)));
    const after = await answer(s, API_SHIPPING.shipment, { params: { orderId: o.orderId }, token: meera });
    expect(after).toMatchObject({
      totalPaise: booked.totalPaise,
      freightPaise: booked.freightPaise,
      rtoChargePaise: booked.rtoChargePaise,
    });
    expect(azQuote(await rates()).totalPaise).toBe(priced(cheaperAz(-5000), info.zone, parcel).totalPaise);

    // the parcel comes back: the RTO charge is the booked one
    const profile = CARRIER_BY_CODE.get('AZ')!;
    const [p] = await s.deps.db.select().from(sandboxParcels).where(eq(sandboxParcels.awb, info.awb));
    const life = planLife(
      { ...profile, behaviour: { ...profile.behaviour, lossRate: 0, ndrRate: 1, rtoRate: 1 } },
      info.awb,
      p.lane,
    );
    await s.deps.db.update(sandboxParcels).set({ plan: life }).where(eq(sandboxParcels.awb, info.awb));
    await liveOut(s, info.awb);
    const [{ status }] = await s.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, o.orderId));
    expect(status).toBe('RTO_DLV');
    const charges = await answer(s, API_WALLET.shippingCharges, { query: { searchPattern: info.awb }, token: meera });
    expect(charges.items[0]).toMatchObject({
      freightPaise: booked.freightPaise + Math.round(booked.freightPaise * 0.18),
      rtoPaise: booked.rtoChargePaise + Math.round(booked.rtoChargePaise * 0.18),
    });
  });
});

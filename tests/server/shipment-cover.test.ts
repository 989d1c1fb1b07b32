import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SHIPPING, type ShipmentInfo } from '../../src/domain/shipping-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { API_DISPUTES } from '../../src/domain/disputes-contract';
import type { OrderDetail } from '../../src/domain/orders-contract';
import { pathOf } from '../../src/domain/operation';
import { istMonth } from '../../src/domain/wallet-statement';
import { delayProtectionPrice, freightCharged, insurancePremium } from '../../src/domain/shipping/cover';
import type { CourierStatus } from '../../src/domain/shipping/courier-status';
import { journalEntries, notifications } from '../../server/db/schema';
import { ingestScans } from '../../server/modules/courier-inlet/ingest';
import { answer, answerOf } from './call';
import { solidPng } from './pdf-reader';
import { errorOf, type TestServer } from './harness';
import { creditWallet, demoTokens, newShippableOrder, startDemoServer, verifiedPickup } from './helpers';

// Insurance and delay protection through HTTP against the real database: the premium in the quote
// and the seller's rule, the charges on the AWB, the refund on cancel, the delay credit once under
// repeated Delivered scans, an insured claim paid once and capped, and the statement's lines.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('insurance and delay protection', () => {
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
    await creditWallet(s, staff, orgId, 50_000, 'Float for cover tests');
  });
  afterAll(() => s.close());

  const balance = async () => (await answer(s, API_WALLET.wallet, { token: meera })).balancePaise;
  const entriesOf = (awb: string) =>
    s.deps.db
      .select()
      .from(journalEntries)
      .where(like(journalEntries.externalKey, `shipment:${awb}:%`));
  const ship = (orderId: number, body: Record<string, unknown>, token = meera) =>
    s.request(pathOf(API_SHIPPING.ship, { orderId }), { method: 'POST', json: body, token });
  const quotesOf = (orderId: number) => answer(s, API_SHIPPING.courierQuotes, { params: { orderId }, token: meera });
  const savePrefs = (insureAboveRupees: number | null) =>
    s.request(API_SHIPPING.savePreferences.path, {
      method: 'PUT',
      json: { autoShipRule: 'CHEAPEST', carrierPriority: [], insureAboveRupees },
      token: meera,
    });

  async function shipped(
    cover: { insured?: boolean | null; delayProtection?: boolean },
    over: Record<string, unknown> = {},
  ): Promise<{ order: OrderDetail; info: ShipmentInfo }> {
    const order = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD', ...over });
    const { quotes } = await quotesOf(order.orderId);
    const info = await answerOf(
      API_SHIPPING.ship,
      await ship(order.orderId, { carrierCode: quotes[0].carrierCode, idempotencyKey: crypto.randomUUID(), ...cover }),
    );
    return { order, info };
  }

  const scansTo = (awb: string, path: CourierStatus[], endAt: Date) =>
    path.map((courierStatus, i) => ({
      awb,
      at: new Date(endAt.getTime() - (path.length - 1 - i) * HOUR),
      courierStatus,
      location: 'Bengaluru',
      remark: courierStatus,
    }));
  /** noon IST of a day, plus days */
  const istNoon = (day: string, plusDays = 0) => new Date(new Date(`${day}T12:00:00+05:30`).getTime() + plusDays * DAY);

  it('quotes the premium on the order value and follows the seller’s rule', async () => {
    const order = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const answer0 = await quotesOf(order.orderId);
    expect(answer0.cover).toEqual({
      declaredValuePaise: order.totalPaise,
      insurance: insurancePremium(order.totalPaise),
      insuranceRefusal: null,
      insuredByRule: false,
      insureAboveRupees: null,
    });
    // ₹1,450 at 0.55 % is ₹7.98: the ₹15 minimum applies, plus 18 % GST
    expect(answer0.cover?.insurance).toEqual({ pricePaise: 1_500, gstPaise: 270, totalPaise: 1_770 });

    expect((await savePrefs(1_000)).status).toBe(200);
    const prefs = await answer(s, API_SHIPPING.preferences, { token: meera });
    expect(prefs.insureAboveRupees).toBe(1_000);
    const ruled = await quotesOf(order.orderId);
    expect(ruled.cover).toMatchObject({ insuredByRule: true, insureAboveRupees: 1_000 });
    // a form that does not send the line leaves it as it was
    await s.request(API_SHIPPING.savePreferences.path, {
      method: 'PUT',
      json: { autoShipRule: 'CHEAPEST', carrierPriority: [] },
      token: meera,
    });
    expect((await answer(s, API_SHIPPING.preferences, { token: meera })).insureAboveRupees).toBe(1_000);
    expect((await savePrefs(null)).status).toBe(200);
    expect((await quotesOf(order.orderId)).cover?.insuredByRule).toBe(false);
  });

  it('refuses bad input naming the field by its label', async () => {
    const order = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const { quotes } = await quotesOf(order.orderId);
    const bad = await errorOf(await ship(order.orderId, { carrierCode: quotes[0].carrierCode, insured: 'yes' }));
    expect(bad).toMatchObject({ status: 400, message: expect.stringContaining('Insurance must be chosen or not') });
    const bad2 = await errorOf(await ship(order.orderId, { carrierCode: quotes[0].carrierCode, delayProtection: 1 }));
    expect(bad2).toMatchObject({ status: 400, message: expect.stringContaining('Delay protection must be chosen') });
    const neg = await errorOf(await savePrefs(-5));
    expect(neg).toMatchObject({
      status: 400,
      message: expect.stringContaining('Insure every shipment above (₹) cannot'),
    });
    const huge = await errorOf(await savePrefs(30_00_000));
    expect(huge).toMatchObject({
      status: 400,
      message: expect.stringContaining('Insure every shipment above (₹) must be at most'),
    });
    const frac = await errorOf(await savePrefs(10.5));
    expect(frac).toMatchObject({ status: 400, message: expect.stringContaining('whole number') });
  });

  it('answers 404 for another seller’s order', async () => {
    const order = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const { quotes } = await quotesOf(order.orderId);
    const res = await ship(order.orderId, { carrierCode: quotes[0].carrierCode, insured: true }, seller);
    expect(res.status).toBe(404);
    const q = await s.request(pathOf(API_SHIPPING.courierQuotes, { orderId: order.orderId }), { token: seller });
    expect(q.status).toBe(404);
  });

  it('charges the premium and the protection on the AWB beside the freight, and refunds them with it', async () => {
    const before = await balance();
    const { order, info } = await shipped({ insured: true, delayProtection: true });
    const premium = insurancePremium(order.totalPaise).totalPaise;
    const protection = delayProtectionPrice(info.freightPaise).totalPaise;
    expect(info).toMatchObject({
      insuredValuePaise: order.totalPaise,
      insurancePaise: premium,
      delayProtectionPaise: protection,
    });
    expect(await balance()).toBe(before - info.totalPaise - premium - protection);
    const lines = await entriesOf(info.awb);
    expect(lines.map((e) => [e.kind, e.externalKey]).sort()).toEqual(
      [
        ['DELAY_PROTECTION_CHARGE', `shipment:${info.awb}:delay-protection`],
        ['INSURANCE_PREMIUM', `shipment:${info.awb}:insurance`],
        ['SHIPPING_CHARGE', `shipment:${info.awb}:freight`],
      ].sort(),
    );

    const cancelled = await s.request(pathOf(API_SHIPPING.cancelShipment, { orderId: order.orderId }), {
      method: 'DELETE',
      token: meera,
    });
    expect(cancelled.status).toBe(200);
    expect(await balance()).toBe(before);
    const refund = (await entriesOf(info.awb)).find((e) => e.kind === 'SHIPMENT_REFUND');
    expect(refund?.externalKey).toBe(`shipment:${info.awb}:refund`);
  });

  it('insures by the seller’s rule when the request leaves it open, and not below the line', async () => {
    expect((await savePrefs(1_000)).status).toBe(200);
    const above = await shipped({});
    expect(above.info.insurancePaise).toBe(insurancePremium(above.order.totalPaise).totalPaise);
    // the seller may still say no for one shipment
    const declined = await shipped({ insured: false });
    expect(declined.info.insurancePaise).toBe(0);
    expect((await savePrefs(5_000)).status).toBe(200);
    const below = await shipped({});
    expect(below.info).toMatchObject({ insurancePaise: 0, insuredValuePaise: 0 });
    expect((await savePrefs(null)).status).toBe(200);
  });

  it('credits a protected shipment delivered late once, under the same Delivered scan arriving at once', async () => {
    const { info } = await shipped({ delayProtection: true });
    expect(info.expectedDeliveryDate).toBeTruthy();
    const late = istNoon(info.expectedDeliveryDate!, 2);
    await ingestScans(
      s.deps,
      scansTo(info.awb, ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY'], new Date(late.getTime() - HOUR)),
    );
    const before = await balance();
    const delivered = scansTo(info.awb, ['DELIVERED'], late);
    await Promise.all([1, 2, 3, 4].map(() => ingestScans(s.deps, delivered)));
    await ingestScans(s.deps, delivered);
    const credit = freightCharged(info.totalPaise, info.codChargePaise);
    expect(credit).toBeGreaterThan(0);
    expect(await balance()).toBe(before + credit);
    const credits = (await entriesOf(info.awb)).filter((e) => e.kind === 'DELAY_CREDIT');
    expect(credits).toHaveLength(1);
    expect(credits[0].externalKey).toBe(`shipment:${info.awb}:delay-credit`);
    const bell = await s.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'DELAY_CREDIT'), eq(notifications.ref, info.awb)));
    expect(bell).toHaveLength(1);
    expect(bell[0]).toMatchObject({ orgId, link: '/wallet' });
    expect(bell[0].title).toContain('Delay credit of ₹');
  });

  it('credits nothing for an on-time protected delivery, nor for a late unprotected one', async () => {
    const onTime = await shipped({ delayProtection: true });
    const plain = await shipped({});
    await ingestScans(s.deps, [
      ...scansTo(onTime.info.awb, ['PICKED_UP', 'DELIVERED'], istNoon(onTime.info.expectedDeliveryDate!)),
      ...scansTo(plain.info.awb, ['PICKED_UP', 'DELIVERED'], istNoon(plain.info.expectedDeliveryDate!, 3)),
    ]);
    for (const awb of [onTime.info.awb, plain.info.awb])
      expect((await entriesOf(awb)).filter((e) => e.kind === 'DELAY_CREDIT')).toHaveLength(0);
  });

  it('pays an insured lost parcel’s claim once, at most the declared value, through the dispute flow', async () => {
    const { order, info } = await shipped({ insured: true });
    await ingestScans(
      s.deps,
      scansTo(info.awb, ['PICKED_UP', 'IN_TRANSIT', 'LOST'], new Date(s.clock.now.getTime() - HOUR)),
    );
    const form = new FormData();
    form.set('file', new File([new Uint8Array(solidPng(8, 8, [200, 40, 40]))], 'box.png', { type: 'image/png' }));
    const image = await answerOf(
      API_DISPUTES.evidence,
      await s.request(API_DISPUTES.evidence.path, { method: 'POST', body: form, token: meera }),
    );
    const raise = (category: string, token = meera) =>
      s.request(API_DISPUTES.raise.path, {
        method: 'POST',
        json: {
          orderId: order.orderId,
          category,
          description: 'The courier reported the parcel lost in transit',
          evidence: [image.fileId],
        },
        token,
      });
    // a lost parcel is claimed as not received, never as a wrong item
    expect(await errorOf(await raise('WRONG_ITEM'))).toMatchObject({
      status: 400,
      message: expect.stringContaining('Category: a lost or damaged insured parcel'),
    });
    expect((await raise('NOT_RECEIVED', seller)).status).toBe(404);
    const d = await answerOf(API_DISPUTES.raise, await raise('NOT_RECEIVED'));
    expect(d.maxCreditPaise).toBe(order.totalPaise);
    await answer(s, API_DISPUTES.sendToCourier, { params: { disputeId: d.disputeId }, token: staff });
    const accept = (amount: number) =>
      s.request(pathOf(API_DISPUTES.accept, { disputeId: d.disputeId }), {
        method: 'POST',
        json: { amount, note: 'Courier confirmed the loss' },
        token: staff,
      });
    expect(await errorOf(await accept(order.totalPaise / 100 + 1))).toMatchObject({
      status: 400,
      message: expect.stringContaining('(the insured declared value)'),
    });
    const before = await balance();
    const tries = await Promise.all([1, 2, 3].map(() => accept(order.totalPaise / 100)));
    expect(tries.filter((r) => r.status === 200)).toHaveLength(1);
    expect(tries.filter((r) => r.status === 409)).toHaveLength(2);
    expect(await balance()).toBe(before + order.totalPaise);
    const payouts = (await entriesOf(info.awb)).filter((e) => e.kind === 'INSURANCE_CLAIM');
    expect(payouts).toHaveLength(1);
    expect(payouts[0].externalKey).toBe(`shipment:${info.awb}:insurance-claim`);
  });

  it('puts the premium, the protection, the claim and the delay credit on the month’s statement', async () => {
    const month = istMonth(s.clock.now);
    const st = await answer(s, API_WALLET.statement, { params: { month }, token: meera });
    const section = (key: string) => st.sections.find((x) => x.key === key);
    expect(section('cover')?.title).toBe('Insurance and delay protection');
    expect(new Set(section('cover')?.lines.map((l) => l.label))).toEqual(
      new Set(['Insurance premium', 'Delay protection']),
    );
    expect(section('cover')!.subtotalPaise).toBeLessThan(0);
    // the delay credits were dated by their scans, the claim by the clock: both in this month or the next
    const credits = section('coverCredits');
    expect(credits?.title).toBe('Insurance claims and delay credits');
    expect(credits?.lines.some((l) => l.label === 'Insurance claim payout')).toBe(true);
    expect(st.closingPaise).toBe(st.ledgerClosingPaise);
  });
});

import { pathOf } from '../../src/domain/operation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { API_ORDERS } from '../../src/domain/orders-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { API_COD_VERIFICATION } from '../../src/domain/cod-verification-contract';
import { AWAITING_REFUSAL, CANCELLED_REFUSAL, HELD_REFUSAL } from '../../src/domain/cod-verification';
import { planFeatureRefusal } from '../../src/domain/plans';
import { codVerificationEvents, codVerifications, orders } from '../../server/db/schema';
import { runVerificationExpiry } from '../../server/modules/cod-verification/service';
import { errorOf, type TestServer } from './harness';
import { answer, answerOf, send } from './call';
import {
  creditWallet,
  demoTokens,
  finishedUpload,
  MEERA,
  login,
  newShippableOrder,
  SELLER,
  startDemoServer,
  startUpload,
  verifiedPickup,
} from './helpers';
import { invitedUser, ownerOn } from './team-helpers';

// COD order verification through HTTP: the settings and their plan gate, a verification opened
// with each new COD order, the buyer's link and answers, shipping refused until the buyer
// confirms (or the seller overrides), and the wait's end by the seller's rule.

const HOUR = 3_600_000;

describe('COD order verification', () => {
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
    await creditWallet(s, staff, meeraOrg, 20_000, 'Test float for COD verification');
  }, 60_000);
  afterAll(() => s.close());

  const settings = (json: Record<string, unknown>, token = meera) =>
    s.request(API_COD_VERIFICATION.saveSettings.path, { method: 'PUT', token, json });
  const ALL = {
    enabled: true,
    scope: 'ALL',
    minOrderValueRupees: null,
    riskyPincodes: false,
    minPastRtos: null,
    waitHours: 2,
    afterWait: 'HOLD',
    offerPrepaid: true,
  };
  /** the clock moves past the wait; the sellers log in again (their tokens expired meanwhile) */
  const later = async (ms: number) => {
    s.clock.advance(ms);
    meera = (await login(s, MEERA)).token;
    seller = (await login(s, SELLER)).token;
  };
  const newOrder = (over: Record<string, unknown> = {}) => newShippableOrder(s, meera, pickupId, over);
  const verification = async (orderId: number, token = meera) =>
    answer(s, API_COD_VERIFICATION.order, { params: { orderId }, token });
  const linkOf = async (phone = '9988776655') => {
    const rows = await s.deps.messenger.recent();
    const m = rows.find((r) => r.recipient === `+91${phone}` && r.body.includes('/cod/'));
    if (!m) throw new Error('no link');
    return /\/cod\/([^\s?]+)/.exec(m.body)![1];
  };
  const view = async (token: string) => answer(s, API_COD_VERIFICATION.buyer, { params: { token } });
  const buyerAnswers = (token: string, json: Record<string, unknown>) =>
    s.request(pathOf(API_COD_VERIFICATION.buyerAnswer, { token }), { method: 'POST', json });
  const ship = (orderId: number) =>
    send(s, API_SHIPPING.ship, { params: { orderId }, body: { carrierCode: 'DE' }, token: meera });
  const order = async (id: number) => answer(s, API_ORDERS.order, { params: { orderId: id }, token: meera });

  describe('settings and the plan gate', () => {
    it('Lite (the plan below Pro) is refused with the plan’s message; Pro reads the defaults', async () => {
      expect(await errorOf(await s.request(API_COD_VERIFICATION.settings.path, { token: seller }))).toEqual(
        expect.objectContaining({ status: 403, message: planFeatureRefusal('codVerification') }),
      );
      expect((await errorOf(await settings(ALL, seller))).status).toBe(403);
      const pro = await answer(s, API_COD_VERIFICATION.settings, { token: meera });
      expect(pro).toMatchObject({
        enabled: false,
        scope: 'ALL',
        waitHours: 24,
        afterWait: 'HOLD',
        pincodeRiskThresholdPercent: 35,
        pincodeRiskMinShipments: 20,
        gatewayAvailable: true,
      });
    });

    it('Premium is allowed too', async () => {
      const premium = await ownerOn(s, 'PREMIUM');
      expect((await s.request(API_COD_VERIFICATION.settings.path, { token: premium.token })).status).toBe(200);
      const lite = await ownerOn(s, 'LITE');
      expect((await s.request(API_COD_VERIFICATION.settings.path, { token: lite.token })).status).toBe(403);
    });

    it.each([
      [{ waitHours: 0 }, 'Wait for an answer (hours) must be at least 1'],
      [{ waitHours: 73 }, 'Wait for an answer (hours) must be at most 72'],
      [{ afterWait: 'LATER' }, 'If the buyer does not answer must be one of Ship, Hold, Cancel'],
      [{ scope: 'SOME' }, 'Which COD orders to verify must be one of All, Rules'],
      [{ scope: 'RULES' }, 'Which COD orders to verify: choose at least one rule, or verify every COD order'],
      [{ scope: 'RULES', minOrderValueRupees: 0 }, 'Order value above (₹) must be at least 1'],
      [{ scope: 'RULES', minPastRtos: 51 }, 'Buyer’s past RTOs with you must be at most 50'],
      [{ scope: 'RULES', minRiskBand: 'LOW' }, 'Verify by RTO risk must be one of Medium, High'],
    ])('refuses %o naming the field by its label', async (over, message) => {
      const e = await errorOf(await settings({ ...ALL, ...over }));
      expect(e.status).toBe(400);
      expect(e.message).toContain(message);
    });

    it('saves the rules', async () => {
      const saved = await answerOf(
        API_COD_VERIFICATION.saveSettings,
        await settings({ ...ALL, scope: 'RULES', minOrderValueRupees: 1000, minPastRtos: 2 }),
      );
      expect(saved).toMatchObject({ scope: 'RULES', minOrderValueRupees: 1000, minPastRtos: 2, riskyPincodes: false });
    });
  });

  describe('with every COD order verified, held after 2 hours', () => {
    beforeAll(async () => {
      await answerOf(API_COD_VERIFICATION.saveSettings, await settings(ALL));
    });

    it('opens a verification for a COD order, messages the buyer, and leaves prepaid orders alone', async () => {
      const o = await newOrder();
      expect(o.codVerification).toBe('PENDING');
      const v = await verification(o.orderId);
      expect(v).toMatchObject({
        state: 'PENDING',
        reasons: ['Every COD order is verified'],
        shippingRefusal: AWAITING_REFUSAL,
        mayOverride: true,
        mayResend: true,
        messagesSent: 1,
      });
      expect(v.timeline.map((e) => e.kind)).toEqual(['OPENED', 'MESSAGED']);
      const rows = await s.deps.messenger.recent();
      expect(rows.find((r) => r.recipient === '+919988776655')?.body).toMatch(
        /please confirm your cash-on-delivery order .* of ₹1,450\.00 before we ship it: http.*\/cod\//,
      );
      const ppd = await newOrder({ paymentMethod: 'PPD' });
      expect(ppd.codVerification).toBeNull();
      expect(
        (await s.request(pathOf(API_COD_VERIFICATION.order, { orderId: ppd.orderId }), { token: meera })).status,
      ).toBe(404);
    });

    it('refuses shipping an order awaiting its buyer: manual and auto-ship', async () => {
      const o = await newOrder();
      expect(await errorOf(await ship(o.orderId))).toMatchObject({ status: 409, message: AWAITING_REFUSAL });
      const auto = await answer(s, API_SHIPPING.autoShip, {
        body: { orderIds: [o.orderId], rule: 'CHEAPEST' },
        token: meera,
      });
      expect(auto.results[0]).toMatchObject({ shipped: false, reason: AWAITING_REFUSAL });
      // nor does the order offer to ship
      expect(await order(o.orderId)).toMatchObject({ status: 'RTS', actions: { ship: false } });
    });

    it('shows the buyer the order and takes a confirmation once; the order then ships', async () => {
      const o = await newOrder({ buyerPhone: '9811100001', buyerEmail: 'asha@example.in' });
      const token = await linkOf('9811100001');
      const page = await view(token);
      expect(page).toMatchObject({
        brandName: expect.any(String),
        orderNumber: o.orderNumber,
        items: [{ name: 'Blue Pottery Vase', quantity: 1 }],
        amountPaise: 145_000,
        paymentMethod: 'COD',
        state: 'PENDING',
        answeredText: null,
        offerPrepaid: true,
      });
      expect(page.addressText).toContain('560038');
      const rows = await s.deps.messenger.recent();
      expect(rows.find((r) => r.recipient === 'asha@example.in')?.subject).toBe(
        `Please confirm your order ${o.orderNumber}`,
      );
      const first = await answerOf(API_COD_VERIFICATION.buyerAnswer, await buyerAnswers(token, { answer: 'CONFIRM' }));
      expect(first).toMatchObject({ state: 'CONFIRMED', answeredText: 'You confirmed this order already' });
      expect((await order(o.orderId)).actions.ship).toBe(true);
      // the same answer again is answered as it stands; another answer is refused
      expect(
        (await answerOf(API_COD_VERIFICATION.buyerAnswer, await buyerAnswers(token, { answer: 'CONFIRM' }))).state,
      ).toBe('CONFIRMED');
      expect(
        await errorOf(await buyerAnswers(token, { answer: 'CANCEL', cancelReason: 'CHANGED_MIND' })),
      ).toMatchObject({
        status: 409,
        message: 'You confirmed this order already',
      });
      expect(
        (await errorOf(await s.request(pathOf(API_COD_VERIFICATION.buyerPay, { token }), { method: 'POST' }))).status,
      ).toBe(409);
      expect(await verification(o.orderId)).toMatchObject({
        state: 'CONFIRMED',
        shippingRefusal: null,
        mayResend: false,
      });
      expect((await ship(o.orderId)).status).toBe(200);
    });

    it('refuses a forged, altered or other-purpose link', async () => {
      const token = await linkOf('9811100001');
      const [id, mac] = token.split('.');
      for (const bad of [
        `${id}.${'A'.repeat(22)}`,
        `${(parseInt(id, 36) + 1).toString(36)}.${mac}`,
        'abc',
        `${id}.${mac}x`,
      ])
        expect((await errorOf(await s.request(pathOf(API_COD_VERIFICATION.buyer, { token: bad })))).status).toBe(404);
    });

    it('a cancellation needs a reason and cancels the order through the status gate', async () => {
      const o = await newOrder({ buyerPhone: '9811100002' });
      const token = await linkOf('9811100002');
      expect(await errorOf(await buyerAnswers(token, { answer: 'CANCEL' }))).toMatchObject({
        status: 400,
        message: expect.stringContaining('Reason is required'),
      });
      expect((await errorOf(await buyerAnswers(token, { answer: 'MAYBE' }))).status).toBe(400);
      const done = await answerOf(
        API_COD_VERIFICATION.buyerAnswer,
        await buyerAnswers(token, { answer: 'CANCEL', cancelReason: 'NOT_ORDERED' }),
      );
      expect(done.state).toBe('CANCELLED');
      const after = await order(o.orderId);
      expect(after.status).toBe('CAN');
      expect(after.history.at(-1)).toMatchObject({
        toStatus: 'CAN',
        note: 'Cancelled by the buyer: I did not place this order',
      });
      expect((await verification(o.orderId)).cancelReason).toBe('I did not place this order');
      expect((await errorOf(await ship(o.orderId))).status).toBe(409);
      expect(CANCELLED_REFUSAL).toBeTruthy();
    });

    it('concurrent answers: one wins, the other is refused or answered as it stands', async () => {
      await newOrder({ buyerPhone: '9811100003' });
      const token = await linkOf('9811100003');
      const results = await Promise.all([
        buyerAnswers(token, { answer: 'CONFIRM' }),
        buyerAnswers(token, { answer: 'CANCEL', cancelReason: 'OTHER' }),
        buyerAnswers(token, { answer: 'CONFIRM' }),
      ]);
      const states = results.map((r) => r.status);
      const final = await view(token);
      expect(['CONFIRMED', 'CANCELLED']).toContain(final.state);
      // the winner's kind answers 200, the other kind 409
      const ok = final.state === 'CONFIRMED' ? [0, 2] : [1];
      for (const [i, st] of states.entries()) expect(st).toBe(ok.includes(i) ? 200 : 409);
      const id = Number.parseInt(token.split('.')[0], 36);
      const answered = await s.deps.db
        .select()
        .from(codVerificationEvents)
        .where(eq(codVerificationEvents.verificationId, id));
      expect(answered.filter((e) => e.kind === 'CONFIRMED' || e.kind === 'CANCELLED')).toHaveLength(1);
    });

    it('pay now: the gateway’s success makes the order prepaid, once, with its COD amount 0', async () => {
      const o = await newOrder({ buyerPhone: '9811100004' });
      const token = await linkOf('9811100004');
      const started = await answer(s, API_COD_VERIFICATION.buyerPay, { params: { token } });
      expect(started.url).toContain('/pay/');
      // not paid yet: the check leaves it pending
      const check = () =>
        send(s, API_COD_VERIFICATION.buyerPayCheck, {
          params: { token },
          body: { merchantTransactionId: started.merchantTransactionId },
        });
      expect((await answerOf(API_COD_VERIFICATION.buyerPayCheck, await check())).state).toBe('PENDING');
      const path = new URL(started.url).pathname;
      // the gateway's page says whom the buyer pays and for what, never the platform's wallet
      const hosted = await (await s.request(path)).text();
      expect(hosted).toContain(`Paying Meera Crafts for order ${o.orderNumber}`);
      expect(hosted).not.toContain('wallet');
      const paid = await s.request(path, {
        method: 'POST',
        body: new URLSearchParams({ outcome: 'success' }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(paid.status).toBeLessThan(400);
      const answers = await Promise.all([check(), check(), check()]);
      for (const a of answers) expect((await answerOf(API_COD_VERIFICATION.buyerPayCheck, a)).state).toBe('SWITCHED');
      const after = await order(o.orderId);
      expect(after).toMatchObject({ paymentMethod: 'PPD', codAmountPaise: 0, codVerification: 'SWITCHED' });
      const v = await verification(o.orderId);
      expect(v.timeline.filter((e) => e.kind === 'SWITCHED')).toHaveLength(1);
      expect(v.timeline.at(-1)?.note).toMatch(/Paid ₹1,450\.00 online \(sandbox gateway\), payment SBX/);
      expect(
        (
          await errorOf(
            await s.request(pathOf(API_COD_VERIFICATION.buyerPayCheck, { token }), {
              method: 'POST',
              json: { merchantTransactionId: 'DKYCVNOTOURS' },
            }),
          )
        ).status,
      ).toBe(404);
      expect((await ship(o.orderId)).status).toBe(200);
    });

    it('the wait ends by the rule: held orders refuse shipping until the seller overrides (recorded)', async () => {
      const o = await newOrder({ buyerPhone: '9811100005' });
      await later(2 * HOUR + 1000);
      expect(await runVerificationExpiry(s.deps)).toBeGreaterThanOrEqual(1);
      const v = await verification(o.orderId);
      expect(v).toMatchObject({
        state: 'EXPIRED',
        appliedRule: 'HOLD',
        shippingRefusal: HELD_REFUSAL,
        mayOverride: true,
      });
      const token = await linkOf('9811100005');
      expect(await errorOf(await buyerAnswers(token, { answer: 'CONFIRM' }))).toMatchObject({
        status: 409,
        message: 'This link has expired: please contact the seller',
      });
      expect(await errorOf(await ship(o.orderId))).toMatchObject({ status: 409, message: HELD_REFUSAL });
      const overridden = await answer(s, API_COD_VERIFICATION.override, {
        params: { orderId: o.orderId },
        token: meera,
      });
      expect(overridden).toMatchObject({ overridden: true, shippingRefusal: null, mayOverride: false });
      expect(overridden.timeline.at(-1)?.note).toMatch(/^Cleared to ship without the buyer’s confirmation by /);
      expect(
        (
          await s.request(pathOf(API_COD_VERIFICATION.override, { orderId: o.orderId }), {
            method: 'POST',
            token: meera,
          })
        ).status,
      ).toBe(409);
      expect((await ship(o.orderId)).status).toBe(200);
    });

    it('the list filters by verification state', async () => {
      await newOrder({ buyerPhone: '9811100012' });
      const pending = await answer(s, API_ORDERS.orders, {
        query: { codVerificationFilter: 'PENDING', recordsPerPage: '100' },
        token: meera,
      });
      expect(pending.items.length).toBeGreaterThan(0);
      expect(pending.items.every((r) => r.codVerification === 'PENDING')).toBe(true);
      const switched = await answer(s, API_ORDERS.orders, {
        query: { codVerificationFilter: 'SWITCHED,EXPIRED' },
        token: meera,
      });
      expect(new Set(switched.items.map((r) => r.codVerification))).toEqual(new Set(['SWITCHED', 'EXPIRED']));
      expect(
        (await errorOf(await s.request(`${API_ORDERS.orders.path}?codVerificationFilter=MAYBE`, { token: meera })))
          .message,
      ).toContain('COD verification');
    });

    it('resends the link at most three more times', async () => {
      const o = await newOrder({ buyerPhone: '9811100006' });
      const before = (await s.deps.messenger.recent()).filter((m) => m.recipient === '+919811100006').length;
      const resend = () => send(s, API_COD_VERIFICATION.resend, { params: { orderId: o.orderId }, token: meera });
      for (let i = 2; i <= 4; i++)
        expect((await answerOf(API_COD_VERIFICATION.resend, await resend())).messagesSent).toBe(i);
      expect((await errorOf(await resend())).status).toBe(409);
      const after = (await s.deps.messenger.recent()).filter((m) => m.recipient === '+919811100006').length;
      expect(after - before).toBe(3);
      expect((await verification(o.orderId)).mayResend).toBe(false);
    });

    it('another seller’s order is a 404; a role without the permission is a 403', async () => {
      const o = await newOrder({ buyerPhone: '9811100007' });
      for (const path of [pathOf(API_COD_VERIFICATION.order, { orderId: o.orderId })])
        expect((await s.request(path, { token: seller })).status).toBe(404);
      for (const path of [
        pathOf(API_COD_VERIFICATION.resend, { orderId: o.orderId }),
        pathOf(API_COD_VERIFICATION.override, { orderId: o.orderId }),
      ])
        expect((await s.request(path, { method: 'POST', token: seller })).status).toBe(404);
      const role = await answer(s, API_TEAM.addRole, {
        body: { roleName: 'Viewers', permissions: ['orders.view'] },
        token: meera,
      });
      const viewer = await invitedUser(s, meera, 'viewer@cod.test', { teamRoleId: role.roleId });
      expect(
        (await s.request(pathOf(API_COD_VERIFICATION.order, { orderId: o.orderId }), { token: viewer.token })).status,
      ).toBe(200);
      expect(
        (
          await s.request(pathOf(API_COD_VERIFICATION.override, { orderId: o.orderId }), {
            method: 'POST',
            token: viewer.token,
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await s.request(pathOf(API_COD_VERIFICATION.resend, { orderId: o.orderId }), {
            method: 'POST',
            token: viewer.token,
          })
        ).status,
      ).toBe(403);
      expect((await settings(ALL, viewer.token)).status).toBe(403);
    });
  });

  describe('the other rules after the wait', () => {
    it('cancel: the order is cancelled; ship anyway: it may ship', async () => {
      await answerOf(API_COD_VERIFICATION.saveSettings, await settings({ ...ALL, afterWait: 'CANCEL' }));
      const cancelled = await newOrder({ buyerPhone: '9811100008' });
      await answerOf(API_COD_VERIFICATION.saveSettings, await settings({ ...ALL, afterWait: 'SHIP' }));
      const shipped = await newOrder({ buyerPhone: '9811100009' });
      await later(2 * HOUR + 1000);
      await runVerificationExpiry(s.deps);
      expect((await order(cancelled.orderId)).status).toBe('CAN');
      expect((await verification(cancelled.orderId)).appliedRule).toBe('CANCEL');
      expect(await verification(shipped.orderId)).toMatchObject({ appliedRule: 'SHIP', shippingRefusal: null });
      expect((await ship(shipped.orderId)).status).toBe(200);
      // a second run finds nothing more to do
      expect(await runVerificationExpiry(s.deps)).toBe(0);
    });

    it('rules: only orders above the value are verified; a repeat buyer with RTOs is', async () => {
      await answerOf(
        API_COD_VERIFICATION.saveSettings,
        await settings({ ...ALL, scope: 'RULES', minOrderValueRupees: 2000, minPastRtos: 1 }),
      );
      const small = await newOrder({ buyerPhone: '9811100010' });
      expect(small.codVerification).toBeNull();
      const big = await newOrder({
        buyerPhone: '9811100010',
        items: [{ name: 'Brass Lamp', sku: 'BL-1', quantity: 2, unitPrice: 1500, taxRatePercent: 12 }],
      });
      expect((await verification(big.orderId)).reasons).toEqual(['Order value above ₹2,000']);
      await s.deps.db.update(orders).set({ rtoAt: s.clock.now }).where(eq(orders.id, small.orderId));
      const again = await newOrder({ buyerPhone: '9811100010' });
      expect((await verification(again.orderId)).reasons).toEqual(['Buyer had 1 return to origin with you']);
    });

    it('the RTO band rule: the band or higher waits with the band as its reason, on the form and a CSV upload', async () => {
      // a short address without a house number, COD over ₹3,000: high risk; the usual COD order: medium
      const risky = { shipping: { line1: 'Near tank', pincode: '560038' } };
      const big = [{ name: 'Brass Lamp', sku: 'BL-1', quantity: 1, unitPrice: 4200, taxRatePercent: 12 }];
      await answerOf(
        API_COD_VERIFICATION.saveSettings,
        await settings({ ...ALL, scope: 'RULES', minRiskBand: 'HIGH' }),
      );
      expect((await answer(s, API_COD_VERIFICATION.settings, { token: meera })).minRiskBand).toBe('HIGH');
      const high = await newOrder({ ...risky, items: big, buyerPhone: '9811100012' });
      expect(high.risk!.band).toBe('HIGH');
      expect(high.codVerification).toBe('PENDING');
      expect((await verification(high.orderId)).reasons).toEqual(['High RTO risk']);
      const low = await newOrder({ buyerPhone: '9811100013' });
      expect(low.risk!.band).toBe('MEDIUM');
      expect(low.codVerification).toBeNull();

      // medium and high, beside the value rule: each rule that holds is a reason
      await answerOf(
        API_COD_VERIFICATION.saveSettings,
        await settings({ ...ALL, scope: 'RULES', minRiskBand: 'MEDIUM', minOrderValueRupees: 3000 }),
      );
      const both = await newOrder({ ...risky, items: big, buyerPhone: '9811100014' });
      expect((await verification(both.orderId)).reasons).toEqual(['Order value above ₹3,000', 'High RTO risk']);
      const medium = await newOrder({ buyerPhone: '9811100015' });
      expect(medium.risk!.band).toBe('MEDIUM');
      expect((await verification(medium.orderId)).reasons).toEqual(['Medium RTO risk']);

      // a CSV upload's orders are weighed by their bands the same way
      await answerOf(
        API_COD_VERIFICATION.saveSettings,
        await settings({ ...ALL, scope: 'RULES', minRiskBand: 'HIGH' }),
      );
      const header =
        'orderNumber,paymentMethod,buyerName,buyerPhone,shippingLine1,shippingPincode,sku,itemName,quantity,unitPrice,taxRatePercent,lengthCm,breadthCm,heightCm,deadWeightKg,pickupAddress';
      const row = (n: string, phone: string, line1: string, price: number) =>
        `${n},COD,Kavya Reddy,${phone},${line1},560038,BL-1,Brass Lamp,1,${price},12,20,20,30,1.2,Meera Jaipur`;
      const text = [
        header,
        row('BAND-CSV-1', '9811100016', 'Near tank', 4200),
        row('BAND-CSV-2', '9811100017', '12 4th Cross Indiranagar', 450),
      ].join('\n');
      const started = await startUpload(s, API_ORDERS.uploads, text, 'bands.csv', meera);
      expect((await finishedUpload(s, API_ORDERS.uploads, started.uploadId, meera)).result).toMatchObject({
        created: 2,
      });
      const list = await answer(s, API_ORDERS.orders, { query: { searchPattern: 'BAND-CSV' }, token: meera });
      const byNumber = new Map(list.items.map((o) => [o.orderNumber, o]));
      expect(byNumber.get('BAND-CSV-1')).toMatchObject({ codVerification: 'PENDING', risk: { band: 'HIGH' } });
      expect(byNumber.get('BAND-CSV-2')!.codVerification).toBeNull();
      expect((await verification(byNumber.get('BAND-CSV-1')!.orderId)).reasons).toEqual(['High RTO risk']);
    });

    it('a seller switched off, or on a plan without it, opens none', async () => {
      await answerOf(API_COD_VERIFICATION.saveSettings, await settings({ ...ALL, enabled: false }));
      expect((await newOrder({ buyerPhone: '9811100011' })).codVerification).toBeNull();
      const count = await s.deps.db.select().from(codVerifications).where(eq(codVerifications.orgId, meeraOrg));
      expect(count.length).toBeGreaterThan(0);
    });
  });
});

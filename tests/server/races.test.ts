import { answer, answerOf } from './call';
import { pathOf } from '../../src/domain/operation';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ACCOUNT } from '../../src/domain/account-contract';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { LIMITS } from '../../src/domain/constants';
import { MSG } from '../../src/domain/messages';
import { journalEntries, loginThrottles, otps, sandboxParcels } from '../../server/db/schema';
import { throttleKeys } from '../../server/modules/auth/throttle';
import { errorOf, type TestServer } from './harness';
import {
  MEERA,
  SELLER,
  demoTokens,
  freshIp,
  latestMessage,
  login,
  loginRequest,
  refreshCookieOf,
  newShippableOrder,
  startDemoServer,
  verifiedPickup,
  creditWallet,
} from './helpers';
import { API_REGISTRATION } from '../../src/domain/registration-contract';
import { API_AUTH } from '../../src/domain/auth-contract';

// Concurrent repeats of one write act once. Run with TEST_DB=postgres for real concurrency (a
// pool of connections); on PGlite the same requests interleave between statements. Each test
// prints what came back so the figures can be read from the run.

const tally = (statuses: number[]) =>
  Object.fromEntries([...new Set(statuses)].sort().map((st) => [st, statuses.filter((x) => x === st).length]));

describe('races', () => {
  let s: TestServer;
  let meera: string;
  let staff: string;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ meera, staff } = await demoTokens(s));
  });
  afterAll(() => s.close());

  it('login throttling: 40 simultaneous wrong passwords after the 9th from one address, only one is checked', async () => {
    const ip = freshIp();
    const wrong = { ...SELLER, password: 'Wrong@1234' };
    for (let i = 1; i < LIMITS.loginFailuresPerAccountAndIpPerHour; i++)
      expect((await loginRequest(s, wrong, ip)).status).toBe(401);
    const statuses = (await Promise.all(Array.from({ length: 40 }, () => loginRequest(s, wrong, ip)))).map(
      (r) => r.status,
    );
    console.info(
      `[races] login throttle: 40 simultaneous after ${LIMITS.loginFailuresPerAccountAndIpPerHour - 1} failures →`,
      tally(statuses),
    );
    expect(tally(statuses)).toEqual({ 401: 1, 429: 39 });
    // the seller, from another address, still logs in
    expect((await loginRequest(s, SELLER, freshIp())).status).toBe(200);
  });

  it('login throttling per address: 40 simultaneous guesses at 40 accounts after 299 failures, only one is checked', async () => {
    const ip = freshIp();
    // 299 failures from this address this hour, spread over accounts
    await s.deps.db.insert(loginThrottles).values({
      key: throttleKeys('x', ip['x-forwarded-for']).ip,
      attempts: LIMITS.loginFailuresPerIpPerHour - 1,
      windowStartedAt: s.clock.now,
    });
    const statuses = (
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          loginRequest(s, { email: `last${i}@example.com`, password: 'Wrong@1234' }, ip),
        ),
      )
    ).map((r) => r.status);
    console.info(
      `[races] login throttle per address: 40 simultaneous after ${LIMITS.loginFailuresPerIpPerHour - 1} failures →`,
      tally(statuses),
    );
    expect(tally(statuses)).toEqual({ 401: 1, 429: 39 });
  });

  it('OTP attempts: 30 simultaneous guesses at one code check at most five, and the code is then locked', async () => {
    const email = 'race-otp@example.com';
    expect(
      (
        await s.request(API_REGISTRATION.sendEmailOtp.path, {
          method: 'POST',
          json: { firstName: 'Asha', email },
          headers: freshIp(),
        })
      ).status,
    ).toBe(200);
    const { code } = await latestMessage(s, email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const guesses = Array.from({ length: 30 }, (_, i) => (i === 20 ? code : wrongCode));
    const answers = await Promise.all(
      guesses.map((otp) =>
        s.request(API_REGISTRATION.verifyOtp.path, { method: 'POST', json: { target: email, otp, firstName: 'Asha' } }),
      ),
    );
    const bodies = await Promise.all(answers.map((r) => errorOf(r.clone()).catch(() => null)));
    const accepted = answers.filter((r) => r.status === 200).length;
    const checkedWrong = bodies.filter((b) => b?.message === MSG.emailOtpFailed).length;
    const locked = bodies.filter((b) => b?.message === MSG.otpLocked).length;
    const [row] = await s.deps.db.select().from(otps).where(eq(otps.target, email));
    console.info(
      `[races] OTP: 30 simultaneous guesses (right one 21st) → accepted ${accepted}, wrong ${checkedWrong}, locked ${locked}; wrong tries stored ${row.wrongAttempts}`,
    );
    expect(accepted + checkedWrong + locked).toBe(30);
    // at most five tries were compared with the code, the right one only if it was among them
    expect(accepted + checkedWrong).toBeLessThanOrEqual(LIMITS.otpMaxWrongTries);
    expect(row.wrongAttempts).toBeLessThanOrEqual(LIMITS.otpMaxWrongTries);
    if (accepted) expect(row.verifiedAt).not.toBeNull();
    else {
      expect(row.wrongAttempts).toBe(LIMITS.otpMaxWrongTries);
      // locked: the right code no longer works
      expect(
        (
          await errorOf(
            await s.request(API_REGISTRATION.verifyOtp.path, {
              method: 'POST',
              json: { target: email, otp: code, firstName: 'Asha' },
            }),
          )
        ).message,
      ).toBe(MSG.otpLocked);
    }
  });

  it('refresh: 20 simultaneous refreshes with one cookie all answer the one same successor, and the session goes on', async () => {
    const first = await login(s, MEERA);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => s.request(API_AUTH.refreshToken.path, { method: 'POST', cookie: first.cookie })),
    );
    console.info(`[races] refresh: 20 simultaneous with one cookie →`, tally(answers.map((r) => r.status)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const cookies = new Set(answers.map((r) => refreshCookieOf(r)));
    expect(cookies.size).toBe(1);
    // the one successor works, and then the spent one is reuse: the family is revoked
    const [successor] = cookies;
    const next = await s.request(API_AUTH.refreshToken.path, { method: 'POST', cookie: `dk_rt=${successor}` });
    expect(next.status).toBe(200);
    expect((await s.request(API_AUTH.refreshToken.path, { method: 'POST', cookie: first.cookie })).status).toBe(401);
    expect(
      (await s.request(API_AUTH.refreshToken.path, { method: 'POST', cookie: `dk_rt=${refreshCookieOf(next)}` }))
        .status,
    ).toBe(401);
    for (const r of answers) {
      const token = (await answerOf(API_AUTH.refreshToken, r)).accessToken;
      expect((await s.request(API_ACCOUNT.accountInfo.path, { token })).status).toBe(401);
    }
  });

  describe('shipping and coupons', () => {
    let pickupId: number;
    let meeraOrg: number;
    beforeAll(async () => {
      ({ pickupId, orgId: meeraOrg } = await verifiedPickup(s, meera));
      expect((await creditWallet(s, staff, meeraOrg, 20_000, 'Test float for races')).status).toBe(200);
    });

    const newOrder = () => newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const parcels = async () => (await s.deps.db.select({ n: count() }).from(sandboxParcels))[0].n;
    const balance = async () => (await answer(s, API_WALLET.wallet, { token: meera })).balancePaise;

    it('ship and reassign: 10 simultaneous requests with one key answer one shipment and book with the courier once', async () => {
      const o = await newOrder();
      const quotes = await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: o.orderId }, token: meera });
      const [a, b] = quotes.quotes;
      const before = await parcels();
      const wallet = await balance();
      const shipped = await Promise.all(
        Array.from({ length: 10 }, () =>
          s.request(pathOf(API_SHIPPING.ship, { orderId: o.orderId }), {
            method: 'POST',
            json: { carrierCode: a.carrierCode, idempotencyKey: 'race-ship-1' },
            token: meera,
          }),
        ),
      );
      const shipBookings = (await parcels()) - before;
      console.info(
        `[races] ship: 10 simultaneous with one key →`,
        tally(shipped.map((r) => r.status)),
        `courier bookings ${shipBookings}`,
      );
      expect(shipped.map((r) => r.status)).toEqual(Array(10).fill(200));
      const awbs = new Set(await Promise.all(shipped.map(async (r) => (await answerOf(API_SHIPPING.ship, r)).awb)));
      expect(awbs.size).toBe(1);
      expect(shipBookings).toBe(1);
      expect(await balance()).toBe(wallet - a.totalPaise);
      // a later repeat with the same key: the same shipment, no booking
      const again = await answer(s, API_SHIPPING.ship, {
        params: { orderId: o.orderId },
        body: { carrierCode: a.carrierCode, idempotencyKey: 'race-ship-1' },
        token: meera,
      });
      expect(again.awb).toBe([...awbs][0]);
      expect(await parcels()).toBe(before + 1);

      const reassigned = await Promise.all(
        Array.from({ length: 10 }, () =>
          s.request(pathOf(API_SHIPPING.reassign, { orderId: o.orderId }), {
            method: 'POST',
            json: { carrierCode: b.carrierCode, idempotencyKey: 'race-reassign-1' },
            token: meera,
          }),
        ),
      );
      const reassignBookings = (await parcels()) - before - 1;
      console.info(
        `[races] reassign: 10 simultaneous with one key →`,
        tally(reassigned.map((r) => r.status)),
        `courier bookings ${reassignBookings}`,
      );
      expect(reassigned.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(
        new Set(await Promise.all(reassigned.map(async (r) => (await answerOf(API_SHIPPING.reassign, r)).awb))).size,
      ).toBe(1);
      expect(reassignBookings).toBe(1);

      // without a key, concurrent reassigns are not repeats of one request: one acts, the rest are refused unbooked
      const unkeyed = await Promise.all(
        Array.from({ length: 10 }, () =>
          s.request(pathOf(API_SHIPPING.reassign, { orderId: o.orderId }), {
            method: 'POST',
            json: { carrierCode: a.carrierCode },
            token: meera,
          }),
        ),
      );
      const unkeyedBookings = (await parcels()) - before - 2;
      const unkeyedTally = tally(unkeyed.map((r) => r.status));
      console.info(
        `[races] reassign: 10 simultaneous without a key →`,
        unkeyedTally,
        `courier bookings ${unkeyedBookings}`,
      );
      expect(unkeyedTally[200]).toBeGreaterThanOrEqual(1);
      expect(unkeyedBookings).toBe(unkeyedTally[200]);
      expect((unkeyedTally[200] ?? 0) + (unkeyedTally[409] ?? 0)).toBe(10);
    }, 60_000);

    it('coupons: two recharges with one coupon, paid together, credit the bonus once and record it once', async () => {
      const started = await Promise.all(
        [0, 1].map(async () =>
          answer(s, API_WALLET.startPayment, { body: { rechargeAmount: 1000, couponCode: 'FLAT100' }, token: meera }),
        ),
      );
      expect(started.every((p) => p.bonusPaise > 0)).toBe(true);
      await Promise.all(
        started.map(async (p) => {
          const path = new URL(p.url).pathname;
          await s.request(path);
          await s.request(path, {
            method: 'POST',
            body: new URLSearchParams({ outcome: 'success' }),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          });
        }),
      );
      const rows = await Promise.all(
        started.map(async (p) =>
          answer(s, API_WALLET.payment, { params: { merchantTransactionId: p.merchantTransactionId }, token: meera }),
        ),
      );
      const bonusEntries = await s.deps.db
        .select()
        .from(journalEntries)
        .where(
          inArray(
            journalEntries.reference,
            started.map((p) => p.merchantTransactionId),
          ),
        );
      const credited = bonusEntries.filter((e) => e.kind === 'COUPON_BONUS');
      console.info(
        `[races] coupon: 2 recharges with one coupon paid together → statuses ${rows.map((r) => r.status)}, bonuses recorded ${rows.map((r) => r.bonusPaise)}, bonus credits ${credited.length}`,
      );
      expect(rows.every((r) => r.status === 'SUCCESS')).toBe(true);
      expect(credited).toHaveLength(1);
      // what the payments say they added is what the wallet got
      expect(rows.filter((r) => r.bonusPaise > 0)).toHaveLength(1);
      const unlucky = rows.find((r) => r.bonusPaise === 0)!;
      expect(unlucky.detail).toMatch(/already used/);
    });
  });
});

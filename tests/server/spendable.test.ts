import { answer, answerOf } from './call';
import { pathOf } from '../../src/domain/operation';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, ledgerAccounts, organisations } from '../../server/db/schema';
import { queryRows } from '../../server/db/rows';
import { placeHold } from '../../server/modules/wallet/ledger';
import { API_ACCOUNT } from '../../src/domain/account-contract';
import { API_SHIPPING, type ShipmentInfo } from '../../src/domain/shipping-contract';
import { API_TEAM } from '../../src/domain/team-contract';
import { API_WALLET } from '../../src/domain/wallet-contract';
import { errorOf, type TestServer } from './harness';
import { creditWallet, demoTokens, newShippableOrder, startDemoServer, verifiedPickup } from './helpers';
import { fund, ownerOn } from './team-helpers';

// What a seller can spend (balance − held + credit limit), through HTTP: every refusal names the
// hold and offers the recharge that lets the action through, the wallet and plan answers agree
// with it, and concurrent bookings never spend past it.

/** ₹ with Indian grouping and paise, written out here rather than taken from the code under test. */
const inr = (paise: number) => {
  const [r, p] = (Math.abs(paise) / 100).toFixed(2).split('.');
  const grouped = r.length > 3 ? `${r.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${r.slice(-3)}` : r;
  return `${paise < 0 ? '-' : ''}₹${grouped}.${p}`;
};

describe('money a seller can spend', () => {
  let s: TestServer;
  let meera: string;
  let staff: string;
  let pickupId: number;
  let meeraOrg: number;
  let holdN = 0;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ meera, staff } = await demoTokens(s));
    ({ pickupId, orgId: meeraOrg } = await verifiedPickup(s, meera));
  });
  afterAll(() => s.close());

  const wallet = async (token = meera) => answer(s, API_WALLET.wallet, { token });
  /** a weight discrepancy's hold, as the courier file places it */
  const holdForWeight = (orgId: number, amountPaise: number) =>
    placeHold(s.deps.db, {
      orgId,
      key: `weight:spend-test-${++holdN}`,
      amountPaise,
      description: 'Weight discrepancy',
    });
  /** brings the wallet's balance to exactly paise with a staff credit or debit */
  async function balanceTo(orgId: number, paise: number) {
    const now = (await wallet()).balancePaise;
    if (now === paise) return;
    const res = await s.request(pathOf(API_WALLET.adjust, { orgId }), {
      method: 'POST',
      json: {
        direction: paise > now ? 'CREDIT' : 'DEBIT',
        amount: Math.abs(paise - now) / 100,
        reason: 'Set up the spending test',
        idempotencyKey: `spend-${orgId}-${paise}-${now}`,
      },
      token: staff,
    });
    expect(res.status).toBe(200);
  }
  /** a recharge of rupees through the sandbox gateway, paid on its page and confirmed */
  async function recharge(token: string, rupees: number) {
    const started = await answer(s, API_WALLET.startPayment, { body: { rechargeAmount: rupees }, token });
    const path = new URL(started.url).pathname;
    await s.request(path);
    await s.request(path, {
      method: 'POST',
      body: new URLSearchParams({ outcome: 'success' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const result = await answer(s, API_WALLET.paymentStatus, {
      params: { gateway: 'phonepe' },
      body: { merchantTransactionId: started.merchantTransactionId },
    });
    expect(result.success).toBe(true);
  }
  const ship = (orderId: number, carrierCode: string, idempotencyKey: string) =>
    s.request(pathOf(API_SHIPPING.ship, { orderId }), {
      method: 'POST',
      json: { carrierCode, idempotencyKey },
      token: meera,
    });

  it('a seller with a weight hold is refused shipping by a message naming the hold and the exact shortfall; recharging the amount offered ships it', async () => {
    const o = await newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' });
    const [quote] = (await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: o.orderId }, token: meera }))
      .quotes;
    const cost = quote.totalPaise;
    // the wallet holds more than the shipment costs, but ₹150.16 short once the hold is set aside
    const balance = cost + 25_000;
    await balanceTo(meeraOrg, balance);
    await holdForWeight(meeraOrg, 25_000 + 15_016);
    const spendable = cost - 15_016;
    const w = await wallet();
    expect(w).toMatchObject({
      balancePaise: balance,
      heldPaise: 40_016,
      creditLimitPaise: 0,
      spendablePaise: spendable,
    });
    expect(w.heldFor).toEqual([{ purpose: 'WEIGHT_DISPUTE', count: 1, amountPaise: 40_016 }]);

    const res = await ship(o.orderId, quote.carrierCode, 'held-ship-1');
    const refused = await errorOf(res);
    expect(refused.status).toBe(422);
    // ₹150.16 short: the offer is rounded up to whole rupees
    expect(refused.message).toBe(
      `Insufficient wallet balance. This shipment costs ${inr(cost)}. You can spend ${inr(spendable)} (${inr(balance)} in your wallet, ₹400.16 held for a weight dispute). Recharge at least ₹151.00 to ship it.`,
    );
    expect(res.headers.get('x-recharge-paise')).toBe('15100');

    await recharge(meera, 151);
    const shipped = await answerOf(API_SHIPPING.ship, await ship(o.orderId, quote.carrierCode, 'held-ship-1'));
    expect(shipped.awb).toBeTruthy();
    const after = await wallet();
    expect(after).toMatchObject({
      balancePaise: balance + 15_100 - cost,
      heldPaise: 40_016,
      spendablePaise: 84, // ₹151.00 − ₹150.16
    });
  });

  it('the wallet, account and plan answers give balance, held and spendable that agree, with a credit limit too', async () => {
    // a credit limit is the postpaid option, Premium's: Meera is on Premium while it lasts
    const onPlan = (plan: string) =>
      s.deps.db.update(organisations).set({ subscriptionType: plan }).where(eq(organisations.id, meeraOrg));
    await onPlan('PREMIUM');
    await s.request(pathOf(API_WALLET.setCreditLimit, { orgId: meeraOrg }), {
      method: 'PUT',
      json: { creditLimit: 500, reason: 'Spending test credit line' },
      token: staff,
    });
    const w = await wallet();
    expect(w.creditLimitPaise).toBe(50_000);
    expect(w.spendablePaise).toBe(w.balancePaise - w.heldPaise + w.creditLimitPaise);
    expect(w.heldPaise).toBe(w.heldFor.reduce((sum, h) => sum + h.amountPaise, 0));
    const account = await answer(s, API_ACCOUNT.accountInfo, { token: meera });
    expect(account.walletBalancePaise).toBe(w.balancePaise);
    expect(account.wallet).toEqual({
      balancePaise: w.balancePaise,
      heldPaise: w.heldPaise,
      creditLimitPaise: w.creditLimitPaise,
      spendablePaise: w.spendablePaise,
      heldFor: w.heldFor,
    });
    await s.request(pathOf(API_WALLET.setCreditLimit, { orgId: meeraOrg }), {
      method: 'PUT',
      json: { creditLimit: 0, reason: 'Spending test credit line ends' },
      token: staff,
    });
    await onPlan('PRO');
    expect((await wallet()).spendablePaise).toBe(w.spendablePaise - 50_000);
  });

  it('concurrent shipments near the limit never spend past it: each charged once, the rest refused with the hold named', async () => {
    const orders = await Promise.all(
      [1, 2, 3, 4, 5].map(() => newShippableOrder(s, meera, pickupId, { paymentMethod: 'PPD' })),
    );
    const quotes = await Promise.all(
      orders.map(async (o) =>
        (await answer(s, API_SHIPPING.courierQuotes, { params: { orderId: o.orderId }, token: meera })).quotes.at(0),
      ),
    );
    const cost = quotes[0]!.totalPaise;
    expect(quotes.every((q) => q!.totalPaise === cost && q!.carrierCode === quotes[0]!.carrierCode)).toBe(true);
    // spendable covers two shipments and a little: the held money must stay untouched
    const before = await wallet();
    await balanceTo(meeraOrg, before.heldPaise + 2 * cost + 500);
    const start = await wallet();
    expect(start.spendablePaise).toBe(2 * cost + 500);
    const results = await Promise.all(
      orders.map((o, i) => ship(o.orderId, quotes[i]!.carrierCode, `race-ship-${o.orderId}`)),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(2);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(422);
      expect((await errorOf(r)).message).toMatch(
        /held for a weight dispute\)\. Recharge at least ₹[\d,.]+ to ship it\.$/,
      );
    }
    const end = await wallet();
    expect(end.balancePaise).toBe(start.balancePaise - 2 * cost);
    expect(end.spendablePaise).toBe(500);
    expect(end.heldPaise).toBe(start.heldPaise);
    // money never taken twice: one freight entry per booked AWB
    const awbs = await Promise.all(ok.map(async (r) => ((await r.json()) as { data: ShipmentInfo }).data.awb));
    for (const awb of awbs)
      expect(await s.deps.db.$count(journalEntries, like(journalEntries.externalKey, `shipment:${awb}:%`))).toBe(1);
    // and the ledger agrees with the running balance, never below the spendable floor
    const [drift] = await queryRows<{ n: number }>(
      s.deps.db,
      sql`select count(*)::int as n from ${ledgerAccounts} a
          where a.kind = 'SELLER_WALLET' and (a.balance_paise <> (select coalesce(sum(p.amount_paise), 0) from postings p where p.account_id = a.id)
            or a.balance_paise - a.held_paise < -a.credit_limit_paise)`,
    );
    expect(drift.n).toBe(0);
    const [row] = await s.deps.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.orgId, meeraOrg), eq(ledgerAccounts.kind, 'SELLER_WALLET')));
    expect(row.balancePaise - row.heldPaise).toBe(500);
  });

  it('an upgrade with a hold offers the payment that makes it go through: paying it upgrades, and the error names the hold in Indian rupees', async () => {
    const owner = await ownerOn(s, 'LITE');
    await fund(s, owner.orgId, 258_902);
    await holdForWeight(owner.orgId, 14_868);
    const plan = async () => answer(s, API_TEAM.plan, { token: owner.token });
    const state = await plan();
    expect(state.wallet).toMatchObject({ balancePaise: 258_902, heldPaise: 14_868, spendablePaise: 244_034 });
    const premium = state.prices.find((p) => p.plan === 'PREMIUM' && p.billingFrequency === 'YEARLY')!;
    const short = premium.totalPaise - 244_034;
    expect(short).toBeGreaterThan(10_000);
    expect(premium.topUpPaise).toBe(Math.ceil(short / 100) * 100);

    // paying from the wallet now is refused with the hold named and the same offer
    const refused = await errorOf(
      await s.request(API_TEAM.upgrade.path, {
        method: 'PUT',
        token: owner.token,
        json: { plan: 'PREMIUM', billingFrequency: 'YEARLY', requestKey: 'held-upgrade-0' },
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.message).toBe(
      `Insufficient wallet balance. The Premium plan (yearly) costs ${inr(premium.totalPaise)}. You can spend ₹2,440.34 (₹2,589.02 in your wallet, ₹148.68 held for a weight dispute). Recharge at least ${inr(premium.topUpPaise)} to upgrade.`,
    );

    await recharge(owner.token, premium.topUpPaise / 100);
    const paid = await plan();
    expect(paid.wallet.spendablePaise).toBe(244_034 + premium.topUpPaise);
    expect(paid.prices.find((p) => p.plan === 'PREMIUM' && p.billingFrequency === 'YEARLY')!.topUpPaise).toBe(0);
    const upgrade = await answer(s, API_TEAM.upgrade, {
      token: owner.token,
      body: { plan: 'PREMIUM', billingFrequency: 'YEARLY', requestKey: 'held-upgrade-1' },
    });
    expect(upgrade.subscription).toMatchObject({ plan: 'PREMIUM', amountPaise: premium.totalPaise });
    expect(upgrade.walletBalancePaise).toBe(258_902 + premium.topUpPaise - premium.totalPaise);
    const upgraded = await plan();
    expect(upgraded.subscriptionType).toBe('PREMIUM');
    expect(upgraded.wallet).toMatchObject({ heldPaise: 14_868, spendablePaise: premium.topUpPaise - short });
  });

  it('a hold beyond the balance makes what can be spent negative, and money coming in is still taken', async () => {
    const owner = await ownerOn(s, 'LITE');
    await holdForWeight(owner.orgId, 30_000);
    const w = await wallet(owner.token);
    expect(w).toMatchObject({ balancePaise: 0, heldPaise: 30_000, spendablePaise: -30_000 });
    expect((await creditWallet(s, staff, owner.orgId, 100, 'Credit under a hold')).status).toBe(200);
    expect(await wallet(owner.token)).toMatchObject({ balancePaise: 10_000, spendablePaise: -20_000 });
  });
});

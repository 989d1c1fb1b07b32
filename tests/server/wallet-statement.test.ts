import { pathOf } from '../../src/domain/operation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';

import { API_WALLET } from '../../src/domain/wallet-contract';
import { accounts, organisations } from '../../server/db/schema';
import { runSubscriptionRenewals } from '../../server/modules/plans/service';
import { queryRows } from '../../server/db/rows';
import {
  chargeHold,
  moveMoney,
  placeHold,
  releaseHold,
  reverseEntry,
  type Movement,
} from '../../server/modules/wallet/ledger';
import { spendableWallet as walletState } from '../../server/modules/wallet/spendable';
import { errorOf, type TestServer } from './harness';
import { readPdf } from './pdf-reader';
import { csvLines, demoTokens, login, newSeller, startDemoServer } from './helpers';
import { answer, answerOf } from './call';

// Postpaid wallets as staff run them (list, credit limit with a reason and its audit), and the
// monthly statement: a month of varied movements, entries exactly at the IST month's edges, each
// section and its subtotal, and the statement reconciled to the ledger to the paisa.

const ist = (local: string) => new Date(`${local}+05:30`);

describe('postpaid wallets and the monthly statement', () => {
  let s: TestServer;
  let staff: string;
  let seller: string;
  let tara: string;
  let taraOrg: number;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ staff, seller } = await demoTokens(s));
    tara = (await newSeller(s, { email: 'tara@example.in', phone: '9876501234', companyName: 'Tara Textiles' })).token;
    const [row] = await s.deps.db
      .select({ orgId: accounts.orgId })
      .from(accounts)
      .where(eq(accounts.email, 'tara@example.in'));
    taraOrg = row.orgId!;
    // the postpaid option is Premium's: Tara's account is on Premium for these credit limits
    await s.deps.db.update(organisations).set({ subscriptionType: 'PREMIUM' }).where(eq(organisations.id, taraOrg));
  });
  afterAll(() => s.close());

  const limit = (orgId: number, json: Record<string, unknown>, token = staff) =>
    s.request(pathOf(API_WALLET.setCreditLimit, { orgId }), { method: 'PUT', json, token });

  describe('postpaid credit limits', () => {
    it('lists sellers’ wallets with search; staff only', async () => {
      const page = await answer(s, API_WALLET.wallets, { query: { searchPattern: 'tara' }, token: staff });
      expect(page.items).toEqual([
        {
          orgId: taraOrg,
          companyName: 'Tara Textiles',
          email: 'tara@example.in',
          balancePaise: 0,
          heldPaise: 0,
          creditLimitPaise: 0,
          usablePaise: 0,
        },
      ]);
      const byId = await answer(s, API_WALLET.wallets, { query: { searchPattern: taraOrg }, token: staff });
      expect(byId.items.map((r) => r.orgId)).toContain(taraOrg);
      // the three demo sellers (Lite, Pro, Premium) and Tara
      expect((await answer(s, API_WALLET.wallets, { token: staff })).total).toBe(4);
      expect((await s.request(API_WALLET.wallets.path, { token: seller })).status).toBe(403);
      expect((await s.request(pathOf(API_WALLET.sellerWallet, { orgId: taraOrg }), { token: tara })).status).toBe(403);
      expect((await s.request(pathOf(API_WALLET.sellerWallet, { orgId: 99_999 }), { token: staff })).status).toBe(404);
    });

    it('needs a reason, names each field by its label, and refuses sellers and unknown sellers', async () => {
      expect(await errorOf(await limit(taraOrg, { creditLimit: 5000 }))).toMatchObject({
        status: 400,
        message: 'Reason is required',
      });
      expect(await errorOf(await limit(taraOrg, { creditLimit: 5000, reason: ' ok ' }))).toMatchObject({
        status: 400,
        message: 'Reason must be 5 to 200 characters',
      });
      expect(await errorOf(await limit(taraOrg, { creditLimit: -1, reason: 'Agreed on call' }))).toMatchObject({
        status: 400,
        message: 'Credit limit cannot be negative',
      });
      expect(await errorOf(await limit(taraOrg, { reason: 'Agreed on call' }))).toMatchObject({
        status: 400,
        message: 'Credit limit is required',
      });
      expect((await limit(99_999, { creditLimit: 5000, reason: 'Agreed on call' })).status).toBe(404);
      expect((await limit(taraOrg, { creditLimit: 5000, reason: 'Agreed on call' }, tara)).status).toBe(403);
      expect((await s.request(pathOf(API_WALLET.setCreditLimit, { orgId: taraOrg }), { token: tara })).status).toBe(
        403,
      );
      expect((await s.request(pathOf(API_WALLET.setCreditLimit, { orgId: 99_999 }), { token: staff })).status).toBe(
        404,
      );
      expect(await answer(s, API_WALLET.creditLimitChanges, { params: { orgId: taraOrg }, token: staff })).toEqual([]);
    });

    it('sets a limit with a reason, audits who, when, old, new and why, and concurrent repeats act once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => limit(taraOrg, { creditLimit: 2500.5, reason: 'Postpaid agreed, ticket 88' })),
      );
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const bodies = await Promise.all(answers.map((r) => answerOf(API_WALLET.setCreditLimit, r)));
      expect(bodies.filter((b) => b.change !== null)).toHaveLength(1);
      expect(bodies[0].wallet).toMatchObject({ creditLimitPaise: 250_050, usablePaise: 250_050 });
      const audit = await answer(s, API_WALLET.creditLimitChanges, { params: { orgId: taraOrg }, token: staff });
      expect(audit).toEqual([
        {
          id: expect.any(Number),
          oldLimitPaise: 0,
          newLimitPaise: 250_050,
          reason: 'Postpaid agreed, ticket 88',
          staffAccountId: expect.any(Number),
          staffEmail: 'ops@dakiya.in',
          createdAt: s.clock.now.toISOString(),
        },
      ]);
      // the seller sees a postpaid wallet; a lower limit than the wallet owes is refused
      expect(await answer(s, API_WALLET.wallet, { token: tara })).toMatchObject({
        postpaid: true,
        creditLimitPaise: 250_050,
      });
      await moveMoney(s.deps.db, {
        orgId: taraOrg,
        kind: 'SHIPPING_CHARGE',
        amountPaise: 100_000,
        externalKey: 'T-1:SC',
      });
      expect(await errorOf(await limit(taraOrg, { creditLimit: 500, reason: 'Lowering the limit' }))).toMatchObject({
        status: 400,
        message: 'The wallet is already below that credit limit',
      });
      expect((await limit(taraOrg, { creditLimit: 0, reason: 'Paid up, prepaid again' })).status).toBe(400);
      await moveMoney(s.deps.db, { orgId: taraOrg, kind: 'RECHARGE', amountPaise: 100_000, externalKey: 'T-1:RC' });
      const back = await answerOf(
        API_WALLET.setCreditLimit,
        await limit(taraOrg, { creditLimit: 0, reason: 'Paid up, prepaid again' }),
      );
      expect(back.change).toMatchObject({ oldLimitPaise: 250_050, newLimitPaise: 0 });
      expect(
        (await answer(s, API_WALLET.creditLimitChanges, { params: { orgId: taraOrg }, token: staff })).map((r) => [
          r.oldLimitPaise,
          r.newLimitPaise,
        ]),
      ).toEqual([
        [250_050, 0],
        [0, 250_050],
      ]);
      await expect(
        queryRows(s.deps.db, sql`update wallet_credit_limit_changes set reason = 'rewritten'`),
      ).rejects.toThrow();
      await expect(queryRows(s.deps.db, sql`delete from wallet_credit_limit_changes`)).rejects.toThrow();
    });
  });

  describe('the postpaid option is Premium’s', () => {
    let ravi: string;
    let raviOrg: number;
    beforeAll(async () => {
      ravi = (await newSeller(s, { email: 'ravi.pp@example.in', phone: '9876501299', companyName: 'Ravi Prints' }))
        .token;
      const [row] = await s.deps.db
        .select({ orgId: accounts.orgId })
        .from(accounts)
        .where(eq(accounts.email, 'ravi.pp@example.in'));
      raviOrg = row.orgId!;
    });
    const planOf = async (orgId: number, plan: string) =>
      s.deps.db.update(organisations).set({ subscriptionType: plan }).where(eq(organisations.id, orgId));

    it('refuses a credit limit to a Lite or Pro seller with a 409 naming the plan, and leaves the wallet prepaid', async () => {
      for (const [plan, name] of [
        ['LITE', 'Lite'],
        ['PRO', 'Pro'],
      ]) {
        await planOf(raviOrg, plan);
        const res = await limit(raviOrg, { creditLimit: 5000, reason: 'Agreed on call' });
        expect(res.status).toBe(409);
        expect((await errorOf(res)).message).toBe(
          `A credit limit (the postpaid option) comes with the Premium plan; this seller is on the ${name} plan.`,
        );
        expect((await walletState(s.deps.db, raviOrg)).creditLimitPaise).toBe(0);
      }
      // making a wallet prepaid (a limit of 0) is every plan's
      expect((await limit(raviOrg, { creditLimit: 0, reason: 'Prepaid as before' })).status).toBe(200);
    });

    it('grants one on Premium; the seller cannot set their own, another seller’s is not theirs, and a staff role without wallets opens none', async () => {
      await planOf(raviOrg, 'PREMIUM');
      const answer = await answerOf(
        API_WALLET.setCreditLimit,
        await limit(raviOrg, { creditLimit: 3000, reason: 'Premium credit line' }),
      );
      expect(answer.wallet.creditLimitPaise).toBe(300_000);
      // the seller, for their own wallet and for another's
      expect((await limit(raviOrg, { creditLimit: 9000, reason: 'Raising my own line' }, ravi)).status).toBe(403);
      expect((await limit(taraOrg, { creditLimit: 9000, reason: 'Raising another line' }, ravi)).status).toBe(403);
      // a staff role without wallets.manage (support)
      const support = (await login(s, { email: 'support@dakiya.in', password: 'Staff@123' })).token;
      expect((await limit(raviOrg, { creditLimit: 9000, reason: 'Support raising it' }, support)).status).toBe(403);
      expect((await walletState(s.deps.db, raviOrg)).creditLimitPaise).toBe(300_000);
    });

    it('on falling below Premium, keeps what is owed and withdraws the unused credit', async () => {
      await planOf(raviOrg, 'PREMIUM');
      await limit(raviOrg, { creditLimit: 3000, reason: 'Premium credit line' });
      // ₹1,200 spent on credit
      await moveMoney(s.deps.db, {
        orgId: raviOrg,
        kind: 'SHIPPING_CHARGE',
        amountPaise: 120_000,
        externalKey: 'postpaid-plan-spent',
        description: 'Freight on credit',
        createdBy: null,
        at: s.clock.now,
      });
      // the Premium period ended and the wallet cannot renew it: the plan expires to Lite
      await s.deps.db
        .update(organisations)
        .set({
          subscriptionExpiryDate: new Date(s.clock.now.getTime() - 1000),
          subscriptionBillingFrequency: 'MONTHLY',
        })
        .where(eq(organisations.id, raviOrg));
      const outcome = (await runSubscriptionRenewals(s.deps)).find((r) => r.orgId === raviOrg);
      expect(outcome).toMatchObject({ outcome: 'EXPIRED', plan: 'LITE' });
      const w = await walletState(s.deps.db, raviOrg);
      expect(w.balancePaise).toBe(-120_000);
      expect(w.creditLimitPaise).toBe(120_000);
      expect(w.spendablePaise).toBe(0);
      // a recharge pays what is owed; no new credit can be granted on Lite
      expect((await limit(raviOrg, { creditLimit: 3000, reason: 'Back to the old line' })).status).toBe(409);
    });
  });

  describe('the monthly statement', () => {
    let ravi: string;
    let raviOrg: number;
    const NOV = '2026-11';
    const at = {
      lastOfOctober: ist('2026-10-31T23:59:59.999'),
      firstOfNovember: ist('2026-11-01T00:00:00.000'),
      lastOfNovember: ist('2026-11-30T23:59:59.999'),
      firstOfDecember: ist('2026-12-01T00:00:00.000'),
    };
    const move = (m: Omit<Movement, 'orgId' | 'externalKey'> & { key: string }) =>
      moveMoney(s.deps.db, { ...m, orgId: raviOrg, externalKey: `ravi:${m.key}`, reference: m.reference ?? m.key });

    beforeAll(async () => {
      ravi = (await newSeller(s, { email: 'ravi@example.in', phone: '9876505678', companyName: 'Ravi Crafts' })).token;
      const [row] = await s.deps.db
        .select({ orgId: accounts.orgId })
        .from(accounts)
        .where(eq(accounts.email, 'ravi@example.in'));
      raviOrg = row.orgId!;
      // October: the opening, the last paisa of it one millisecond before November in IST
      await move({ key: 'oct-recharge', kind: 'RECHARGE', amountPaise: 1_000_000, at: ist('2026-10-05T10:00:00') });
      await move({ key: 'oct-last', kind: 'SHIPPING_CHARGE', amountPaise: 11_800, at: at.lastOfOctober });
      // November
      await move({ key: 'nov-first', kind: 'RECHARGE', amountPaise: 500_000, at: at.firstOfNovember });
      await move({ key: 'nov-coupon', kind: 'COUPON_BONUS', amountPaise: 50_000, at: at.firstOfNovember });
      await move({ key: 'AWB1:SC', kind: 'SHIPPING_CHARGE', amountPaise: 8_850, at: ist('2026-11-03T09:00:00') });
      await move({ key: 'AWB1:COD', kind: 'COD_CHARGE', amountPaise: 3_600, at: ist('2026-11-03T09:00:00') });
      await move({ key: 'AWB2:SC', kind: 'SHIPPING_CHARGE', amountPaise: 7_080, at: ist('2026-11-04T09:00:00') });
      await move({ key: 'AWB2:RTO', kind: 'RTO_CHARGE', amountPaise: 7_080, at: ist('2026-11-09T12:00:00') });
      await move({ key: 'AWB3:SC', kind: 'SHIPPING_CHARGE', amountPaise: 5_900, at: ist('2026-11-05T09:00:00') });
      await move({ key: 'AWB3:REFUND', kind: 'SHIPMENT_REFUND', amountPaise: 5_900, at: ist('2026-11-05T11:00:00') });
      await move({ key: 'AWB4:WR', kind: 'WEIGHT_REFUND', amountPaise: 1_770, at: ist('2026-11-12T11:00:00') });
      await move({ key: 'AWB5:DC', kind: 'DISPUTE_CREDIT', amountPaise: 25_000, at: ist('2026-11-14T11:00:00') });
      await move({ key: 'REM-1', kind: 'COD_REMITTANCE_CREDIT', amountPaise: 120_000, at: ist('2026-11-15T18:00:00') });
      // a weight hold charged in November; one still open and one released only in December
      await placeHold(s.deps.db, {
        orgId: raviOrg,
        key: 'ravi:w1',
        amountPaise: 2_360,
        reference: 'AWB1',
        description: 'Weight discrepancy AWB1',
        at: ist('2026-11-10T10:00:00'),
      });
      await chargeHold(s.deps.db, 'ravi:w1', { kind: 'WEIGHT_CHARGE', at: ist('2026-11-17T10:00:00') });
      await placeHold(s.deps.db, {
        orgId: raviOrg,
        key: 'ravi:w2',
        amountPaise: 1_180,
        reference: 'AWB2',
        description: 'Weight discrepancy AWB2',
        at: ist('2026-11-25T10:00:00'),
      });
      await placeHold(s.deps.db, {
        orgId: raviOrg,
        key: 'ravi:w3',
        amountPaise: 590,
        reference: 'AWB3',
        description: 'Weight discrepancy AWB3',
        at: ist('2026-11-28T10:00:00'),
      });
      await releaseHold(s.deps.db, 'ravi:w3', at.firstOfDecember);
      // a staff adjustment through the API on the test's clock, and a reversal of a charge
      s.clock.now = ist('2026-11-20T12:00:00');
      expect(
        (
          await s.request(pathOf(API_WALLET.adjust, { orgId: raviOrg }), {
            method: 'POST',
            json: { direction: 'DEBIT', amount: 99.99, reason: 'Label printing fee', idempotencyKey: 'ravi-adj-0001' },
            token: staff,
          })
        ).status,
      ).toBe(200);
      const [{ id: awb2 }] = await queryRows<{ id: number }>(
        s.deps.db,
        sql`select id from journal_entries where external_key = 'ravi:AWB2:SC'`,
      );
      await reverseEntry(s.deps.db, raviOrg, awb2, 'Charged twice', null, ist('2026-11-21T10:00:00'));
      // the last paisa of November, and the first of December
      await move({ key: 'nov-last', kind: 'SHIPPING_CHARGE', amountPaise: 4_720, at: at.lastOfNovember });
      await move({ key: 'dec-first', kind: 'SHIPPING_CHARGE', amountPaise: 9_440, at: at.firstOfDecember });
    });

    const statement = async (month = NOV, token = ravi) =>
      answer(s, API_WALLET.statement, { params: { month }, token });

    it('shows each section with its lines and subtotal, the month’s edges in IST', async () => {
      const st = await statement();
      expect(st).toMatchObject({ orgId: raviOrg, companyName: 'Ravi Crafts', month: NOV });
      expect([st.from, st.to]).toEqual([at.firstOfNovember.toISOString(), at.firstOfDecember.toISOString()]);
      expect(st.openingPaise).toBe(1_000_000 - 11_800);
      const section = (key: string) => st.sections.find((x) => x.key === key)!;
      const amounts = (key: string) => section(key).lines.map((l) => [l.reference, l.amountPaise]);
      expect(st.sections.map((x) => x.title)).toEqual([
        'Freight',
        'COD fees',
        'RTO charges',
        'Weight charges',
        'Refunds',
        'Insurance and delay protection',
        'Insurance claims and delay credits',
        'COD remittances',
        'Recharges and coupon bonuses',
        'Adjustments and reversals',
      ]);
      expect(amounts('freight')).toEqual([
        ['AWB1:SC', -8_850],
        ['AWB2:SC', -7_080],
        ['AWB3:SC', -5_900],
        ['nov-last', -4_720],
      ]);
      expect(section('freight').subtotalPaise).toBe(-26_550);
      expect(amounts('codFees')).toEqual([['AWB1:COD', -3_600]]);
      expect(amounts('rtoCharges')).toEqual([['AWB2:RTO', -7_080]]);
      expect(amounts('weightCharges')).toEqual([['AWB1', -2_360]]);
      expect(amounts('refunds')).toEqual([
        ['AWB3:REFUND', 5_900],
        ['AWB4:WR', 1_770],
        ['AWB5:DC', 25_000],
      ]);
      expect(section('refunds').subtotalPaise).toBe(32_670);
      expect(amounts('remittances')).toEqual([['REM-1', 120_000]]);
      expect(amounts('recharges')).toEqual([
        ['nov-first', 500_000],
        ['nov-coupon', 50_000],
      ]);
      expect(section('adjustments').lines.map((l) => [l.kind, l.amountPaise])).toEqual([
        ['ADJUSTMENT_DEBIT', -9_999],
        ['REVERSAL', 7_080],
      ]);
      expect(section('adjustments').subtotalPaise).toBe(-2_919);
      // the held note: the open hold and the one released only after the month ended
      expect([st.heldAtEndPaise, st.openHolds]).toEqual([1_180 + 590, 2]);
    });

    it('reconciles to the ledger to the paisa: opening + sections = closing = the balance at the month end', async () => {
      const st = await statement();
      const sum = st.sections.reduce((t, x) => t + x.subtotalPaise, 0);
      expect(st.closingPaise).toBe(st.openingPaise + sum);
      expect(st.closingPaise).toBe(st.ledgerClosingPaise);
      expect(st.reconciled).toBe(true);
      // the wallet's running balance less what was booked after November = November's closing
      const now = await walletState(s.deps.db, raviOrg);
      expect(now.balancePaise + 9_440).toBe(st.closingPaise);
      expect(st.closingPaise).toBe(988_200 - 26_550 - 3_600 - 7_080 - 2_360 + 32_670 + 120_000 + 550_000 - 2_919);
      // October closes where November opens; December opens where November closed
      expect((await statement('2026-10')).closingPaise).toBe(st.openingPaise);
      // December has begun: the clock moves on and everyone signs in again
      s.clock.now = ist('2026-12-02T10:00:00');
      ({ staff } = await demoTokens(s));
      ravi = (await login(s, { email: 'ravi@example.in', password: 'Seller@123' })).token;
      tara = (await login(s, { email: 'tara@example.in', password: 'Seller@123' })).token;
      const dec = await statement('2026-12');
      expect(dec.openingPaise).toBe(st.closingPaise);
      expect(dec.sections.find((x) => x.key === 'freight')!.lines.map((l) => l.reference)).toEqual(['dec-first']);
      expect(dec.closingPaise).toBe(now.balancePaise);
      expect(dec.reconciled).toBe(true);
    });

    it('is a PDF (read back with pdftotext) and a CSV', async () => {
      const res = await s.request(pathOf(API_WALLET.statementPdf, { month: NOV }), { token: ravi });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const { text, pages } = readPdf(new Uint8Array(await res.arrayBuffer()), 50);
      expect(pages).toBeGreaterThanOrEqual(1);
      const flat = text.replace(/\s+/g, ' ');
      for (const words of [
        'Wallet statement',
        'Ravi Crafts',
        'Period: 01 Nov 2026 to 30 Nov 2026 (November 2026, IST)',
        'Opening balance ₹9,882.00',
        'Subtotal: Freight -₹265.50',
        'Subtotal: COD fees -₹36.00',
        'Subtotal: Refunds ₹326.70',
        'Subtotal: COD remittances ₹1,200.00',
        'Subtotal: Recharges and coupon bonuses ₹5,500.00',
        'Subtotal: Adjustments and reversals -₹29.19',
        'Closing balance ₹16,483.61',
        'Reconciled',
        'Note: ₹17.70 was held for 2 weight discrepancies at the month end',
      ])
        expect(flat).toContain(words);
      const csv = await csvLines(await s.request(pathOf(API_WALLET.statementCsv, { month: NOV }), { token: ravi }));
      expect(csv[0]).toBe('section,date,type,reference,description,amount');
      expect(csv[1]).toBe('Opening balance,,,,,9882');
      expect(csv).toContain('Freight: subtotal,,,,,-265.5');
      expect(csv).toContain('Freight,"30 Nov 2026, 11:59 pm",Shipping charge,nov-last,Shipping charge,-47.2');
      expect(csv.at(-2)).toBe('Closing balance,,,,,16483.61');
    });

    it('is the seller’s own; staff read any seller’s and get 404 for an unknown one; bad months name the field', async () => {
      // another seller's statement of the month is their own (empty), never Ravi's
      const taras = await statement(NOV, tara);
      expect(taras.orgId).toBe(taraOrg);
      expect(taras.sections.flatMap((x) => x.lines).some((l) => l.reference.startsWith('AWB1'))).toBe(false);
      const staffView = await answer(s, API_WALLET.staffStatement, {
        params: { orgId: raviOrg, month: NOV },
        token: staff,
      });
      expect(staffView).toEqual(await statement());
      expect(
        (await s.request(pathOf(API_WALLET.staffStatement, { orgId: 99_999, month: NOV }), { token: staff })).status,
      ).toBe(404);
      expect(
        (await s.request(pathOf(API_WALLET.staffStatementPdf, { orgId: 99_999, month: NOV }), { token: staff })).status,
      ).toBe(404);
      const pdf = await s.request(pathOf(API_WALLET.staffStatementPdf, { orgId: raviOrg, month: NOV }), {
        token: staff,
      });
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(
        (await s.request(pathOf(API_WALLET.staffStatement, { orgId: raviOrg, month: NOV }), { token: ravi })).status,
      ).toBe(403);
      expect((await s.request(pathOf(API_WALLET.statement, { month: NOV }), { token: staff })).status).toBe(403);
      expect(
        await errorOf(await s.request(pathOf(API_WALLET.statement, { month: '2026-13' }), { token: ravi })),
      ).toMatchObject({
        status: 400,
        message: 'Month must be yyyy-mm',
      });
      expect(
        await errorOf(await s.request(pathOf(API_WALLET.statement, { month: '0000-01' }), { token: ravi })),
      ).toMatchObject({
        status: 400,
        message: 'Month must be yyyy-mm',
      });
      expect(
        await errorOf(await s.request(pathOf(API_WALLET.statement, { month: '2027-01' }), { token: ravi })),
      ).toMatchObject({
        status: 400,
        message: 'Month must not be after the current month',
      });
    });
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/rows';
import {
  bankAccounts,
  codPayoutLines,
  codPayouts,
  journalEntries,
  organisations,
  accounts,
} from '../../server/db/schema';
import { insertDeliveredCod } from '../../server/seeds/cod-delivered';
import { remitCollectedCod } from '../../server/carriers/sandbox/cod-remittance';
import { recordCourierRemittance } from '../../server/modules/cod/courier';
import { runCodCycle } from '../../server/modules/cod/cycle';
import { moveMoney, setCreditLimit } from '../../server/modules/wallet/ledger';
import { spendableWallet as walletState } from '../../server/modules/wallet/spendable';
import { CARRIERS } from '../../src/domain/shipping/carriers';
import { API_COD, COD_UTR_FILES } from '../../src/domain/cod-contract';
import { earlyCodFeePaise, istDate, isPayoutDay } from '../../src/domain/cod-remittance';
import { answer } from './call';
import { API_AUDIT } from '../../src/domain/audit-contract';
import { errorOf, type TestServer } from './harness';
import { pathOf } from '../../src/domain/operation';
import {
  csvForm,
  csvLines,
  demoTokens,
  finishedUpload,
  startUpload,
  login,
  newSeller,
  startDemoServer,
} from './helpers';

const DAY = 86_400_000;
const CARRIER = CARRIERS[0].code;
const FILES = COD_UTR_FILES;

describe('COD remittance', () => {
  let s: TestServer;
  let seller: string;
  let meera: string;
  let staff: string;
  let meeraOrg: number;
  let aaravOrg: number;
  let batch = 0;
  const relogin = async () => ({ seller, meera, staff } = await demoTokens(s));
  const orgOf = async (name: string) =>
    (await s.deps.db.select().from(organisations).where(eq(organisations.companyName, name)))[0].id;
  /** A verified primary bank account, as penny drop leaves it. */
  const verifiedBank = async (orgId: number) => {
    const [owner] = await s.deps.db.select().from(accounts).where(eq(accounts.orgId, orgId));
    await s.deps.db.insert(bankAccounts).values({
      orgId,
      ifsc: 'HDFC0000123',
      bankName: 'HDFC Bank',
      accountNumber: `5010012345${orgId}`,
      last4: `45${orgId}`.slice(-4),
      holderName: 'Owner',
      status: 'VERIFIED',
      isPrimary: true,
      verifiedAt: s.clock.now,
      createdBy: owner.id,
      createdAt: s.clock.now,
      updatedAt: s.clock.now,
    });
  };
  /** Delivered COD shipments of sellers, `daysAgo` days before the clock. */
  const delivered = async (orgIds: number[], perOrg: number, daysAgo: number, over: { status?: string } = {}) =>
    (
      await insertDeliveredCod(s.deps.db, {
        orgIds,
        perOrg,
        prefix: `T${++batch}`,
        deliveredAt: new Date(s.clock.now.getTime() - daysAgo * DAY),
        carrierCode: CARRIER,
        ...over,
      })
    ).awbs;
  /** Moves the clock to noon IST of the next payout day (Mon, Wed, Fri). */
  const nextPayoutDay = async () => {
    do s.clock.advance(DAY);
    while (!isPayoutDay(istDate(s.clock.now)));
    await relogin();
  };
  const lineOf = async (awb: string) =>
    (await s.deps.db.select().from(codPayoutLines).where(eq(codPayoutLines.awb, awb)))[0];
  const payouts = async (token = meera) => answer(s, API_COD.payouts, { token });

  beforeAll(async () => {
    s = await startDemoServer();
    await relogin();
    meeraOrg = await orgOf('Meera Crafts');
    aaravOrg = await orgOf('Aarav Traders');
    await verifiedBank(meeraOrg);
    await verifiedBank(aaravOrg);
  });
  afterAll(() => s.close());

  it('the sandbox courier remits delivered COD once; an RTO or a cancelled shipment is never remitted or paid', async () => {
    const ok = await delivered([meeraOrg], 3, 6);
    const rto = await delivered([meeraOrg], 1, 6, { status: 'RTO_DLV' });
    const cancelled = await delivered([meeraOrg], 1, 6, { status: 'CAN' });
    const first = await remitCollectedCod(s.deps);
    expect(first.lines).toBe(3);
    expect((await remitCollectedCod(s.deps)).lines).toBe(0);
    // a courier's file naming an RTO, a cancelled one or a wrong amount: refused, counted
    const odd = await recordCourierRemittance(
      s.deps.db,
      {
        carrierCode: CARRIER,
        reference: 'ODD-1',
        utr: 'ODDUTR000000001',
        remittedAt: s.clock.now,
        lines: [
          { awb: rto[0], amountPaise: 1000 },
          { awb: cancelled[0], amountPaise: 1000 },
          { awb: ok[0], amountPaise: 1 },
        ],
      },
      s.clock.now,
    );
    expect(odd).toMatchObject({ recorded: true, lines: 0, refused: 3 });
    const cycle = await runCodCycle(s.deps);
    expect(cycle.shipments).toBe(3);
    for (const awb of ok) expect(await lineOf(awb)).toBeTruthy();
    for (const awb of [...rto, ...cancelled]) expect(await lineOf(awb)).toBeUndefined();
  });

  it('a cycle replayed and run three times at once pays each delivered COD shipment exactly once', async () => {
    await nextPayoutDay();
    const awbs = await delivered([meeraOrg, aaravOrg], 20, 9);
    await remitCollectedCod(s.deps);
    const runs = await Promise.allSettled([runCodCycle(s.deps), runCodCycle(s.deps), runCodCycle(s.deps)]);
    const again = await runCodCycle(s.deps);
    expect(again.payouts).toBe(0);
    const made = runs.flatMap((r) => (r.status === 'fulfilled' ? [r.value.shipments] : []));
    expect(made.reduce((a, b) => a + b, 0)).toBe(40);
    const rows = await queryRows<{ n: number; d: number }>(
      s.deps.db,
      sql`select count(*)::int as n, count(distinct shipment_id)::int as d from cod_payout_lines
          where awb = any(${sql.param(awbs)}::text[])`,
    );
    expect(rows[0]).toEqual({ n: 40, d: 40 });
    // each seller's payout adds up to its lines
    const sums = await queryRows<{ ok: boolean }>(
      s.deps.db,
      sql`select p.gross_paise = (select sum(amount_paise) from cod_payout_lines l where l.payout_id = p.id and kind = 'SHIPMENT') as ok
          from cod_payouts p`,
    );
    expect(sums.every((r) => r.ok)).toBe(true);
  });

  it('waits for the courier: a standard shipment the courier has not remitted is not paid', async () => {
    await nextPayoutDay();
    const [awb] = await delivered([meeraOrg], 1, 8);
    await runCodCycle(s.deps);
    expect(await lineOf(awb)).toBeUndefined();
    const f = await answer(s, API_COD.forecast, { token: meera });
    const mine = f.days.flatMap((d) => d.shipments).find((x) => x.trackingNumber === awb)!;
    expect(mine).toMatchObject({ courierRemitted: false, early: false });
    await remitCollectedCod(s.deps);
    await nextPayoutDay();
    await runCodCycle(s.deps);
    expect((await lineOf(awb)).advance).toBe(false);
  });

  it('deducts a negative wallet from the bank payout, credits it into the wallet and shows the line', async () => {
    await nextPayoutDay();
    await setCreditLimit(s.deps.db, meeraOrg, 100_000);
    const before = await walletState(s.deps.db, meeraOrg);
    await moveMoney(s.deps.db, {
      orgId: meeraOrg,
      kind: 'ADJUSTMENT_DEBIT',
      amountPaise: before.balancePaise - before.heldPaise + 30_000,
      externalKey: 'cod-test-negative',
    });
    expect((await walletState(s.deps.db, meeraOrg)).balancePaise - before.heldPaise).toBe(-30_000);
    const [awb] = await delivered([meeraOrg], 1, 9);
    await remitCollectedCod(s.deps);
    const f = await answer(s, API_COD.forecast, { token: meera });
    expect(f.walletUsablePaise).toBe(-30_000);
    expect(f.days[0].expectedDeductionPaise).toBe(30_000);
    await runCodCycle(s.deps);
    const line = await lineOf(awb);
    const one = await answer(s, API_COD.payout, { params: { payoutId: line.payoutId }, token: meera });
    expect(one.payout).toMatchObject({ status: 'AWAITING_TRANSFER', deductionPaise: 30_000 });
    expect(one.payout.netPaise).toBe(one.payout.grossPaise - 30_000);
    const cut = one.lines.find((l) => l.kind === 'WALLET_DEDUCTION')!;
    expect(cut).toMatchObject({ amountPaise: -30_000, label: 'Deducted to clear the negative wallet' });
    const after = await walletState(s.deps.db, meeraOrg);
    expect(after.balancePaise - after.heldPaise).toBe(0);
    const credits = await s.deps.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.externalKey, `cod-payout:${line.payoutId}:deduction`));
    expect(credits).toHaveLength(1);
    expect(credits[0].kind).toBe('COD_REMITTANCE_CREDIT');
  });

  it('early COD: the fee is shown before opting in, computed to the paisa, and paid D+2 as an advance', async () => {
    expect(earlyCodFeePaise(123_456, 99)).toBe(1222); // 1222.214 → 1222
    expect(earlyCodFeePaise(50_050, 99)).toBe(495); // 495.495 → 495
    expect(earlyCodFeePaise(150, 99)).toBe(1); // 1.485 → 1
    expect(earlyCodFeePaise(50_000, 99)).toBe(495); // exactly 495
    expect(earlyCodFeePaise(100_000, 75)).toBe(750);
    const settings = await answer(s, API_COD.settings, { token: meera });
    expect(settings.options).toContainEqual({ days: 2, feeBps: 99, feeText: '0.99%' });
    const refused = await errorOf(
      await s.request(API_COD.earlyCod.path, { method: 'PUT', json: { earlyCodDays: 2 }, token: meera }),
    );
    expect(refused.status).toBe(400);
    expect(refused.message).toMatch(/^Early COD terms/);
    const bad = await errorOf(
      await s.request(API_COD.earlyCod.path, {
        method: 'PUT',
        json: { earlyCodDays: 5, acceptTerms: true },
        token: meera,
      }),
    );
    expect(bad.message).toMatch(/^Early COD must be one of 2, 3/);
    const on = await answer(s, API_COD.earlyCod, { body: { earlyCodDays: 2, acceptTerms: true }, token: meera });
    expect(on).toMatchObject({ earlyCodDays: 2, earlyCodFeeBps: 99 });
    s.clock.advance(60_000);
    await nextPayoutDay();
    const awbs = await delivered([meeraOrg], 2, 2);
    await runCodCycle(s.deps); // not remitted by the courier: an advance
    const line = await lineOf(awbs[0]);
    expect(line).toMatchObject({ advance: true });
    const [{ amount }] = await queryRows<{ amount: string }>(
      s.deps.db,
      sql`select cod_amount_paise as amount from orders where awb = ${awbs[0]}`,
    );
    expect(Number(line.feePaise)).toBe(earlyCodFeePaise(Number(amount), 99));
    const one = await answer(s, API_COD.payout, { params: { payoutId: line.payoutId }, token: meera });
    const fee = one.lines.find((l) => l.kind === 'EARLY_COD_FEE')!;
    expect(fee.amountPaise).toBe(-one.payout.feePaise);
    expect(one.payout.feePaise).toBe(one.lines.reduce((a, l) => a + l.feePaise, 0));
    await s.request(API_COD.earlyCod.path, { method: 'PUT', json: { earlyCodDays: null }, token: meera });
  });

  it('staff mark a payout paid by hand once (a concurrent repeat is refused); the seller sees the UTR', async () => {
    const pending = await answer(s, API_COD.pending, {
      query: { status: 'AWAITING_TRANSFER', recordsPerPage: '100' },
      token: staff,
    });
    const target = pending.items.find((p) => p.orgId === meeraOrg)!;
    expect(target.remittanceExpiryTs).toBeTruthy();
    const bad = await errorOf(
      await s.request(pathOf(API_COD.markPaid, { payoutId: target.payoutId }), {
        method: 'POST',
        json: { utr: 'x1' },
        token: staff,
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/^UTR must be 12 to 22 letters and digits/);
    const missing = await errorOf(
      await s.request(pathOf(API_COD.markPaid, { payoutId: target.payoutId }), {
        method: 'POST',
        json: {},
        token: staff,
      }),
    );
    expect(missing.message).toMatch(/^UTR/);
    const tries = await Promise.all(
      [0, 1, 2].map(() =>
        s.request(pathOf(API_COD.markPaid, { payoutId: target.payoutId }), {
          method: 'POST',
          json: { utr: 'HDFCN52026112699', comments: 'NEFT batch' },
          token: staff,
        }),
      ),
    );
    expect(tries.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const mine = await payouts();
    expect(mine.items.find((p) => p.payoutId === target.payoutId)).toMatchObject({
      status: 'PAID',
      utr: 'HDFCN52026112699',
    });
    const paid = await answer(s, API_COD.paid, { query: { recordsPerPage: 100 }, token: staff });
    expect(paid.items.find((p) => p.payoutId === target.payoutId)).toMatchObject({
      remittanceTransactionInfo: 'UTR HDFCN52026112699',
      additionalComments: 'NEFT batch',
      remittanceStatus: 'Paid',
    });
    // a UTR pays one payout
    const other = pending.items.find((p) => p.payoutId !== target.payoutId && p.status === 'AWAITING_TRANSFER')!;
    const reused = await errorOf(
      await s.request(pathOf(API_COD.markPaid, { payoutId: other.payoutId }), {
        method: 'POST',
        json: { utr: 'HDFCN52026112699' },
        token: staff,
      }),
    );
    expect(reused.status).toBe(409);
  });

  it("another seller's payout answers 404; a seller cannot call staff routes, nor staff the seller's", async () => {
    const mine = await payouts();
    const id = mine.items[0].payoutId;
    expect((await s.request(pathOf(API_COD.payout, { payoutId: id }), { token: seller })).status).toBe(404);
    expect((await s.request(pathOf(API_COD.payout, { payoutId: 999_999 }), { token: meera })).status).toBe(404);
    for (const path of [
      API_COD.pending.path,
      API_COD.paid.path,
      API_COD.history.path,
      pathOf(API_COD.staffPayout, { payoutId: id }),
    ])
      expect((await s.request(path, { token: meera })).status).toBe(403);
    for (const [path, json] of [
      [pathOf(API_COD.markPaid, { payoutId: id }), { utr: 'AAAAAAAAAAAAAAA' }],
      [pathOf(API_COD.hold, { payoutId: id }), { holdReason: 'Checking' }],
      [pathOf(API_COD.release, { payoutId: id }), undefined],
      [API_COD.runCycle.path, undefined],
    ] as const)
      expect((await s.request(path, { method: 'POST', json, token: meera })).status).toBe(403);
    expect((await s.request(API_COD.payouts.path, { token: staff })).status).toBe(403);
    expect((await s.request(API_COD.pending.path)).status).toBe(401);
    expect((await s.request(pathOf(API_COD.staffPayout, { payoutId: 999_999 }), { token: staff })).status).toBe(404);
  });

  it('a UTR file marks payouts paid and reports bad rows by column label', async () => {
    await nextPayoutDay();
    await delivered([meeraOrg, aaravOrg], 2, 9);
    await remitCollectedCod(s.deps);
    await runCodCycle(s.deps);
    const pending = await answer(s, API_COD.pending, {
      query: { status: 'AWAITING_TRANSFER', recordsPerPage: '100' },
      token: staff,
    });
    const [a, b] = pending.items;
    const [paidOne] = (await answer(s, API_COD.paid, { token: staff })).items;
    const text = [
      'payoutId,utr,comments',
      `${a.payoutId},ICICN52026113001,batch 1`,
      `${b.payoutId},bad utr,`,
      'abc,ICICN52026113002,',
      '999999,ICICN52026113003,',
      `${paidOne.payoutId},ICICN52026113004,`,
      `${b.payoutId},ICICN52026113001,`,
    ].join('\n');
    const up = await startUpload(s, FILES, text, 'utr.csv', staff);
    const done = await finishedUpload(s, FILES, up.uploadId, staff);
    expect(done.result).toMatchObject({ created: 1, rejected: 5 });
    const errors = await (await s.request(done.result!.errorFileUrl!, { token: staff })).text();
    expect(errors).toMatch(/UTR must be 12 to 22 letters and digits/);
    expect(errors).toMatch(/Payout must be a number/);
    expect(errors).toMatch(/Payout 999999 not found/);
    expect(errors).toMatch(/paid already|only a payout waiting for bank transfer/);
    expect(errors).toMatch(/UTR ICICN52026113001 appears earlier/);
    expect(errors).not.toMatch(/,(payoutId|utr) must/);
    const detail = await answer(s, API_COD.staffPayout, { params: { payoutId: a.payoutId }, token: staff });
    expect(detail.payout).toMatchObject({ status: 'PAID', utr: 'ICICN52026113001' });
    // a seller cannot upload it
    expect(
      (await s.request(FILES.upload.path, { method: 'POST', body: csvForm(text, 'utr.csv'), token: meera })).status,
    ).toBe(403);
  });

  it('holds a payout without KYC or a verified bank account, and releases it once they are in order', async () => {
    const who = { email: 'cod.priya@example.in', password: 'Seller@123' };
    await newSeller(s, { email: who.email, phone: '9811122233', companyName: 'Priya Prints' });
    const orgId = await orgOf('Priya Prints');
    await nextPayoutDay();
    const priya = await login(s, who);
    await delivered([orgId], 2, 9);
    await remitCollectedCod(s.deps);
    await runCodCycle(s.deps);
    const [held] = (await payouts(priya.token)).items;
    expect(held).toMatchObject({ status: 'ON_HOLD', holdCode: 'KYC' });
    expect(held.holdReason).toMatch(/KYC/);
    await s.deps.db.update(organisations).set({ kycVerified: true }).where(eq(organisations.id, orgId));
    await runCodCycle(s.deps);
    expect((await payouts(priya.token)).items[0]).toMatchObject({ status: 'ON_HOLD', holdCode: 'BANK_ACCOUNT' });
    await verifiedBank(orgId);
    const released = await runCodCycle(s.deps);
    expect(released.released).toBe(1);
    expect((await payouts(priya.token)).items[0]).toMatchObject({ status: 'AWAITING_TRANSFER', holdCode: null });
    // staff hold it with a reason, then release it
    const id = held.payoutId;
    const shortReason = await errorOf(
      await s.request(pathOf(API_COD.hold, { payoutId: id }), {
        method: 'POST',
        json: { holdReason: 'no' },
        token: staff,
      }),
    );
    expect(shortReason.message).toMatch(/^Hold reason must be 5 to 300 characters/);
    const h = await answer(s, API_COD.hold, {
      params: { payoutId: id },
      body: { holdReason: 'Buyer fraud check' },
      token: staff,
    });
    expect(h.payout).toMatchObject({ status: 'ON_HOLD', holdCode: 'STAFF', holdReason: 'Buyer fraud check' });
    expect(
      (
        await s.request(pathOf(API_COD.markPaid, { payoutId: id }), {
          method: 'POST',
          json: { utr: 'AXISN5202611309' },
          token: staff,
        })
      ).status,
    ).toBe(409);
    const r = await answer(s, API_COD.release, { params: { payoutId: id }, token: staff });
    expect(r.payout).toMatchObject({ status: 'AWAITING_TRANSFER', holdCode: null });
    expect((await s.request(pathOf(API_COD.release, { payoutId: id }), { method: 'POST', token: staff })).status).toBe(
      409,
    );
  });

  it('pays into the wallet at once when the seller chose so', async () => {
    await answer(s, API_COD.payoutMethod, { body: { payToWallet: true }, token: seller });
    const bad = await errorOf(
      await s.request(API_COD.payoutMethod.path, { method: 'PUT', json: { payToWallet: 'yes' }, token: seller }),
    );
    expect(bad.message).toMatch(/^Pay COD into my wallet must be true or false/);
    const before = await walletState(s.deps.db, aaravOrg);
    await nextPayoutDay();
    const [awb] = await delivered([aaravOrg], 1, 9);
    await remitCollectedCod(s.deps);
    await runCodCycle(s.deps);
    const line = await lineOf(awb);
    const [p] = await s.deps.db.select().from(codPayouts).where(eq(codPayouts.id, line.payoutId));
    expect(p).toMatchObject({ method: 'WALLET', status: 'PAID' });
    expect((await walletState(s.deps.db, aaravOrg)).balancePaise).toBe(before.balancePaise + p.netPaise);
    await runCodCycle(s.deps);
    expect((await walletState(s.deps.db, aaravOrg)).balancePaise).toBe(before.balancePaise + p.netPaise);
    const wallet = await s.deps.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.orgId, aaravOrg), eq(journalEntries.kind, 'COD_REMITTANCE_CREDIT')));
    expect(wallet.filter((e) => e.externalKey === `cod-payout:${p.id}`)).toHaveLength(1);
  });

  it('finance sees a payout’s full bank details and downloads a NEFT file of chosen payouts, each audited; other roles are refused', async () => {
    await nextPayoutDay();
    await delivered([meeraOrg, aaravOrg], 1, 9);
    await remitCollectedCod(s.deps);
    await runCodCycle(s.deps);
    const pending = await answer(s, API_COD.pending, {
      query: { status: 'AWAITING_TRANSFER', recordsPerPage: '100' },
      token: staff,
    });
    const chosen = pending.items
      .filter((p) => p.method === 'BANK' && [meeraOrg, aaravOrg].includes(p.orgId))
      .slice(0, 2);
    expect(chosen).toHaveLength(2);
    const finance = (await login(s, { email: 'finance@dakiya.in', password: 'Staff@123' })).token;
    const support = (await login(s, { email: 'support@dakiya.in', password: 'Staff@123' })).token;
    const [first, second] = chosen;

    // the full details the transfer needs, to the role that pays; the list itself stays masked
    const details = await answer(s, API_COD.bankDetails, { params: { payoutId: first.payoutId }, token: finance });
    expect(details).toEqual({
      payoutId: first.payoutId,
      holderName: 'Owner',
      accountNumber: `5010012345${first.orgId}`,
      ifsc: 'HDFC0000123',
      bankName: 'HDFC Bank',
      branch: null,
    });
    expect(first.bankLabel).not.toContain(details.accountNumber);
    expect(
      (await s.request(pathOf(API_COD.bankDetails, { payoutId: first.payoutId }), { token: support })).status,
    ).toBe(403);
    expect((await s.request(pathOf(API_COD.bankDetails, { payoutId: 999_999 }), { token: finance })).status).toBe(404);
    const audited = async (action: string) =>
      (await answer(s, API_AUDIT.log, { query: { action, recordsPerPage: 100 }, token: staff })).items;
    const reveal = (await audited('cod.bank_details.reveal')).find((r) => r.entityId === String(first.payoutId));
    expect(reveal).toMatchObject({ actorEmail: 'finance@dakiya.in', entityType: 'cod_payout' });
    expect(JSON.stringify(reveal)).not.toContain(details.accountNumber);

    // the bank's NEFT bulk-upload file of the chosen payouts
    const ids = `${first.payoutId},${second.payoutId}`;
    const res = await s.request(`${API_COD.bankFile.path}?payoutIds=${ids}`, { token: finance });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = await res.text();
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Transaction Type,Beneficiary Account Number,IFSC,Amount,Beneficiary Name,Beneficiary Bank,Value Date,Narration,Payout Reference',
    );
    const [d, m, y] = [
      istDate(s.clock.now).slice(8, 10),
      istDate(s.clock.now).slice(5, 7),
      istDate(s.clock.now).slice(0, 4),
    ];
    expect(lines.slice(1)).toEqual(
      chosen.map(
        (p) =>
          `NEFT,5010012345${p.orgId},HDFC0000123,${(p.netPaise / 100).toFixed(2)},Owner,HDFC Bank,${d}/${m}/${y},DAKIYA COD PAYOUT ${p.payoutId},COD-${p.payoutId}`,
      ),
    );
    expect((await audited('cod.bank_file')).at(0)).toMatchObject({
      actorEmail: 'finance@dakiya.in',
      after: { payoutIds: [first.payoutId, second.payoutId], totalPaise: first.netPaise + second.netPaise },
    });
    expect((await s.request(`${API_COD.bankFile.path}?payoutIds=${ids}`, { token: support })).status).toBe(403);
    // only payouts waiting for a bank transfer go in a file; bad input names the field
    await answer(s, API_COD.markPaid, {
      params: { payoutId: second.payoutId },
      body: { utr: 'HDFCN52026120101' },
      token: finance,
    });
    const refused = await errorOf(await s.request(`${API_COD.bankFile.path}?payoutIds=${ids}`, { token: finance }));
    expect(refused).toMatchObject({ status: 409 });
    expect(refused.message).toMatch(new RegExp(`not ${second.payoutId}$`));
    expect(
      (await errorOf(await s.request(`${API_COD.bankFile.path}?payoutIds=abc`, { token: finance }))).message,
    ).toMatch(/^Payouts/);
  });

  it("downloads the seller's statement as CSV, only their own lines", async () => {
    const res = await s.request(API_COD.statement.path, { token: meera });
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = await csvLines(res);
    expect(lines[0]).toMatch(/^Payout,Payout date,Status/);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.join('\n')).toMatch(/HDFCN52026112699/);
    const bad = await errorOf(await s.request(`${API_COD.statement.path}?fromDate=2026-13-01`, { token: meera }));
    expect(bad.status).toBe(400);
    expect((await s.request(API_COD.statement.path, { token: staff })).status).toBe(403);
  });
});

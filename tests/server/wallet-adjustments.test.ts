import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADJUSTMENT, API_WALLET, type WalletAdjustmentRow, type WalletSummary } from '../../src/domain/wallet-contract';
import { queryRows } from '../../server/db/rows';
import { dataOf, errorOf, type TestServer } from './harness';
import { demoTokens, startDemoServer, STAFF } from './helpers';

// Staff adjustments of a seller's wallet: bounded, with a reason, and each one audited with who,
// when, why and the balance before and after, also when many race on one wallet.

const ORG = 1; // the demo seller's organisation

describe('staff wallet adjustments', () => {
  let s: TestServer;
  let seller: string;
  let staff: string;
  beforeAll(async () => {
    s = await startDemoServer();
    ({ seller, staff } = await demoTokens(s));
  });
  afterAll(() => s.close());

  const balance = async () =>
    (await dataOf<WalletSummary>(await s.request(API_WALLET.wallet, { token: seller }))).balancePaise;
  const adjust = (json: unknown, token = staff) => s.request(API_WALLET.adjust(ORG), { method: 'POST', json, token });
  const audit = async () => dataOf<WalletAdjustmentRow[]>(await s.request(API_WALLET.adjust(ORG), { token: staff }));

  it('refuses a credit above the upper bound (₹1e13 was once accepted) and moves nothing', async () => {
    const before = await balance();
    for (const amount of [1e13, ADJUSTMENT.maxRupees + 0.01]) {
      expect(await errorOf(await adjust({ direction: 'CREDIT', amount, reason: 'Goodwill credit' }))).toMatchObject({
        status: 400,
        message: `Amount must be at most ${ADJUSTMENT.maxRupees} rupees`,
      });
    }
    expect(await balance()).toBe(before);
    expect(await audit()).toEqual([]);
  });

  it('requires a reason', async () => {
    expect(await errorOf(await adjust({ direction: 'CREDIT', amount: 10 }))).toMatchObject({
      status: 400,
      message: 'Reason is required',
    });
    expect(await errorOf(await adjust({ direction: 'CREDIT', amount: 10, reason: '     ' }))).toMatchObject({
      status: 400,
      message: 'Reason must be 5 to 200 characters',
    });
  });

  it('records who, when, why and the balance before and after', async () => {
    const before = await balance();
    const answer = await dataOf<{ balancePaise: number; adjustment: WalletAdjustmentRow }>(
      await adjust({
        direction: 'CREDIT',
        amount: ADJUSTMENT.maxRupees,
        reason: 'Refund of a lost parcel, ticket 4411',
      }),
    );
    expect(answer.balancePaise).toBe(before + ADJUSTMENT.maxRupees * 100);
    const [row] = await audit();
    expect(row).toEqual(answer.adjustment);
    expect(row).toMatchObject({
      direction: 'CREDIT',
      amountPaise: ADJUSTMENT.maxRupees * 100,
      reason: 'Refund of a lost parcel, ticket 4411',
      staffEmail: STAFF.email,
      balanceBeforePaise: before,
      balanceAfterPaise: before + ADJUSTMENT.maxRupees * 100,
      createdAt: s.clock.now.toISOString(),
    });
    // a refused debit leaves no record
    expect(
      (await adjust({ direction: 'DEBIT', amount: ADJUSTMENT.maxRupees, reason: 'Takes more than the wallet has' }))
        .status,
    ).toBe(200);
    expect(
      (
        await errorOf(
          await adjust({ direction: 'DEBIT', amount: ADJUSTMENT.maxRupees, reason: 'Takes more than the wallet has' }),
        )
      ).status,
    ).toBe(422);
    expect(await audit()).toHaveLength(2);
    // sellers neither adjust nor read the audit; the record cannot be changed afterwards
    expect((await adjust({ direction: 'CREDIT', amount: 5, reason: 'Self credit' }, seller)).status).toBe(403);
    expect((await s.request(API_WALLET.adjust(ORG), { token: seller })).status).toBe(403);
    await expect(queryRows(s.deps.db, sql`update wallet_adjustments set reason = 'rewritten'`)).rejects.toThrow();
  });

  it('audits every one of concurrent adjustments with its own true before and after', async () => {
    // a float so that every debit below can succeed whichever order they arrive in
    expect(
      (await adjust({ direction: 'CREDIT', amount: 5_000, reason: 'Float for the concurrent adjustments' })).status,
    ).toBe(200);
    const start = await balance();
    const before = (await audit()).length;
    const wanted = Array.from({ length: 24 }, (_, i) => ({
      direction: i % 3 === 2 ? 'DEBIT' : 'CREDIT',
      amount: 100 + i,
      reason: `Concurrent adjustment ${i}`,
    }));
    const answers = await Promise.all(wanted.map((json) => adjust(json)));
    expect(answers.map((r) => r.status)).toEqual(wanted.map(() => 200));
    const rows = (await audit()).slice(0, wanted.length).sort((a, b) => a.entryId - b.entryId);
    expect((await audit()).length - before).toBe(wanted.length);
    let running = start;
    for (const row of rows) {
      expect(row.balanceBeforePaise).toBe(running);
      running += (row.direction === 'CREDIT' ? 1 : -1) * row.amountPaise;
      expect(row.balanceAfterPaise).toBe(running);
    }
    const net = wanted.reduce((sum, w) => sum + (w.direction === 'CREDIT' ? 1 : -1) * w.amount * 100, 0);
    expect(running).toBe(start + net);
    expect(await balance()).toBe(start + net);
    console.log(
      `[wallet-adjustments] ${wanted.length} concurrent adjustments: ${rows.length} audited, chain of before/after unbroken, net ₹${net / 100}`,
    );
  });
});

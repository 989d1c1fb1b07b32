import { answer, answerOf } from './call';
import { pathOf } from '../../src/domain/operation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADJUSTMENT, API_WALLET } from '../../src/domain/wallet-contract';
import { queryRows } from '../../server/db/rows';
import { errorOf, type TestServer } from './harness';
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

  const balance = async () => (await answer(s, API_WALLET.wallet, { token: seller })).balancePaise;
  let keys = 0;
  /** an adjustment with a fresh request key unless the test gives one */
  const adjust = (json: Record<string, unknown>, token = staff) =>
    s.request(pathOf(API_WALLET.adjust, { orgId: ORG }), {
      method: 'POST',
      json: { idempotencyKey: `adj-test-${++keys}`, ...json },
      token,
    });
  const audit = async () => answer(s, API_WALLET.adjustments, { params: { orgId: ORG }, token: staff });

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
    const answer = await answerOf(
      API_WALLET.adjust,
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
    expect((await s.request(pathOf(API_WALLET.adjust, { orgId: ORG }), { token: seller })).status).toBe(403);
    await expect(queryRows(s.deps.db, sql`update wallet_adjustments set reason = 'rewritten'`)).rejects.toThrow();
  });

  it('requires a request key, and concurrent repeats of one key adjust once', async () => {
    const { idempotencyKey: _k, ...noKey } = {
      direction: 'CREDIT',
      amount: 10,
      reason: 'Goodwill',
      idempotencyKey: '',
    };
    expect(
      await errorOf(
        await s.request(pathOf(API_WALLET.adjust, { orgId: ORG }), {
          method: 'POST',
          json: { ...noKey, reason: 'Goodwill credit' },
          token: staff,
        }),
      ),
    ).toMatchObject({ status: 400, message: 'Request key is required' });
    expect(
      await errorOf(
        await adjust({ direction: 'CREDIT', amount: 10, reason: 'Goodwill credit', idempotencyKey: 'a b' }),
      ),
    ).toMatchObject({ status: 400, message: 'Request key must be 8 to 80 letters, digits, :, _ or -' });
    const before = await balance();
    const audited = (await audit()).length;
    const same = {
      direction: 'CREDIT',
      amount: 123.45,
      reason: 'Double-clicked credit',
      idempotencyKey: 'dup-key-0001',
    };
    const answers = await Promise.all(Array.from({ length: 6 }, () => adjust(same)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const bodies = await Promise.all(answers.map((r) => answerOf(API_WALLET.adjust, r)));
    expect(new Set(bodies.map((b) => b.entryId)).size).toBe(1);
    expect(bodies.filter((b) => !b.replayed)).toHaveLength(1);
    expect(await balance()).toBe(before + 12_345);
    expect((await audit()).length).toBe(audited + 1);
    // a later repeat answers the first adjustment; the key with another amount or direction is refused
    expect(await answerOf(API_WALLET.adjust, await adjust(same))).toMatchObject({
      replayed: true,
      adjustment: { amountPaise: 12_345, balanceAfterPaise: before + 12_345 },
    });
    expect((await adjust({ ...same, amount: 5 })).status).toBe(409);
    expect((await adjust({ ...same, direction: 'DEBIT' })).status).toBe(409);
    expect(await balance()).toBe(before + 12_345);
    // the same key on another seller's wallet is that seller's own adjustment
    const other = await s.request(pathOf(API_WALLET.adjust, { orgId: 2 }), {
      method: 'POST',
      json: same,
      token: staff,
    });
    expect(await answerOf(API_WALLET.adjust, other)).toMatchObject({ replayed: false });
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

import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, postings } from '../../server/db/schema';
import { queryRows } from '../../server/db/rows';
import {
  moveMoney,
  moveMoneyMany,
  reverseEntry,
  setCreditLimit,
  type Movement,
} from '../../server/modules/wallet/ledger';
import { spendableWallet as walletState } from '../../server/modules/wallet/spendable';
import type { TestServer } from './harness';
import { startDemoServer } from './helpers';

// The ledger's promises, checked with concurrency (real parallel transactions on PostgreSQL;
// serialised but still checked on PGlite).

const AARAV = 1;
const MEERA = 2;
let keyCounter = 0;
const key = (what: string) => `${what}:${++keyCounter}:${Math.random().toString(36).slice(2)}`;

/** The database's own message behind a driver error. */
const causeOf = (e: unknown) => String((e as { cause?: Error }).cause?.message ?? (e as Error).message);
async function databaseError(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'no error';
  } catch (e) {
    return causeOf(e);
  }
}

async function invariants(s: TestServer) {
  const rows = await queryRows<{ unbalanced: number; drifted: number; overdrawn: number; total: string | number }>(
    s.deps.db,
    sql`
      select
        (select count(*)::int from (select entry_id from postings group by entry_id having sum(amount_paise) <> 0) u) as unbalanced,
        (select count(*)::int from ledger_accounts a where a.kind = 'SELLER_WALLET'
           and a.balance_paise <> coalesce((select sum(amount_paise) from postings p where p.account_id = a.id), 0)) as drifted,
        (select count(*)::int from ledger_accounts where balance_paise < -credit_limit_paise) as overdrawn,
        (select coalesce(sum(amount_paise), 0)::bigint from postings) as total`,
  );
  return { ...rows[0], total: Number(rows[0].total) };
}

describe('the ledger', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startDemoServer();
  });
  afterAll(() => s.close());

  const credit = (orgId: number, amountPaise: number, externalKey = key('pay')): Movement => ({
    orgId,
    kind: 'RECHARGE',
    amountPaise,
    externalKey,
  });
  const debit = (orgId: number, amountPaise: number, externalKey = key('awb')): Movement => ({
    orgId,
    kind: 'SHIPPING_CHARGE',
    amountPaise,
    externalKey,
  });

  it('lets exactly M of K parallel debits through when the balance covers M, and never goes below zero', async () => {
    const before = (await walletState(s.deps.db, MEERA)).balancePaise;
    await moveMoney(s.deps.db, credit(MEERA, 7 * 4_500 - before > 0 ? 7 * 4_500 - before : 1));
    const start = (await walletState(s.deps.db, MEERA)).balancePaise;
    const covered = Math.floor(start / 4_500);
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, () => moveMoney(s.deps.db, debit(MEERA, 4_500))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(covered);
    for (const r of results) {
      if (r.status === 'rejected')
        expect((r.reason as Error).message).toMatch(
          /^Insufficient wallet balance\. This payment costs ₹45\.00\. You can spend ₹[\d,.]+\. Recharge at least ₹[\d,.]+ to pay it\.$/,
        );
    }
    expect((await walletState(s.deps.db, MEERA)).balancePaise).toBe(start - covered * 4_500);
    expect(await invariants(s)).toMatchObject({ unbalanced: 0, drifted: 0, overdrawn: 0, total: 0 });
  });

  it('keeps balance = sum of postings under random parallel recharges, debits, replays and reversals', async () => {
    const op = fc.oneof(
      fc.record({
        t: fc.constant('credit' as const),
        org: fc.constantFrom(AARAV, MEERA),
        amount: fc.integer({ min: 1, max: 50_000 }),
      }),
      fc.record({
        t: fc.constant('debit' as const),
        org: fc.constantFrom(AARAV, MEERA),
        amount: fc.integer({ min: 1, max: 50_000 }),
      }),
      fc.record({
        t: fc.constant('replay' as const),
        org: fc.constantFrom(AARAV, MEERA),
        amount: fc.integer({ min: 1, max: 50_000 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30 }), async (ops) => {
        const replayKey = key('replayed');
        const settled = await Promise.allSettled(
          ops.map((o) =>
            o.t === 'credit'
              ? moveMoney(s.deps.db, credit(o.org, o.amount))
              : o.t === 'debit'
                ? moveMoney(s.deps.db, debit(o.org, o.amount))
                : moveMoney(s.deps.db, credit(AARAV, 777, replayKey)),
          ),
        );
        for (const r of settled)
          if (r.status === 'rejected') expect((r.reason as Error).message).toMatch(/^Insufficient wallet balance/);
        if (ops.some((o) => o.t === 'replay')) {
          const [{ n }] = await queryRows<{ n: number }>(
            s.deps.db,
            sql`select count(*)::int as n from journal_entries where external_key = ${replayKey}`,
          );
          expect(n).toBe(1);
        }
        expect(await invariants(s)).toMatchObject({ unbalanced: 0, drifted: 0, overdrawn: 0, total: 0 });
      }),
      { numRuns: 15 },
    );
  });

  it('credits one payment once, however many times and in whatever order it is reported', async () => {
    const paymentKey = key('gateway-payment');
    const before = (await walletState(s.deps.db, AARAV)).balancePaise;
    const results = await Promise.all(
      Array.from({ length: 12 }, () => moveMoney(s.deps.db, credit(AARAV, 50_000, paymentKey))),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect((await walletState(s.deps.db, AARAV)).balancePaise).toBe(before + 50_000);
    await expect(moveMoney(s.deps.db, credit(MEERA, 50_000, paymentKey))).rejects.toThrow(
      `The reference ${paymentKey} belongs to another movement`,
    );
  });

  it('corrects by a reversing entry, once, and never edits or deletes history', async () => {
    const { entryId } = await moveMoney(s.deps.db, {
      ...credit(AARAV, 10_000),
      kind: 'ADJUSTMENT_CREDIT',
      externalKey: null,
      description: 'Goodwill credit',
    });
    const before = (await walletState(s.deps.db, AARAV)).balancePaise;
    const reversed = await reverseEntry(s.deps.db, AARAV, entryId, 'credited by mistake', null);
    expect(reversed.balancePaise).toBe(before - 10_000);
    await expect(reverseEntry(s.deps.db, AARAV, entryId, 'again', null)).rejects.toThrow(
      'That entry has been reversed already',
    );
    await expect(reverseEntry(s.deps.db, MEERA, entryId, 'not theirs', null)).rejects.toThrow('No such wallet entry');
    expect(
      await databaseError(s.deps.db.execute(sql`update postings set amount_paise = 1 where entry_id = ${entryId}`)),
    ).toMatch(/append-only: UPDATE on postings refused/);
    expect(await databaseError(s.deps.db.execute(sql`delete from journal_entries where id = ${entryId}`))).toMatch(
      /append-only: DELETE on journal_entries refused/,
    );
    expect(await invariants(s)).toMatchObject({ unbalanced: 0, drifted: 0, total: 0 });
  });

  it('refuses an unbalanced entry when the transaction commits', async () => {
    await expect(
      s.deps.db.transaction(async (tx) => {
        const [e] = await tx
          .insert(journalEntries)
          .values({ orgId: AARAV, kind: 'ADJUSTMENT_CREDIT', description: 'half an entry' })
          .returning();
        const [acct] = await queryRows<{ id: number }>(
          tx,
          sql`select id from ledger_accounts where kind = 'ADJUSTMENTS'`,
        );
        await tx.insert(postings).values({ entryId: e.id, accountId: acct.id, amountPaise: 500 });
      }),
    ).rejects.toSatisfy((e) => /does not balance/.test(causeOf(e)));
  });

  it('settles a batch of movements as each would alone: a replay answers again, an overdrawn wallet goes one by one', async () => {
    const db = s.deps.db;
    const meera = (await walletState(db, MEERA)).balancePaise;
    if (meera > 0) await moveMoney(db, debit(MEERA, meera));
    await moveMoney(db, credit(MEERA, 5_000));
    await moveMoney(db, credit(AARAV, 50_000));
    const aaravStart = (await walletState(db, AARAV)).balancePaise;
    const seenKey = key('seen');
    const first = await moveMoney(db, credit(AARAV, 700, seenKey));
    // Aarav's wallet covers his part; Meera's ₹50 covers one of her two ₹40 debits
    const batch = [
      debit(AARAV, 10_000),
      credit(AARAV, 700, seenKey),
      debit(MEERA, 4_000),
      debit(MEERA, 4_000),
      debit(AARAV, 2_000),
    ];
    const out = await db.transaction((tx) => moveMoneyMany(tx, batch));
    expect(out.map((o) => o.ok)).toEqual([true, true, true, false, true]);
    expect(out[1]).toMatchObject({ ok: true, result: { entryId: first.entryId, replayed: true } });
    expect(String((out[3] as { error: Error }).error.message)).toBe(
      'Insufficient wallet balance. This payment costs ₹40.00. You can spend ₹10.00. Recharge at least ₹100.00 to pay it.',
    );
    expect((await walletState(db, AARAV)).balancePaise).toBe(aaravStart + 700 - 12_000);
    expect((await walletState(db, MEERA)).balancePaise).toBe(1_000);
    // the same batch again moves nothing: every settled key answers as a replay
    const again = await db.transaction((tx) => moveMoneyMany(tx, batch));
    expect(again.map((o) => (o.ok ? o.result.replayed : 'refused'))).toEqual([true, true, true, 'refused', true]);
    expect((await walletState(db, AARAV)).balancePaise).toBe(aaravStart + 700 - 12_000);
    // concurrent batches of the same movements settle each once
    const twin = [debit(AARAV, 1_000), credit(AARAV, 300), debit(AARAV, 200)];
    const before = (await walletState(db, AARAV)).balancePaise;
    const runs = await Promise.all([1, 2, 3].map(() => db.transaction((tx) => moveMoneyMany(tx, twin))));
    expect(runs.flat().filter((o) => o.ok && !o.result.replayed)).toHaveLength(3);
    expect((await walletState(db, AARAV)).balancePaise).toBe(before - 900);
    expect(await invariants(s)).toMatchObject({ unbalanced: 0, drifted: 0, overdrawn: 0, total: 0 });
  });

  it('lets a postpaid wallet go down to its credit limit and no further', async () => {
    const { balancePaise } = await walletState(s.deps.db, MEERA);
    if (balancePaise > 0) await moveMoney(s.deps.db, debit(MEERA, balancePaise));
    await setCreditLimit(s.deps.db, MEERA, 100_000);
    expect((await moveMoney(s.deps.db, debit(MEERA, 60_000))).balancePaise).toBe(-60_000);
    await expect(moveMoney(s.deps.db, debit(MEERA, 40_001))).rejects.toThrow(/Insufficient wallet balance/);
    expect((await moveMoney(s.deps.db, debit(MEERA, 40_000))).balancePaise).toBe(-100_000);
    await expect(setCreditLimit(s.deps.db, MEERA, 0)).rejects.toThrow('The wallet is already below that credit limit');
  });

  it('refuses amounts that are not whole paise above zero', async () => {
    for (const amountPaise of [0, -5, 10.5, Number.NaN]) {
      await expect(moveMoney(s.deps.db, credit(AARAV, amountPaise))).rejects.toThrow(
        'amount must be a whole number of paise above zero',
      );
    }
  });
});

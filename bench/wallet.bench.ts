import { sql } from 'drizzle-orm';
import { organisations } from '../server/db/schema';
import { queryRows } from '../server/db/rows';
import { moveMoney } from '../server/modules/wallet/ledger';
import { freshProductDatabase, writeReport } from './lib';

// 10,000 wallet debits from 50 concurrent clients against 100 wallets, on PostgreSQL, through
// the ledger's one money-moving function (a balanced journal entry and a conditional debit in one
// transaction each). Every wallet is funded for 80 of its 100 debits, so a fifth are refused.
// The invariants are checked at the end.

const WALLETS = 100;
const DEBITS = 10_000;
const CLIENTS = 50;
const DEBIT_PAISE = 4_500;
const FUNDED_DEBITS = 80;

export async function run(): Promise<boolean> {
  const fresh = await freshProductDatabase({ poolSize: CLIENTS });
  const { deps } = fresh;
  try {
    const orgs = await deps.db
      .insert(organisations)
      .values(Array.from({ length: WALLETS }, (_, i) => ({ companyName: `Bench Seller ${i + 1}` })))
      .returning({ id: organisations.id });
    for (const org of orgs) {
      await moveMoney(deps.db, {
        orgId: org.id,
        kind: 'RECHARGE',
        amountPaise: DEBIT_PAISE * FUNDED_DEBITS,
        externalKey: `bench-fund:${org.id}`,
      });
    }
    // the debits, shuffled across wallets, drawn by 50 clients from one queue
    const queue = Array.from({ length: DEBITS }, (_, i) => ({ orgId: orgs[i % WALLETS].id, key: `bench-awb:${i}` }));
    for (let i = queue.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [queue[i], queue[j]] = [queue[j], queue[i]];
    }
    const latencies: number[] = [];
    let ok = 0;
    let refused = 0;
    let errors = 0;
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < queue.length) {
          const job = queue[next++];
          const t = performance.now();
          try {
            await moveMoney(deps.db, {
              orgId: job.orgId,
              kind: 'SHIPPING_CHARGE',
              amountPaise: DEBIT_PAISE,
              externalKey: job.key,
              reference: job.key,
            });
            ok++;
          } catch (e) {
            if (/Insufficient wallet balance/.test((e as Error).message)) refused++;
            else errors++;
          }
          latencies.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const p = (q: number) =>
      Number(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))].toFixed(1));
    const [inv] = await queryRows<{
      unbalanced: number;
      drifted: number;
      negative: number;
      total: string;
      debits: number;
      wrong_wallets: number;
    }>(
      deps.db,
      sql`select
        (select count(*)::int from (select entry_id from postings group by entry_id having sum(amount_paise) <> 0) u) as unbalanced,
        (select count(*)::int from ledger_accounts a where a.kind = 'SELLER_WALLET'
           and a.balance_paise <> coalesce((select sum(amount_paise) from postings p where p.account_id = a.id), 0)) as drifted,
        (select count(*)::int from ledger_accounts where balance_paise < -credit_limit_paise) as negative,
        (select coalesce(sum(amount_paise), 0)::text from postings) as total,
        (select count(*)::int from journal_entries where kind = 'SHIPPING_CHARGE') as debits,
        (select count(*)::int from ledger_accounts where kind = 'SELLER_WALLET' and balance_paise <> 0) as wrong_wallets`,
    );
    const violations =
      inv.unbalanced +
      inv.drifted +
      inv.negative +
      (Number(inv.total) !== 0 ? 1 : 0) +
      (inv.debits !== ok ? 1 : 0) +
      (ok !== WALLETS * FUNDED_DEBITS ? 1 : 0) +
      inv.wrong_wallets +
      errors;
    const rate = Math.round(DEBITS / seconds);
    const met = violations === 0 && rate >= 1000;
    writeReport(
      {
        bench: 'wallet',
        figures: {
          wallets: WALLETS,
          debits: DEBITS,
          clients: CLIENTS,
          seconds: Number(seconds.toFixed(2)),
          debitsPerSec: rate,
          p50Ms: p(0.5),
          p99Ms: p(0.99),
          succeeded: ok,
          refused,
          errors,
          invariants: inv,
          violations,
        },
        goal: 'at least 1,000 debits/s (10,000 debits, 50 clients, 100 wallets) with zero invariant violations',
        met,
      },
      [
        ['figure', 'value'],
        ['debits/s', rate],
        ['p50 / p99 ms', `${p(0.5)} / ${p(0.99)}`],
        ['succeeded / refused (insufficient) / errors', `${ok} / ${refused} / ${errors}`],
        [
          'unbalanced entries, drifted balances, overdrawn wallets',
          `${inv.unbalanced}, ${inv.drifted}, ${inv.negative}`,
        ],
        ['wallets not exactly emptied (each funded for 80 debits)', inv.wrong_wallets],
        ['invariant violations', violations],
      ],
    );
    return met;
  } finally {
    await fresh.drop();
  }
}

import { and, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db, Tx, Executor } from '../../db/client';
import { journalEntries, ledgerAccounts, organisations, postings, walletHolds } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { queryRows } from '../../db/rows';
import { preparedRows, preparedStatement } from '../../db/prepared';
import { isUniqueViolation } from '../../db/unique-violation';
import { unnestSelect } from '../../db/unnest';
import { WALLET_ENTRY_LABELS } from '../../../src/domain/wallet-entries';
import type { SpendPurpose } from '../../../src/domain/spendable';
import { insufficientFunds, spendableWallet } from './spendable';

// The one way money moves. Every movement is a balanced journal entry between the seller's
// wallet and one platform account; the wallet's running balance changes in the same
// transaction by a conditional UPDATE that refuses to pass the credit limit (0 for prepaid), so
// two debits racing for the last rupees cannot both win. An external key makes a replay a no-op.

export const PLATFORM_ACCOUNTS = [
  'GATEWAY_CLEARING',
  'PLATFORM_REVENUE',
  'PROMOTIONS',
  'COD_PAYABLE',
  'ADJUSTMENTS',
  'COURIER_CLAIMS',
  'INSURANCE_CLAIMS',
] as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];

/** What each kind of movement is: its counterparty and whether it adds to the wallet (+1) or takes (-1). */
export const ENTRY_KINDS = {
  RECHARGE: { counter: 'GATEWAY_CLEARING', sign: 1, label: WALLET_ENTRY_LABELS.RECHARGE },
  COUPON_BONUS: { counter: 'PROMOTIONS', sign: 1, label: WALLET_ENTRY_LABELS.COUPON_BONUS },
  SHIPPING_CHARGE: { counter: 'PLATFORM_REVENUE', sign: -1, label: WALLET_ENTRY_LABELS.SHIPPING_CHARGE },
  COD_CHARGE: { counter: 'PLATFORM_REVENUE', sign: -1, label: WALLET_ENTRY_LABELS.COD_CHARGE },
  RTO_CHARGE: { counter: 'PLATFORM_REVENUE', sign: -1, label: WALLET_ENTRY_LABELS.RTO_CHARGE },
  WEIGHT_CHARGE: { counter: 'PLATFORM_REVENUE', sign: -1, label: WALLET_ENTRY_LABELS.WEIGHT_CHARGE },
  SHIPMENT_REFUND: { counter: 'PLATFORM_REVENUE', sign: 1, label: WALLET_ENTRY_LABELS.SHIPMENT_REFUND },
  ADJUSTMENT_DEBIT: { counter: 'ADJUSTMENTS', sign: -1, label: WALLET_ENTRY_LABELS.ADJUSTMENT_DEBIT },
  ADJUSTMENT_CREDIT: { counter: 'ADJUSTMENTS', sign: 1, label: WALLET_ENTRY_LABELS.ADJUSTMENT_CREDIT },
  COD_REMITTANCE_CREDIT: { counter: 'COD_PAYABLE', sign: 1, label: WALLET_ENTRY_LABELS.COD_REMITTANCE_CREDIT },
  DISPUTE_CREDIT: { counter: 'COURIER_CLAIMS', sign: 1, label: WALLET_ENTRY_LABELS.DISPUTE_CREDIT },
  WEIGHT_REFUND: { counter: 'PLATFORM_REVENUE', sign: 1, label: WALLET_ENTRY_LABELS.WEIGHT_REFUND },
  SUBSCRIPTION_CHARGE: { counter: 'PLATFORM_REVENUE', sign: -1, label: WALLET_ENTRY_LABELS.SUBSCRIPTION_CHARGE },
  INSURANCE_PREMIUM: { counter: 'PLATFORM_REVENUE', sign: -1, label: WALLET_ENTRY_LABELS.INSURANCE_PREMIUM },
  DELAY_PROTECTION_CHARGE: {
    counter: 'PLATFORM_REVENUE',
    sign: -1,
    label: WALLET_ENTRY_LABELS.DELAY_PROTECTION_CHARGE,
  },
  INSURANCE_CLAIM: { counter: 'INSURANCE_CLAIMS', sign: 1, label: WALLET_ENTRY_LABELS.INSURANCE_CLAIM },
  DELAY_CREDIT: { counter: 'PLATFORM_REVENUE', sign: 1, label: WALLET_ENTRY_LABELS.DELAY_CREDIT },
} as const satisfies Record<string, { counter: PlatformAccount; sign: 1 | -1; label: string }>;
export type EntryKind = keyof typeof ENTRY_KINDS | 'REVERSAL';

export interface Movement {
  orgId: number;
  kind: keyof typeof ENTRY_KINDS;
  amountPaise: number;
  /** the outside event (payment id, AWB + charge, remittance id); null only for staff adjustments */
  externalKey: string | null;
  reference?: string;
  description?: string;
  createdBy?: number | null;
  /** the app's clock (tests move it); the database's otherwise */
  at?: Date;
  /** what a debit pays for, named in its refusal (default "This payment … to pay it") */
  purpose?: SpendPurpose;
}

export interface MoveResult {
  entryId: number;
  balancePaise: number;
  /** true when the external key was seen before: nothing moved this time */
  replayed: boolean;
}

// The spending rule, once: a wallet may go down to minus its credit limit (0 for prepaid), less
// what open holds set aside (src/domain/spendable.ts). In SQL it guards every wallet update; a
// debit it refuses is answered with the same refusal every check gives (./spendable.ts).

/**
 * A debit of the wallet row leaves its spendable amount (balance − held + credit limit) at or
 * above zero; money coming in is never refused, even while holds exceed the balance.
 */
const withinCreditLimit = (delta: number | Placeholder) =>
  sql`((${delta}::bigint) >= 0 or balance_paise - held_paise + (${delta}::bigint) >= -credit_limit_paise)`;

const PAYMENT: SpendPurpose = { what: 'This payment', verb: 'pay it' };

/** The refusal of a debit the guard turned down, with the wallet's figures as they are now. */
async function refusal(db: Executor, orgId: number, needPaise: number, purpose: SpendPurpose = PAYMENT) {
  return insufficientFunds(await spendableWallet(db, orgId), needPaise, purpose);
}

// account ids never change once made, so they are remembered per database handle (a
// transaction's handle is short-lived and simply asks again)
const remembered = new WeakMap<object, Map<string, number>>();

async function accountId(db: Executor, orgId: number | null, kind: string): Promise<number> {
  const key = `${orgId ?? 'platform'}:${kind}`;
  let ids = remembered.get(db);
  if (!ids) remembered.set(db, (ids = new Map()));
  const known = ids.get(key);
  if (known) return known;
  await db.insert(ledgerAccounts).values({ orgId, kind }).onConflictDoNothing();
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        orgId === null ? isNull(ledgerAccounts.orgId) : eq(ledgerAccounts.orgId, orgId),
        eq(ledgerAccounts.kind, kind),
      ),
    );
  ids.set(key, row.id);
  return row.id;
}

const walletAccountId = (db: Executor, orgId: number) => accountId(db, orgId, 'SELLER_WALLET');
const platformAccountId = (db: Executor, kind: PlatformAccount) => accountId(db, null, kind);

/** Makes sure each seller has its wallet account (holdsPlacedBy joins on it). */
export async function ensureWallets(db: Executor, orgIds: readonly number[]): Promise<void> {
  for (const orgId of new Set(orgIds)) await walletAccountId(db, orgId);
}

/**
 * Two CTEs that place holds inside a caller's own statement, for rows it is writing in that
 * statement (`rows`: a CTE of org_id, key, amount_paise, reference, description, created_at): the
 * holds go in and each wallet's held total rises by their sum, as placeHolds does in its own
 * statements. The wallets must exist (ensureWallets). A key seen before fails the statement.
 */
export const holdsPlacedBy = (rows: SQL) => sql`
  placed_holds as (
    insert into ${walletHolds} (org_id, wallet_id, key, amount_paise, reference, description, created_at)
    select r.org_id, w.id, r.key, r.amount_paise, r.reference, r.description, r.created_at
    from ${rows} r join ${ledgerAccounts} w on w.org_id = r.org_id and w.kind = 'SELLER_WALLET'
    returning wallet_id, amount_paise
  ),
  held_totals as (
    update ${ledgerAccounts} as a set held_paise = a.held_paise + t.amount
    from (select wallet_id, sum(amount_paise) as amount from placed_holds group by wallet_id) t
    where a.id = t.wallet_id
    returning a.id
  )`;

/** Changes the wallet by delta, or refuses when that would pass its credit limit. */
async function shiftWallet(tx: Tx, orgId: number, walletId: number, delta: number): Promise<number> {
  const rows = await tx
    .update(ledgerAccounts)
    .set({ balancePaise: sql`${ledgerAccounts.balancePaise} + (${delta}::bigint)` })
    .where(and(eq(ledgerAccounts.id, walletId), withinCreditLimit(delta)))
    .returning({ balance: ledgerAccounts.balancePaise });
  if (rows.length === 0) throw await refusal(tx, orgId, -delta, { what: 'This reversal', verb: 'reverse it' });
  return rows[0].balance;
}

async function replayOf(db: Executor, m: Movement, walletId: number): Promise<MoveResult> {
  const [entry] = await db.select().from(journalEntries).where(eq(journalEntries.externalKey, m.externalKey!));
  if (!entry || entry.orgId !== m.orgId || entry.kind !== m.kind)
    throw conflict(`The reference ${m.externalKey} belongs to another movement`);
  const [wallet] = await db
    .select({ balance: ledgerAccounts.balancePaise })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, walletId));
  return { entryId: entry.id, balancePaise: wallet.balance, replayed: true };
}

const p = sql.placeholder;

/**
 * moveMoney's one statement, compiled once and prepared on each connection (it is the hot path
 * of every booking): a seen external key, the guarded wallet update, the entry, its two postings.
 * A null key matches no entry (`= null` is never true), so keyless movements use the same text.
 */
const MOVE_MONEY = preparedStatement(
  'ledger_move_money',
  sql`
    with seen as (select id from ${journalEntries} where external_key = ${p('key')}::text),
    wallet as (
      update ${ledgerAccounts} set balance_paise = balance_paise + (${p('delta')}::bigint)
      where id = ${p('walletId')}::int and not exists (select 1 from seen) and ${withinCreditLimit(p('delta'))}
      returning balance_paise
    ),
    entry as (
      insert into ${journalEntries} (org_id, kind, external_key, reference, description, created_by, created_at)
      select ${p('orgId')}::int, ${p('kind')}::text, ${p('key')}::text, ${p('reference')}::text, ${p('description')}::text, ${p('createdBy')}::int, coalesce(${p('at')}::timestamptz, now())
      from wallet
      returning id
    ),
    lines as (
      insert into ${postings} (entry_id, account_id, amount_paise)
      select id, ${p('walletId')}::int, (${p('delta')}::bigint) from entry
      union all select id, ${p('counterId')}::int, -(${p('delta')}::bigint) from entry
    )
    select (select id from seen) as seen_id, (select id from entry) as entry_id, (select balance_paise from wallet) as balance`,
);

/**
 * Moves money into or out of a seller's wallet: the only function that does.
 *
 * One prepared statement does it all (MOVE_MONEY), so it is atomic on its own and costs one
 * round trip. Two first deliveries
 * of one key race to the unique index: the loser's statement fails as a whole (its wallet change
 * with it) and it answers as a replay. Inside a caller's transaction it runs in a savepoint.
 */
export async function moveMoney(db: Executor, m: Movement): Promise<MoveResult> {
  if (!Number.isSafeInteger(m.amountPaise) || m.amountPaise <= 0)
    throw badRequest('amount must be a whole number of paise above zero');
  const kind = ENTRY_KINDS[m.kind];
  const walletId = await walletAccountId(db, m.orgId);
  const counterId = await platformAccountId(db, kind.counter);
  const delta = kind.sign * m.amountPaise;
  const values = {
    key: m.externalKey,
    walletId,
    counterId,
    delta,
    orgId: m.orgId,
    kind: m.kind,
    reference: m.reference ?? '',
    description: m.description ?? kind.label,
    createdBy: m.createdBy ?? null,
    at: m.at?.toISOString() ?? null,
  };
  const run = async (runner: Executor) =>
    (
      await preparedRows<{ seen_id: number | null; entry_id: number | null; balance: string | number | null }>(
        runner,
        MOVE_MONEY,
        values,
      )
    )[0];
  let row;
  try {
    // a caller's transaction survives a failed statement only inside a savepoint
    row = 'rollback' in db ? await db.transaction((sp) => run(sp)) : await run(db);
  } catch (e) {
    if (m.externalKey !== null && isUniqueViolation(e)) return replayOf(db, m, walletId);
    throw e;
  }
  if (row.seen_id !== null) return replayOf(db, m, walletId);
  if (row.entry_id === null) throw await refusal(db, m.orgId, -delta, m.purpose);
  return { entryId: row.entry_id, balancePaise: Number(row.balance), replayed: false };
}

/** One movement's outcome in a batch: what moveMoney answers, or the error it throws. */
export type BatchOutcome = { ok: true; result: MoveResult } | { ok: false; error: unknown };

/**
 * Many keyed movements inside a caller's transaction (a batch of courier scans), in a handful of
 * statements: the wallets concerned are locked in id order, each wallet's whole change is applied
 * at once where it stays within its credit limit, and the entries and their postings go in with
 * one insert each. Whatever that cannot settle together (a key seen before or twice, a wallet the
 * total would overdraw, a key another writer raced in) goes through moveMoney one by one, so each
 * movement still succeeds or fails on its own, exactly as it would alone.
 */
export async function moveMoneyMany(tx: Tx, list: readonly Movement[]): Promise<BatchOutcome[]> {
  const out: BatchOutcome[] = new Array(list.length);
  const one = async (i: number) => {
    try {
      out[i] = { ok: true, result: await moveMoney(tx, list[i]) };
    } catch (error) {
      out[i] = { ok: false, error };
    }
  };
  const keys = list.map((m) => m.externalKey);
  const valid = (m: Movement) => m.externalKey !== null && Number.isSafeInteger(m.amountPaise) && m.amountPaise > 0;
  const seen = new Set(
    (
      await queryRows<{ k: string }>(
        tx,
        sql`select external_key as k from ${journalEntries} where external_key = any(${sql.param(keys.filter((k) => k !== null))}::text[])`,
      )
    ).map((r) => r.k),
  );
  const twice = new Set(keys.filter((k, i) => k !== null && keys.indexOf(k) !== i));
  const batch: number[] = [];
  const alone: number[] = [];
  list.forEach((m, i) => (valid(m) && !seen.has(m.externalKey!) && !twice.has(m.externalKey!) ? batch : alone).push(i));

  const wallets = new Map<number, { id: number; delta: number; members: number[] }>();
  for (const i of batch) {
    const m = list[i];
    const w = wallets.get(m.orgId) ?? { id: await walletAccountId(tx, m.orgId), delta: 0, members: [] };
    w.delta += ENTRY_KINDS[m.kind].sign * m.amountPaise;
    w.members.push(i);
    wallets.set(m.orgId, w);
  }
  const counters = new Map<PlatformAccount, number>();
  for (const i of batch) {
    const c = ENTRY_KINDS[list[i].kind].counter;
    if (!counters.has(c)) counters.set(c, await platformAccountId(tx, c));
  }
  if (wallets.size) {
    try {
      await tx.transaction(async (sp) => {
        const ws = [...wallets.values()].sort((a, b) => a.id - b.id);
        await sp.execute(
          sql`select id from ${ledgerAccounts} where id = any(${sql.param(ws.map((w) => w.id))}::int[]) order by id for update`,
        );
        const moved = await queryRows<{ id: number; balance: string | number }>(
          sp,
          sql`update ${ledgerAccounts} as a set balance_paise = a.balance_paise + v.delta
              from (${unnestSelect([
                [ws.map((w) => w.id), 'int'],
                [ws.map((w) => w.delta), 'bigint'],
              ])}) as v(id, delta)
              where a.id = v.id and (v.delta >= 0 or a.balance_paise - a.held_paise + v.delta >= -a.credit_limit_paise)
              returning a.id, a.balance_paise as balance`,
        );
        const balance = new Map(moved.map((r) => [r.id, Number(r.balance)]));
        const settled = ws.filter((w) => balance.has(w.id)).flatMap((w) => w.members);
        for (const w of ws) if (!balance.has(w.id)) alone.push(...w.members);
        if (!settled.length) return;
        const entries = await queryRows<{ id: number; k: string }>(
          sp,
          sql`insert into ${journalEntries} (org_id, kind, external_key, reference, description, created_by, created_at)
              select org_id, kind, k, reference, description, created_by, coalesce(at, now()) from (${unnestSelect([
                [settled.map((i) => list[i].orgId), 'int'],
                [settled.map((i) => list[i].kind), 'text'],
                [settled.map((i) => list[i].externalKey), 'text'],
                [settled.map((i) => list[i].reference ?? ''), 'text'],
                [settled.map((i) => list[i].description ?? ENTRY_KINDS[list[i].kind].label), 'text'],
                [settled.map((i) => list[i].createdBy ?? null), 'int'],
                [settled.map((i) => list[i].at ?? null), 'timestamptz'],
              ])}) as u(org_id, kind, k, reference, description, created_by, at)
              returning id, external_key as k`,
        );
        const entryOf = new Map(entries.map((e) => [e.k, e.id]));
        const lines = settled.flatMap((i) => {
          const m = list[i];
          const delta = ENTRY_KINDS[m.kind].sign * m.amountPaise;
          const entry = entryOf.get(m.externalKey!)!;
          return [
            [entry, wallets.get(m.orgId)!.id, delta],
            [entry, counters.get(ENTRY_KINDS[m.kind].counter)!, -delta],
          ];
        });
        await sp.execute(
          sql`insert into ${postings} (entry_id, account_id, amount_paise) ${unnestSelect([
            [lines.map((l) => l[0]), 'int'],
            [lines.map((l) => l[1]), 'int'],
            [lines.map((l) => l[2]), 'bigint'],
          ])}`,
        );
        for (const i of settled)
          out[i] = {
            ok: true,
            result: {
              entryId: entryOf.get(list[i].externalKey!)!,
              balancePaise: balance.get(wallets.get(list[i].orgId)!.id)!,
              replayed: false,
            },
          };
      });
    } catch (e) {
      // another writer took one of the keys meanwhile: the savepoint undid the batch; one by one
      if (!isUniqueViolation(e)) throw e;
      for (const i of batch) delete out[i];
      alone.push(...batch.filter((i) => !alone.includes(i)));
    }
  }
  for (const i of [...new Set(alone)].sort((a, b) => a - b)) await one(i);
  return out;
}

/** A correction: a new entry with every posting of the original negated (once per entry). */
export async function reverseEntry(
  db: Db,
  orgId: number,
  entryId: number,
  reason: string,
  createdBy: number | null,
  at?: Date,
): Promise<MoveResult> {
  return db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.id, entryId), eq(journalEntries.orgId, orgId)));
    if (!original) throw notFound('No such wallet entry');
    if (original.kind === 'REVERSAL')
      throw badRequest('A reversal cannot itself be reversed; post a new movement instead');
    const lines = await tx.select().from(postings).where(eq(postings.entryId, entryId));
    const [entry] = await tx
      .insert(journalEntries)
      .values({
        orgId,
        kind: 'REVERSAL',
        externalKey: `reversal:${entryId}`,
        reference: original.reference,
        description: `Reversal: ${reason}`,
        reversesEntryId: entryId,
        createdBy,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: journalEntries.id });
    if (!entry) throw conflict('That entry has been reversed already');
    const walletId = await walletAccountId(tx, orgId);
    let balancePaise = 0;
    for (const line of lines) {
      if (line.accountId === walletId) balancePaise = await shiftWallet(tx, orgId, walletId, -line.amountPaise);
    }
    await tx
      .insert(postings)
      .values(lines.map((l) => ({ entryId: entry.id, accountId: l.accountId, amountPaise: -l.amountPaise })));
    return { entryId: entry.id, balancePaise, replayed: false };
  });
}

/**
 * A postpaid wallet may go down to -limit; 0 makes it prepaid again. The wallet row is locked
 * while it changes, so the limit it had (answered) is the one this change replaced; refused when
 * the wallet already owes more than the new limit.
 */
export async function setCreditLimit(
  db: Executor,
  orgId: number,
  creditLimitPaise: number,
): Promise<{ oldLimitPaise: number }> {
  const walletId = await walletAccountId(db, orgId);
  const rows = await queryRows<{ old: string | number; changed: boolean }>(
    db,
    sql`with cur as (
          select id, credit_limit_paise as old, balance_paise from ${ledgerAccounts} where id = ${walletId}::int for update
        ),
        changed as (
          update ${ledgerAccounts} a set credit_limit_paise = ${creditLimitPaise}::bigint
          from cur where a.id = cur.id and cur.balance_paise >= -(${creditLimitPaise}::bigint)
          returning a.id
        )
        select cur.old, exists (select 1 from changed) as changed from cur`,
  );
  if (!rows[0]?.changed) throw badRequest('The wallet is already below that credit limit');
  return { oldLimitPaise: Number(rows[0].old) };
}

/** A seller organisation staff act on, or 404. */
export async function assertSellerOrg(db: Db, orgId: number): Promise<void> {
  const [org] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, orgId));
  if (!org) throw notFound('No such seller');
}

// ---- holds: money set aside for a charge not yet decided (a weight discrepancy)

export interface Hold {
  orgId: number;
  /** what it is for, once ever (weight:<discrepancy id>) */
  key: string;
  amountPaise: number;
  reference?: string;
  description: string;
  at?: Date;
}

/**
 * Sets money aside in the seller's wallet: the wallet's held amount rises, and every debit's
 * guard counts it as spent. Nothing moves in the journal. A hold is placed even beyond the usable
 * balance (the courier's charge is a fact): bookings are then refused until a recharge. Once per
 * key: a repeat answers the first hold and changes nothing.
 */
export async function placeHold(db: Executor, h: Hold): Promise<{ holdId: number; replayed: boolean }> {
  if (!Number.isSafeInteger(h.amountPaise) || h.amountPaise <= 0)
    throw badRequest('amount must be a whole number of paise above zero');
  const walletId = await walletAccountId(db, h.orgId);
  const rows = await queryRows<{ id: number | null; seen: number | null }>(
    db,
    sql`with placed as (
          insert into ${walletHolds} (org_id, wallet_id, key, amount_paise, reference, description, created_at)
          values (${h.orgId}::int, ${walletId}::int, ${h.key}::text, ${h.amountPaise}::bigint, ${h.reference ?? ''}::text,
                  ${h.description}::text, coalesce(${h.at?.toISOString() ?? null}::timestamptz, now()))
          on conflict (key) do nothing
          returning id, wallet_id, amount_paise
        ),
        wallet as (
          update ${ledgerAccounts} set held_paise = held_paise + p.amount_paise
          from placed p where ${ledgerAccounts.id} = p.wallet_id
          returning 1
        )
        select (select id from placed) as id, (select id from ${walletHolds} where key = ${h.key}) as seen`,
  );
  const row = rows[0];
  if (row.id !== null) return { holdId: row.id, replayed: false };
  return { holdId: row.seen!, replayed: true };
}

/** Gives held money back to the usable balance; true only for the call that released it. */
export async function releaseHold(db: Executor, key: string, at?: Date): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with freed as (
          update ${walletHolds} set state = 'RELEASED', settled_at = coalesce(${at?.toISOString() ?? null}::timestamptz, now())
          where key = ${key} and state = 'HELD'
          returning id, wallet_id, amount_paise
        ),
        wallet as (
          update ${ledgerAccounts} set held_paise = held_paise - f.amount_paise
          from freed f where ${ledgerAccounts.id} = f.wallet_id
          returning 1
        )
        select id from freed`,
  );
  return rows.length > 0;
}

/**
 * Charges held money: the hold ends and the wallet is debited by it, in one savepoint, so both
 * happen or neither. The debit needs the usable balance the hold had set aside (refused, as any
 * debit, when the hold was placed beyond it and no recharge came since). Once per key: a later
 * call answers null.
 */
export async function chargeHold(
  db: Executor,
  key: string,
  charge: { kind: 'WEIGHT_CHARGE'; description?: string; createdBy?: number | null; at?: Date },
): Promise<MoveResult | null> {
  const run = async (sp: Tx) => {
    const [hold] = await sp
      .update(walletHolds)
      .set({ state: 'CHARGED', settledAt: charge.at ?? sql`now()` })
      .where(and(eq(walletHolds.key, key), eq(walletHolds.state, 'HELD')))
      .returning();
    if (!hold) return null;
    await sp
      .update(ledgerAccounts)
      .set({ heldPaise: sql`${ledgerAccounts.heldPaise} - ${hold.amountPaise}` })
      .where(eq(ledgerAccounts.id, hold.walletId));
    const moved = await moveMoney(sp, {
      orgId: hold.orgId,
      kind: charge.kind,
      amountPaise: hold.amountPaise,
      externalKey: `hold:${key}`,
      reference: hold.reference,
      description: charge.description ?? hold.description,
      createdBy: charge.createdBy ?? null,
      at: charge.at,
      purpose: { what: 'This weight charge', verb: 'pay it' },
    });
    await sp.update(walletHolds).set({ entryId: moved.entryId }).where(eq(walletHolds.id, hold.id));
    return moved;
  };
  return (db as Db).transaction((sp) => run(sp));
}

/** A hold's state by key: HELD, RELEASED, CHARGED, or null when none was placed. */
export async function holdState(db: Executor, key: string): Promise<string | null> {
  const [row] = await db.select({ state: walletHolds.state }).from(walletHolds).where(eq(walletHolds.key, key));
  return row?.state ?? null;
}

/**
 * Many holds inside a caller's transaction (a courier's discrepancy file), in three statements:
 * the holds go in once per key (a key seen before is skipped), then each wallet's held amount
 * rises by its new holds' sum. Answers the keys placed now.
 */
export async function placeHolds(tx: Tx, list: readonly Hold[]): Promise<Set<string>> {
  if (!list.length) return new Set();
  for (const h of list)
    if (!Number.isSafeInteger(h.amountPaise) || h.amountPaise <= 0)
      throw badRequest('amount must be a whole number of paise above zero');
  const walletOf = new Map<number, number>();
  for (const h of list) if (!walletOf.has(h.orgId)) walletOf.set(h.orgId, await walletAccountId(tx, h.orgId));
  const insert = (onConflict: boolean) =>
    sql`insert into ${walletHolds} (org_id, wallet_id, key, amount_paise, reference, description, created_at)
        select org_id, wallet_id, key, amount, reference, description, coalesce(at, now()) from (${unnestSelect([
          [list.map((h) => h.orgId), 'int'],
          [list.map((h) => walletOf.get(h.orgId)!), 'int'],
          [list.map((h) => h.key), 'text'],
          [list.map((h) => h.amountPaise), 'bigint'],
          [list.map((h) => h.reference ?? ''), 'text'],
          [list.map((h) => h.description), 'text'],
          [list.map((h) => h.at ?? null), 'timestamptz'],
        ])}) as u(org_id, wallet_id, key, amount, reference, description, at)
        ${onConflict ? sql`on conflict (key) do nothing` : sql``}
        returning key, wallet_id, amount_paise`;
  type Placed = { key: string; wallet_id: number; amount_paise: string | number };
  // new keys go in with a plain insert (cheaper than ON CONFLICT's speculative one); a key seen
  // before undoes the savepoint and the batch goes in again skipping what is there
  let placed: Placed[];
  try {
    placed = await tx.transaction((sp) => queryRows<Placed>(sp, insert(false)));
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    placed = await queryRows<Placed>(tx, insert(true));
  }
  const sums = new Map<number, number>();
  for (const p of placed) sums.set(p.wallet_id, (sums.get(p.wallet_id) ?? 0) + Number(p.amount_paise));
  if (sums.size)
    await tx.execute(
      sql`update ${ledgerAccounts} as a set held_paise = a.held_paise + v.amount
          from (${unnestSelect([
            [[...sums.keys()], 'int'],
            [[...sums.values()], 'bigint'],
          ])}) as v(id, amount) where a.id = v.id`,
    );
  return new Set(placed.map((p) => p.key));
}

import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accounts, walletCreditLimitChanges } from '../../db/schema';
import { notFound } from '../../http/errors';
import { containsPattern } from '../../http/paging';
import type { Paged } from '../../../src/domain/paging';
import type { CreditLimitAnswer, CreditLimitChangeRow, StaffWalletRow } from '../../../src/domain/wallet-contract';
import { setCreditLimit } from './ledger';
import { spendablePaise } from '../../../src/domain/spendable';

// Postpaid wallets as staff run them: every seller's wallet (balance, held, credit limit, what
// is usable), and a credit limit changed only with a reason, its audit written in the same
// transaction as the change (append-only: a trigger refuses UPDATE and DELETE).

type WalletSqlRow = {
  org_id: number;
  company_name: string;
  email: string | null;
  balance: string | number | null;
  held: string | number | null;
  credit_limit: string | number | null;
};

const toWalletRow = (r: WalletSqlRow): StaffWalletRow => {
  const balancePaise = Number(r.balance ?? 0);
  const heldPaise = Number(r.held ?? 0);
  const creditLimitPaise = Number(r.credit_limit ?? 0);
  return {
    orgId: r.org_id,
    companyName: r.company_name,
    email: r.email ?? '',
    balancePaise,
    heldPaise,
    creditLimitPaise,
    usablePaise: spendablePaise({ balancePaise, heldPaise, creditLimitPaise }),
  };
};

const walletSelect = sql`
  select o.id as org_id, o.company_name,
    (select a.email from accounts a where a.org_id = o.id and a.account_type = 'SELLER'
      order by (a.role = 'OWNER') desc, a.id limit 1) as email,
    w.balance_paise as balance, w.held_paise as held, w.credit_limit_paise as credit_limit
  from organisations o
  left join ledger_accounts w on w.org_id = o.id and w.kind = 'SELLER_WALLET'`;

/** Sellers' wallets, postpaid first then by name; search by company, owner email or seller id. */
export async function staffWallets(
  db: Db,
  q: { pageNumber: number; recordsPerPage: number; searchPattern?: string },
): Promise<Paged<StaffWalletRow>> {
  const like = q.searchPattern ? containsPattern(q.searchPattern) : null;
  const where = like
    ? sql`where company_name ilike ${like} or email ilike ${like} or org_id::text = ${q.searchPattern}`
    : sql``;
  const rows = await queryRows<WalletSqlRow & { total: string | number }>(
    db,
    sql`select *, count(*) over () as total from (${walletSelect}) s ${where}
        order by coalesce(credit_limit, 0) > 0 desc, company_name, org_id
        limit ${q.recordsPerPage} offset ${q.pageNumber * q.recordsPerPage}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && q.pageNumber > 0) {
    const [c] = await queryRows<{ n: string | number }>(
      db,
      sql`select count(*) as n from (${walletSelect}) s ${where}`,
    );
    total = Number(c.n);
  }
  return { items: rows.map(toWalletRow), total, pageNumber: q.pageNumber, recordsPerPage: q.recordsPerPage };
}

/** One seller's wallet as staff see it, or 404. */
export async function staffWallet(db: Db, orgId: number): Promise<StaffWalletRow> {
  const [row] = await queryRows<WalletSqlRow>(db, sql`select * from (${walletSelect}) s where org_id = ${orgId}`);
  if (!row) throw notFound('No such seller');
  return toWalletRow(row);
}

function toChangeRow(r: typeof walletCreditLimitChanges.$inferSelect, staffEmail: string): CreditLimitChangeRow {
  return {
    id: r.id,
    oldLimitPaise: r.oldLimitPaise,
    newLimitPaise: r.newLimitPaise,
    reason: r.reason,
    staffAccountId: r.staffAccountId,
    staffEmail,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Sets the wallet's credit limit with a reason: the change and its audit record in one
 * transaction, the wallet row locked meanwhile. Setting the limit it already has changes nothing
 * and records nothing, so a repeated request (a double click, a retry) acts once.
 */
export async function changeCreditLimit(
  db: Db,
  c: { orgId: number; limitPaise: number; reason: string; staffAccountId: number; at: Date },
): Promise<CreditLimitAnswer> {
  const change = await db.transaction(async (tx) => {
    const { oldLimitPaise } = await setCreditLimit(tx, c.orgId, c.limitPaise);
    if (oldLimitPaise === c.limitPaise) return null;
    const [row] = await tx
      .insert(walletCreditLimitChanges)
      .values({
        orgId: c.orgId,
        oldLimitPaise,
        newLimitPaise: c.limitPaise,
        reason: c.reason,
        staffAccountId: c.staffAccountId,
        createdAt: c.at,
      })
      .returning();
    const [staff] = await tx.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, c.staffAccountId));
    return toChangeRow(row, staff?.email ?? '');
  });
  return { wallet: await staffWallet(db, c.orgId), change };
}

/** A wallet's credit-limit changes, newest first. */
export async function creditLimitChanges(db: Db, orgId: number): Promise<CreditLimitChangeRow[]> {
  const rows = await db
    .select({ c: walletCreditLimitChanges, email: accounts.email })
    .from(walletCreditLimitChanges)
    .innerJoin(accounts, eq(accounts.id, walletCreditLimitChanges.staffAccountId))
    .where(eq(walletCreditLimitChanges.orgId, orgId))
    .orderBy(desc(walletCreditLimitChanges.id))
    .limit(500);
  return rows.map((r) => toChangeRow(r.c, r.email));
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { containsPattern } from '../../http/paging';
import type { Paged } from '../../../src/domain/paging';
import type { WalletEntryRow } from '../../../src/domain/wallet-contract';
import { walletEntryLabel } from '../../../src/domain/wallet-entries';
import { ENTRY_KINDS } from './ledger';

// The wallet statement: every journal entry that touched the seller's wallet, newest first, with
// the balance after it. Dates are IST calendar days.

export const ENTRY_TYPES = [...Object.keys(ENTRY_KINDS), 'REVERSAL'] as const;

export interface HistoryQuery {
  pageNumber: number;
  recordsPerPage: number;
  searchPattern?: string;
  fromDate?: string;
  toDate?: string;
  type?: string;
}

export async function walletHistory(db: Db, orgId: number, q: HistoryQuery): Promise<Paged<WalletEntryRow>> {
  const like = q.searchPattern ? containsPattern(q.searchPattern) : null;
  const filters = sql.join(
    [
      sql`true`,
      q.type ? sql`kind = ${q.type}` : sql`true`,
      q.fromDate ? sql`created_at >= (${q.fromDate}::date)::timestamp at time zone 'Asia/Kolkata'` : sql`true`,
      q.toDate ? sql`created_at < ((${q.toDate}::date + 1)::timestamp at time zone 'Asia/Kolkata')` : sql`true`,
      like ? sql`(reference ilike ${like} or description ilike ${like})` : sql`true`,
    ],
    sql` and `,
  );
  const statement = sql`
    with wallet as (select id from ledger_accounts where org_id = ${orgId} and kind = 'SELLER_WALLET'),
    lines as (
      select e.id as entry_id, e.kind, e.reference, e.description, e.created_at, p.amount_paise,
             sum(p.amount_paise) over (order by e.id) as balance_after
      from postings p join journal_entries e on e.id = p.entry_id
      where p.account_id = (select id from wallet)
    )
    select *, count(*) over () as total from lines where ${filters}
    order by entry_id desc limit ${q.recordsPerPage} offset ${q.pageNumber * q.recordsPerPage}`;
  const rows = await queryRows<{
    entry_id: number;
    kind: string;
    reference: string;
    description: string;
    created_at: string | Date;
    amount_paise: string | number;
    balance_after: string | number;
    total: string | number;
  }>(db, statement);
  return {
    items: rows.map((r) => ({
      entryId: r.entry_id,
      kind: r.kind,
      label: walletEntryLabel(r.kind),
      reference: r.reference,
      description: r.description,
      amountPaise: Number(r.amount_paise),
      balanceAfterPaise: Number(r.balance_after),
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total: rows.length ? Number(rows[0].total) : 0,
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
  };
}

import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, walletAdjustments } from '../../db/schema';
import type { WalletAdjustmentAnswer, WalletAdjustmentRow } from '../../../src/domain/wallet-contract';
import { conflict } from '../../http/errors';
import { moveMoney } from './ledger';

// A staff member's hand adjustment of a seller's wallet: the money moves and its audit record
// (who, when, why, balance before and after) is written in one transaction, so neither exists
// without the other. The balance after comes from the same atomic wallet update that moved the
// money, so adjustments racing on one wallet each record their own true before and after.

export interface Adjustment {
  orgId: number;
  direction: 'DEBIT' | 'CREDIT';
  amountPaise: number;
  reason: string;
  staffAccountId: number;
  /** the form's key: a repeat with it answers the first adjustment and moves nothing */
  idempotencyKey: string;
  at: Date;
}

export async function adjustWallet(db: Db, a: Adjustment): Promise<WalletAdjustmentAnswer> {
  return db.transaction(async (tx) => {
    const moved = await moveMoney(tx, {
      orgId: a.orgId,
      kind: a.direction === 'DEBIT' ? 'ADJUSTMENT_DEBIT' : 'ADJUSTMENT_CREDIT',
      amountPaise: a.amountPaise,
      // one key space per seller: the same form key on another seller's wallet is another adjustment
      externalKey: `adjustment:${a.orgId}:${a.idempotencyKey}`,
      reference: `ADJ-${a.staffAccountId}`,
      description: a.reason,
      createdBy: a.staffAccountId,
      at: a.at,
    });
    if (moved.replayed) {
      // a repeat (a double click, a retry after a lost answer): the first adjustment, once
      const [first] = await tx
        .select({ a: walletAdjustments, email: accounts.email })
        .from(walletAdjustments)
        .innerJoin(accounts, eq(accounts.id, walletAdjustments.staffAccountId))
        .where(eq(walletAdjustments.entryId, moved.entryId));
      if (!first || first.a.amountPaise !== a.amountPaise)
        throw conflict('That request key was used for another adjustment; open the form again');
      return {
        entryId: moved.entryId,
        balancePaise: first.a.balanceAfterPaise,
        adjustment: toRow(first.a, first.email),
        replayed: true,
      };
    }
    const delta = a.direction === 'DEBIT' ? -a.amountPaise : a.amountPaise;
    const [row] = await tx
      .insert(walletAdjustments)
      .values({
        orgId: a.orgId,
        entryId: moved.entryId,
        direction: a.direction,
        amountPaise: a.amountPaise,
        reason: a.reason,
        staffAccountId: a.staffAccountId,
        balanceBeforePaise: moved.balancePaise - delta,
        balanceAfterPaise: moved.balancePaise,
        createdAt: a.at,
      })
      .returning();
    const [staff] = await tx.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, a.staffAccountId));
    return {
      entryId: moved.entryId,
      balancePaise: moved.balancePaise,
      adjustment: toRow(row, staff?.email ?? ''),
      replayed: false,
    };
  });
}

function toRow(r: typeof walletAdjustments.$inferSelect, staffEmail: string): WalletAdjustmentRow {
  return {
    id: r.id,
    entryId: r.entryId,
    direction: r.direction as WalletAdjustmentRow['direction'],
    amountPaise: r.amountPaise,
    reason: r.reason,
    staffAccountId: r.staffAccountId,
    staffEmail,
    balanceBeforePaise: r.balanceBeforePaise,
    balanceAfterPaise: r.balanceAfterPaise,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A seller's wallet adjustments, newest first. */
export async function listAdjustments(db: Db, orgId: number): Promise<WalletAdjustmentRow[]> {
  const rows = await db
    .select({ a: walletAdjustments, email: accounts.email })
    .from(walletAdjustments)
    .innerJoin(accounts, eq(accounts.id, walletAdjustments.staffAccountId))
    .where(eq(walletAdjustments.orgId, orgId))
    .orderBy(desc(walletAdjustments.id))
    .limit(500);
  return rows.map((r) => toRow(r.a, r.email));
}

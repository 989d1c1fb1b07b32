import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, walletAdjustments } from '../../db/schema';
import type { WalletAdjustmentRow } from '../../../src/domain/wallet-contract';
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
  at: Date;
}

export async function adjustWallet(
  db: Db,
  a: Adjustment,
): Promise<{ entryId: number; balancePaise: number; adjustment: WalletAdjustmentRow }> {
  return db.transaction(async (tx) => {
    const moved = await moveMoney(tx, {
      orgId: a.orgId,
      kind: a.direction === 'DEBIT' ? 'ADJUSTMENT_DEBIT' : 'ADJUSTMENT_CREDIT',
      amountPaise: a.amountPaise,
      externalKey: null,
      reference: `ADJ-${a.staffAccountId}`,
      description: a.reason,
      createdBy: a.staffAccountId,
      at: a.at,
    });
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
    return { entryId: moved.entryId, balancePaise: moved.balancePaise, adjustment: toRow(row, staff?.email ?? '') };
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

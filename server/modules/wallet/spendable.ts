import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerAccounts, walletHolds } from '../../db/schema';
import { queryRows } from '../../db/rows';
import { ApiError } from '../../http/errors';
import {
  holdPurposeOfKey,
  refusalText,
  shortfallPaise,
  spendablePaise,
  topUpPaise,
  type HeldFor,
  type HoldPurpose,
  type SpendPurpose,
  type WalletFigures,
} from '../../../src/domain/spendable';

// The one place the server reads what a seller can spend: the wallet row and its open holds by
// purpose, in one statement (one snapshot, so the held total and its lines agree). Every check
// before a debit, every refusal and every wallet figure the API answers comes from here; the
// rule itself is src/domain/spendable.ts, and the ledger's SQL guard is the same rule.

export interface SpendableWallet extends WalletFigures {
  spendablePaise: number;
  heldFor: HeldFor[];
}

/**
 * The seller's wallet as it can be spent now. With `lock`, the wallet row stays locked to the
 * caller's transaction, so a check and the debit after it see the same money: a concurrent
 * debit of this wallet waits, and a refusal's figures are the ones the debit met.
 */
export async function spendableWallet(db: Executor, orgId: number, lock = false): Promise<SpendableWallet> {
  const [row] = await queryRows<{
    balance: string | number;
    held: string | number;
    credit_limit: string | number;
    held_for: { prefix: string; n: number; amount: string | number }[] | null;
  }>(
    db,
    sql`with w as (
          select id, balance_paise, held_paise, credit_limit_paise from ${ledgerAccounts}
          where org_id = ${orgId}::int and kind = 'SELLER_WALLET' ${lock ? sql`for update` : sql``}
        )
        select w.balance_paise as balance, w.held_paise as held, w.credit_limit_paise as credit_limit,
          (select json_agg(g order by g.prefix) from (
             select split_part(h.key, ':', 1) as prefix, count(*)::int as n, sum(h.amount_paise) as amount
             from ${walletHolds} h where h.wallet_id = w.id and h.state = 'HELD' group by 1
           ) g) as held_for
        from w`,
  );
  if (!row) return { balancePaise: 0, heldPaise: 0, creditLimitPaise: 0, spendablePaise: 0, heldFor: [] };
  const figures: WalletFigures = {
    balancePaise: Number(row.balance),
    heldPaise: Number(row.held),
    creditLimitPaise: Number(row.credit_limit),
  };
  const byPurpose = new Map<HoldPurpose, HeldFor>();
  for (const g of row.held_for ?? []) {
    const purpose = holdPurposeOfKey(`${g.prefix}:`);
    const line = byPurpose.get(purpose) ?? { purpose, count: 0, amountPaise: 0 };
    line.count += Number(g.n);
    line.amountPaise += Number(g.amount);
    byPurpose.set(purpose, line);
  }
  return { ...figures, spendablePaise: spendablePaise(figures), heldFor: [...byPurpose.values()] };
}

/** The 422 every check answers when the wallet cannot pay: the message names the hold; X-Recharge-Paise is the top-up offered. */
export const insufficientFunds = (wallet: SpendableWallet, needPaise: number, purpose: SpendPurpose) =>
  new ApiError(422, refusalText(wallet, wallet.heldFor, needPaise, purpose), {
    'X-Recharge-Paise': String(topUpPaise(wallet, needPaise)),
  });

/**
 * Refuses a payment of needPaise the wallet cannot cover, before the caller books anything
 * outside (a courier) or debits. Inside a transaction it locks the wallet row until commit, so
 * concurrent checks of one wallet take turns and each sees the money the others left.
 */
export async function assertCanSpend(
  db: Executor,
  orgId: number,
  needPaise: number,
  purpose: SpendPurpose,
): Promise<SpendableWallet> {
  const wallet = await spendableWallet(db, orgId, true);
  if (shortfallPaise(wallet, needPaise) > 0) throw insufficientFunds(wallet, needPaise, purpose);
  return wallet;
}

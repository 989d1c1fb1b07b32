import type { Db } from '../../db/client';
import { spendableWallet } from './spendable';

/** The organisation's wallet balance in paise (the ledger's running balance). */
export async function walletBalancePaise(db: Db, orgId: number | null): Promise<number> {
  if (orgId === null) return 0;
  return (await spendableWallet(db, orgId)).balancePaise;
}

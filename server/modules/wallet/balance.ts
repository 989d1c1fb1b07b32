import type { Db } from '../../db/client';

/**
 * The organisation's wallet balance in paise. A placeholder until the wallet issue brings the
 * ledger: that work replaces this one function and every reader (account info, home) follows.
 */
export async function walletBalancePaise(_db: Db, _orgId: number | null): Promise<number> {
  return 0;
}

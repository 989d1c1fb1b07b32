import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, organisations } from '../../db/schema/index';

// Reading accounts, in one place, so every area looks them up the same way.

export type AccountRow = typeof accounts.$inferSelect;
export type OrgRow = typeof organisations.$inferSelect;

/** Emails are unique case-insensitively (index on lower(email)). */
export async function accountByEmail(db: Db, email: string): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(eq(sql`lower(${accounts.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

export async function accountWithOrg(
  db: Db,
  accountId: number,
): Promise<{ account: AccountRow; org: OrgRow | null } | null> {
  const [row] = await db
    .select({ account: accounts, org: organisations })
    .from(accounts)
    .leftJoin(organisations, eq(organisations.id, accounts.orgId))
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row ?? null;
}

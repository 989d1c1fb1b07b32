import { and, count, desc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { accounts, organisations } from '../../db/schema';
import { notFound } from '../../http/errors';
import { containsPattern } from '../../http/paging';
import type { CorporateAccountRow, CorporateDashboard } from '../../../src/domain/account-contract';
import type { Paged } from '../../../src/domain/paging';
import { LIMITS } from '../../../src/domain/constants';
import { accountWithOrg } from '../auth/account-repository';
import { claimsFor } from '../auth/claims';
import { signAccessToken } from '../auth/tokens';
import type { AuditActor } from '../audit/service';
import { openImpersonation } from './impersonations';

// Staff views across every organisation, and staff acting as a seller.

const DAY_MS = 86_400_000;

export async function listSellerAccounts(
  db: Db,
  q: { pageNumber: number; recordsPerPage: number; searchPattern?: string },
): Promise<Paged<CorporateAccountRow>> {
  const filters: SQL[] = [eq(accounts.accountType, 'SELLER')];
  if (q.searchPattern) {
    const like = containsPattern(q.searchPattern);
    filters.push(
      or(
        ilike(accounts.email, like),
        ilike(accounts.firstName, like),
        ilike(accounts.lastName, like),
        ilike(accounts.phone, like),
        ilike(organisations.companyName, like),
      )!,
    );
  }
  const where = and(...filters);
  const [{ total }] = await db
    .select({ total: count() })
    .from(accounts)
    .leftJoin(organisations, eq(organisations.id, accounts.orgId))
    .where(where);
  const rows = await db
    .select({ a: accounts, companyName: organisations.companyName })
    .from(accounts)
    .leftJoin(organisations, eq(organisations.id, accounts.orgId))
    .where(where)
    .orderBy(desc(accounts.createdAt), desc(accounts.id))
    .limit(q.recordsPerPage)
    .offset(q.pageNumber * q.recordsPerPage);
  return {
    items: rows.map(({ a, companyName }) => ({
      accountId: a.id,
      firstName: a.firstName,
      lastName: a.lastName,
      email: a.email,
      phone: a.phone,
      role: a.role,
      enabled: a.enabled,
      orgId: a.orgId,
      companyName,
      createdAt: a.createdAt.toISOString(),
    })),
    total,
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
  };
}

export async function dashboard(db: Db, now: Date): Promise<CorporateDashboard> {
  const sellers = eq(accounts.accountType, 'SELLER');
  const [[orgs], [all]] = await Promise.all([
    db.select({ n: count() }).from(organisations),
    db
      .select({
        n: count(),
        unverified: sql<number>`count(*) filter (where not ${accounts.enabled})`.mapWith(Number),
        recent:
          sql<number>`count(*) filter (where ${gt(accounts.createdAt, new Date(now.getTime() - 7 * DAY_MS))})`.mapWith(
            Number,
          ),
      })
      .from(accounts)
      .where(sellers),
  ]);
  return { organisations: orgs.n, accounts: all.n, unverifiedAccounts: all.unverified, signupsLast7Days: all.recent };
}

/**
 * An access token that lets staff see the product as one seller does. The subject names both
 * ("<staffId>-<sellerId>") so every action is traceable, it is short-lived, and it comes with
 * no refresh token: when it expires the admin session ends.
 */
export async function impersonate(
  deps: AppDeps,
  actor: AuditActor,
  sellerAccountId: number,
): Promise<{ accessToken: string; impersonationId: number }> {
  const found = await accountWithOrg(deps.db, sellerAccountId);
  if (!found || found.account.accountType !== 'SELLER') throw notFound('Account not found');
  const now = deps.now();
  // the audit log keeps when it began, and when it ended or expired; ending it ends the token
  const impersonationId = await openImpersonation(
    deps.db,
    actor,
    found.account.id,
    now,
    new Date(now.getTime() + LIMITS.adminSessionTtlS * 1000),
  );
  const claims = {
    ...claimsFor(found.account, found.org),
    sub: `${actor.staffId}-${found.account.id}`,
    imp: impersonationId,
  };
  delete claims.pcr; // the seller's pending password change is theirs, not the staff member's
  const accessToken = await signAccessToken(deps.jwtKey, claims, now, LIMITS.adminSessionTtlS);
  return { accessToken, impersonationId };
}

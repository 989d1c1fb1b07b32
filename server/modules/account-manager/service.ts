import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db, Executor } from '../../db/client';
import { accounts, keyAccountManagers, organisations } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AccountManager, SellerAccountManager } from '../../../src/domain/account-manager-contract';
import type { AccountManagerInput } from '../../../src/domain/schemas/staff';
import { planAllowsFeature, planOf } from '../../../src/domain/plans';
import { staffMayUse } from '../../../src/domain/staff-permissions';
import { accountWithOrg } from '../auth/account-repository';

// Key account managers (Pro and Premium): staff name one of their own who may answer tickets as a
// seller's manager; the seller sees who it is under Help, and the seller's new tickets are
// assigned to them at once. On a plan without one, the row is kept but neither shown nor used.

async function managerRow(db: Executor, orgId: number): Promise<AccountManager | null> {
  const [row] = await db
    .select({
      managerId: accounts.id,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      email: accounts.email,
      phone: accounts.phone,
      assignedAt: keyAccountManagers.assignedAt,
    })
    .from(keyAccountManagers)
    .innerJoin(accounts, eq(accounts.id, keyAccountManagers.managerId))
    .where(eq(keyAccountManagers.orgId, orgId));
  if (!row) return null;
  return {
    managerId: row.managerId,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    phone: row.phone,
    assignedAt: row.assignedAt.toISOString(),
  };
}

async function planOfOrg(db: Executor, orgId: number): Promise<string> {
  const [org] = await db
    .select({ plan: organisations.subscriptionType })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  if (!org) throw notFound('No such organisation');
  return org.plan;
}

/** The seller's view: whether their plan has a manager, and who it is. */
export async function sellerAccountManager(db: Db, orgId: number): Promise<SellerAccountManager> {
  const included = planAllowsFeature(await planOfOrg(db, orgId), 'keyAccountManager');
  return { included, manager: included ? await managerRow(db, orgId) : null };
}

/** Staff's view on the seller's account page: the manager kept (even when the plan hides it). */
export async function accountManagerOfOrg(db: Db, orgId: number | null) {
  if (orgId === null) return { accountManager: null, accountManagerIncluded: false };
  const plan = await planOfOrg(db, orgId);
  return {
    accountManager: await managerRow(db, orgId),
    accountManagerIncluded: planAllowsFeature(plan, 'keyAccountManager'),
  };
}

/** Who a seller's new ticket goes to: their manager while the plan has one and the login is live. */
export async function ticketManagerOf(db: Executor, orgId: number): Promise<number | null> {
  if (!planAllowsFeature(await planOfOrg(db, orgId), 'keyAccountManager')) return null;
  const [row] = await db
    .select({ id: accounts.id })
    .from(keyAccountManagers)
    .innerJoin(accounts, eq(accounts.id, keyAccountManagers.managerId))
    .where(and(eq(keyAccountManagers.orgId, orgId), eq(accounts.locked, false), isNull(accounts.staffDeactivatedAt)));
  return row?.id ?? null;
}

/** Names (or, with null, removes) a seller's manager. The seller is named by their login. */
export async function setAccountManager(
  deps: AppDeps,
  staffId: number,
  sellerAccountId: number,
  body: AccountManagerInput,
): Promise<AccountManager | null> {
  const found = await accountWithOrg(deps.db, sellerAccountId);
  if (!found || found.account.accountType !== 'SELLER' || !found.org) throw notFound('Account not found');
  const orgId = found.org.id;
  if (body.managerId === null) {
    await deps.db.delete(keyAccountManagers).where(eq(keyAccountManagers.orgId, orgId));
    return null;
  }
  if (!planAllowsFeature(found.org.subscriptionType, 'keyAccountManager'))
    throw conflict(
      `${found.org.companyName} is on the ${planOf(found.org.subscriptionType).name} plan: a key account manager comes with Pro and Premium`,
    );
  const [manager] = await deps.db
    .select({ id: accounts.id, type: accounts.accountType, role: accounts.staffRole, locked: accounts.locked })
    .from(accounts)
    .where(eq(accounts.id, body.managerId));
  if (!manager || manager.type !== 'DAKIYA') throw badRequest('Key account manager: no such staff member');
  if (manager.locked) throw badRequest('Key account manager: this staff login is turned off');
  if (!staffMayUse(manager.role, 'tickets.manage'))
    throw badRequest('Key account manager: their staff role cannot answer support tickets');
  const now = deps.now();
  await deps.db
    .insert(keyAccountManagers)
    .values({ orgId, managerId: manager.id, assignedBy: staffId, assignedAt: now })
    .onConflictDoUpdate({
      target: keyAccountManagers.orgId,
      set: { managerId: manager.id, assignedBy: staffId, assignedAt: now },
    });
  return managerRow(deps.db, orgId);
}

import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { accounts, journalEntries, ledgerAccounts, orders, organisations, postings, shipments } from '../../db/schema';
import { queryRows } from '../../db/rows';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { SellerCaller } from '../../http/router';
import { isUniqueViolation } from '../../db/unique-violation';
import { hashPassword } from '../auth/passwords';
import { claimsFor } from '../auth/claims';
import { signAccessToken } from '../auth/tokens';
import { accountWithOrg } from '../auth/account-repository';
import { createOrganisationWithOwner } from '../registration/create-owner';
import { walletBalancePaise } from '../wallet/balance';
import { newInvitationToken, sendInvitation, storeInvitation } from './service';
import { planOf } from '../../../src/domain/plans';
import { LIMITS } from '../../../src/domain/constants';
import type { Paged } from '../../../src/domain/paging';
import type {
  ConsolidatedOrder,
  ConsolidatedShipment,
  ConsolidatedWalletEntry,
  SubSeller,
} from '../../../src/domain/team-contract';
import { walletEntryLabel } from '../../../src/domain/wallet-entries';

// Sub-sellers: organisations of their own, linked to a parent by parent_org_id. Every seller
// route stays scoped to the caller's own organisation, so a sub-seller never sees its parent's or
// a sibling's data and a parent never sees a child's through them; the parent sees its children
// only here, in the consolidated views, and by switching into one (a short session as the child's
// owner that cannot refresh, like staff's admin session).

const NO_SUCH_SELLER = 'No such sub-seller of yours';
const iso = (d: Date | string) => new Date(d).toISOString();

export async function childOrgIds(deps: AppDeps, orgId: number): Promise<number[]> {
  const rows = await deps.db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.parentOrgId, orgId));
  return rows.map((r) => r.id);
}

export async function listSubSellers(
  deps: AppDeps,
  caller: SellerCaller,
  q: { searchPattern?: string },
): Promise<SubSeller[]> {
  const search = q.searchPattern ? `%${q.searchPattern.replace(/[%_\\]/g, '\\$&')}%` : null;
  const rows = await deps.db
    .select({
      orgId: organisations.id,
      companyName: organisations.companyName,
      createdAt: organisations.createdAt,
      accountId: accounts.id,
      email: accounts.email,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
    })
    .from(organisations)
    .innerJoin(accounts, and(eq(accounts.orgId, organisations.id), eq(accounts.role, 'OWNER')))
    .where(
      and(
        eq(organisations.parentOrgId, caller.orgId),
        search ? or(ilike(organisations.companyName, search), ilike(accounts.email, search)) : undefined,
      ),
    )
    .orderBy(desc(organisations.id));
  return rows.map((r) => ({
    orgId: r.orgId,
    parentAccountId: caller.accountId,
    companyName: r.companyName,
    ownerEmail: r.email,
    ownerName: `${r.firstName} ${r.lastName}`.trim(),
    createdAt: iso(r.createdAt),
  }));
}

export async function createSubSeller(
  deps: AppDeps,
  caller: SellerCaller,
  input: { companyName: string; firstName: string; lastName: string; email: string; phone: string },
): Promise<SubSeller> {
  const now = deps.now();
  const token = newInvitationToken();
  let orgId: number;
  try {
    orgId = await deps.db.transaction(async (tx) => {
      const [parent] = await tx
        .select({ plan: organisations.subscriptionType, parent: organisations.parentOrgId })
        .from(organisations)
        .where(eq(organisations.id, caller.orgId))
        .for('update');
      if (!parent) throw notFound();
      if (parent.parent !== null) throw forbidden('A sub-seller cannot have sub-sellers of its own');
      const allowance = planOf(parent.plan).subSellers;
      const [n] = await tx
        .select({ n: count() })
        .from(organisations)
        .where(eq(organisations.parentOrgId, caller.orgId));
      if (Number(n?.n ?? 0) >= allowance)
        throw forbidden(
          allowance === 0
            ? 'Sub-sellers come with the Premium plan. Upgrade your plan to add one.'
            : `Your plan allows ${allowance} sub-sellers`,
        );
      const made = await createOrganisationWithOwner(tx as never, {
        companyName: input.companyName,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
        enabled: false,
        terms: null,
        now,
      });
      await tx.update(organisations).set({ parentOrgId: caller.orgId }).where(eq(organisations.id, made.orgId));
      await storeInvitation(tx, made.accountId, token, now);
      return made.orgId;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('An account with this email already exists');
    throw e;
  }
  await sendInvitation(deps, input.email, input.firstName, input.companyName, token);
  const found = (await listSubSellers(deps, caller, {})).find((s) => s.orgId === orgId);
  if (!found) throw notFound(NO_SUCH_SELLER);
  return found;
}

/** A short session as the sub-seller's owner. */
export async function switchInto(deps: AppDeps, caller: SellerCaller, orgId: number): Promise<{ accessToken: string }> {
  if (!(await childOrgIds(deps, caller.orgId)).includes(orgId)) throw notFound(NO_SUCH_SELLER);
  const [owner] = await deps.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.orgId, orgId), eq(accounts.role, 'OWNER')));
  if (!owner) throw notFound(NO_SUCH_SELLER);
  const found = await accountWithOrg(deps.db, owner.id);
  if (!found) throw notFound(NO_SUCH_SELLER);
  const claims = { ...claimsFor(found.account, found.org), sub: `${caller.accountId}-${found.account.id}` };
  delete claims.pcr;
  return { accessToken: await signAccessToken(deps.jwtKey, claims, deps.now(), LIMITS.adminSessionTtlS) };
}

/** The organisations a consolidated view reads: the caller's own and its children, or one of them. */
async function scope(deps: AppDeps, caller: SellerCaller, sellerOrgId?: number): Promise<number[]> {
  const all = [caller.orgId, ...(await childOrgIds(deps, caller.orgId))];
  if (sellerOrgId === undefined) return all;
  if (!all.includes(sellerOrgId)) throw notFound(NO_SUCH_SELLER);
  return [sellerOrgId];
}

export async function consolidatedOrders(
  deps: AppDeps,
  caller: SellerCaller,
  q: { sellerOrgId?: number; pageNumber: number; recordsPerPage: number },
): Promise<Paged<ConsolidatedOrder>> {
  const orgIds = await scope(deps, caller, q.sellerOrgId);
  const where = inArray(orders.orgId, orgIds);
  const rows = await deps.db
    .select({
      orderId: orders.id,
      orgId: orders.orgId,
      companyName: organisations.companyName,
      orderNumber: orders.orderNumber,
      status: orders.status,
      awb: orders.awb,
      totalPaise: orders.totalPaise,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.orgId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(q.recordsPerPage)
    .offset(q.pageNumber * q.recordsPerPage);
  const [total] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  return {
    items: rows.map((r) => ({
      ...r,
      orgId: Number(r.orgId),
      totalPaise: Number(r.totalPaise),
      createdAt: iso(r.createdAt),
    })),
    total: Number(total?.n ?? 0),
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
  };
}

type Page = { sellerOrgId?: number; pageNumber: number; recordsPerPage: number };

/** Wallet lines of the caller and its sub-sellers together, newest first; each with its own wallet's balance after it. */
export async function consolidatedWalletHistory(
  deps: AppDeps,
  caller: SellerCaller,
  q: Page,
): Promise<Paged<ConsolidatedWalletEntry>> {
  const orgIds = await scope(deps, caller, q.sellerOrgId);
  const rows = await queryRows<{
    entry_id: number;
    org_id: number;
    company_name: string;
    kind: string;
    reference: string;
    description: string;
    created_at: string | Date;
    amount_paise: string | number;
    balance_after: string | number;
    total: string | number;
  }>(
    deps.db,
    sql`with wallets as (
          select id, org_id from ${ledgerAccounts}
          where org_id in (${sql.join(orgIds, sql`, `)}) and kind = 'SELLER_WALLET'
        ),
        lines as (
          select e.id as entry_id, w.org_id, e.kind, e.reference, e.description, e.created_at, p.amount_paise,
                 sum(p.amount_paise) over (partition by p.account_id order by e.id) as balance_after
          from ${postings} p join wallets w on w.id = p.account_id join ${journalEntries} e on e.id = p.entry_id
        )
        select l.*, o.company_name, count(*) over () as total
        from lines l join ${organisations} o on o.id = l.org_id
        order by l.entry_id desc, l.org_id
        limit ${q.recordsPerPage} offset ${q.pageNumber * q.recordsPerPage}`,
  );
  return {
    items: rows.map((r) => ({
      entryId: Number(r.entry_id),
      orgId: Number(r.org_id),
      companyName: r.company_name,
      kind: r.kind,
      label: walletEntryLabel(r.kind),
      reference: r.reference,
      description: r.description,
      amountPaise: Number(r.amount_paise),
      balanceAfterPaise: Number(r.balance_after),
      createdAt: iso(r.created_at),
    })),
    total: rows.length ? Number(rows[0].total) : 0,
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
  };
}

/** Shipments of the caller and its sub-sellers together, newest booking first. */
export async function consolidatedShipments(
  deps: AppDeps,
  caller: SellerCaller,
  q: Page,
): Promise<Paged<ConsolidatedShipment>> {
  const orgIds = await scope(deps, caller, q.sellerOrgId);
  const where = inArray(shipments.orgId, orgIds);
  const rows = await deps.db
    .select({
      shipmentId: shipments.id,
      orgId: shipments.orgId,
      companyName: organisations.companyName,
      orderId: shipments.orderId,
      orderNumber: orders.orderNumber,
      awb: shipments.awb,
      carrierCode: shipments.carrierCode,
      state: shipments.state,
      status: orders.status,
      chargePaise: shipments.totalPaise,
      bookedAt: shipments.bookedAt,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(organisations, eq(organisations.id, shipments.orgId))
    .where(where)
    .orderBy(desc(shipments.bookedAt), desc(shipments.id))
    .limit(q.recordsPerPage)
    .offset(q.pageNumber * q.recordsPerPage);
  const [total] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(shipments)
    .where(where);
  return {
    items: rows.map((r) => ({
      ...r,
      orgId: Number(r.orgId),
      chargePaise: Number(r.chargePaise),
      bookedAt: iso(r.bookedAt),
    })),
    total: Number(total?.n ?? 0),
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
  };
}

export async function consolidatedWallets(deps: AppDeps, caller: SellerCaller) {
  const orgIds = await scope(deps, caller);
  const orgs = await deps.db
    .select({ orgId: organisations.id, companyName: organisations.companyName })
    .from(organisations)
    .where(inArray(organisations.id, orgIds))
    .orderBy(organisations.id);
  return Promise.all(orgs.map(async (o) => ({ ...o, walletBalancePaise: await walletBalancePaise(deps.db, o.orgId) })));
}

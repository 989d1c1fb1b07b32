import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  codPayouts,
  kycApplications,
  ndrRecords,
  orders,
  shipments,
  supportTickets,
  weightDiscrepancies,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import type { AccountOverview } from '../../../src/domain/staff-contract';
import { accountWithOrg } from '../auth/account-repository';
import { spendableWallet } from '../wallet/spendable';
import { accountManagerOfOrg } from '../account-manager/service';

// One seller's whole picture for staff: the login and its organisation's plan, KYC, wallet, and
// the latest orders, shipments, NDRs, weight discrepancies, COD payouts and support tickets. Read-only, from the
// same tables each area keeps, and the seller's key account manager.

const RECENT = 10;

export async function accountOverview(db: Db, accountId: number): Promise<AccountOverview> {
  const found = await accountWithOrg(db, accountId);
  if (!found || found.account.accountType !== 'SELLER') throw notFound('Account not found');
  const { account: a, org } = found;
  const orgId = a.orgId ?? -1;
  const [wallet, kyc, recentOrders, recentShipments, ndrs, discrepancies, payouts, tickets, manager] =
    await Promise.all([
      org ? spendableWallet(db, org.id) : Promise.resolve({ balancePaise: 0, creditLimitPaise: 0, heldPaise: 0 }),
      db
        .select()
        .from(kycApplications)
        .where(eq(kycApplications.orgId, orgId))
        .orderBy(desc(kycApplications.id))
        .limit(1),
      db.select().from(orders).where(eq(orders.orgId, orgId)).orderBy(desc(orders.id)).limit(RECENT),
      // a shipment reads as its order's status (a booking's own state is only BOOKED or CANCELLED)
      db
        .select({ shipment: shipments, orderStatus: orders.status })
        .from(shipments)
        .innerJoin(orders, eq(orders.id, shipments.orderId))
        .where(eq(shipments.orgId, orgId))
        .orderBy(desc(shipments.id))
        .limit(RECENT),
      db.select().from(ndrRecords).where(eq(ndrRecords.orgId, orgId)).orderBy(desc(ndrRecords.id)).limit(RECENT),
      db
        .select()
        .from(weightDiscrepancies)
        .where(eq(weightDiscrepancies.orgId, orgId))
        .orderBy(desc(weightDiscrepancies.id))
        .limit(RECENT),
      db.select().from(codPayouts).where(eq(codPayouts.orgId, orgId)).orderBy(desc(codPayouts.id)).limit(RECENT),
      db
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.orgId, orgId))
        .orderBy(desc(supportTickets.id))
        .limit(RECENT),
      accountManagerOfOrg(db, org?.id ?? null),
    ]);
  return {
    account: {
      accountId: a.id,
      orgId: a.orgId,
      firstName: a.firstName,
      lastName: a.lastName,
      email: a.email,
      phone: a.phone,
      role: a.role,
      companyName: org?.companyName ?? null,
      verified: a.enabled,
      active: !a.staffDeactivatedAt,
      deactivatedAt: a.staffDeactivatedAt?.toISOString() ?? null,
      createdAt: a.createdAt.toISOString(),
      lastLoginAt: a.lastLoginAt?.toISOString() ?? null,
    },
    plan: {
      subscriptionType: org?.subscriptionType ?? 'FREE',
      billingFrequency: org?.subscriptionBillingFrequency ?? null,
      expiresAt: org?.subscriptionExpiryDate?.toISOString() ?? null,
    },
    betaFeaturesEnabled: org?.betaFeaturesEnabled ?? false,
    ...manager,
    kyc: {
      verified: org?.kycVerified ?? false,
      status: kyc[0]?.status ?? null,
      submittedAt: kyc[0]?.submittedAt?.toISOString() ?? null,
    },
    wallet: {
      balancePaise: wallet.balancePaise,
      creditLimitPaise: wallet.creditLimitPaise,
      heldPaise: wallet.heldPaise ?? 0,
      postpaid: org?.postpaidWallet ?? false,
    },
    orders: recentOrders.map((o) => ({
      orderId: o.id,
      orderNumber: o.orderNumber,
      status: o.status,
      createdAt: o.createdAt.toISOString(),
      totalPaise: o.totalPaise,
    })),
    shipments: recentShipments.map(({ shipment: s, orderStatus }) => ({
      awb: s.awb,
      orderId: s.orderId,
      carrierCode: s.carrierCode,
      status: s.state === 'CANCELLED' ? 'CAN' : orderStatus,
      createdAt: s.bookedAt.toISOString(),
    })),
    ndrs: ndrs.map((n) => ({
      ndrId: n.id,
      awb: n.awb,
      status: n.status,
      reason: n.reason,
      createdAt: n.raisedAt.toISOString(),
    })),
    discrepancies: discrepancies.map((d) => ({
      discrepancyId: d.id,
      awb: d.awb,
      status: d.status,
      extraPaise: d.amountPaise,
      createdAt: d.raisedAt.toISOString(),
    })),
    payouts: payouts.map((p) => ({
      payoutId: p.id,
      status: p.status,
      amountPaise: p.netPaise,
      createdAt: p.createdAt.toISOString(),
    })),
    tickets: tickets.map((t) => ({
      ticketId: t.id,
      ticketNumber: t.ticketNumber ?? '',
      subject: t.subject,
      status: t.status,
      priority: t.priority,
      createdAt: t.createdAt.toISOString(),
    })),
  };
}

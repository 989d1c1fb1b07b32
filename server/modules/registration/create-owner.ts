import type { Executor } from '../../db/client';
import { accounts, organisations, termsAcceptances } from '../../db/schema';

export interface NewOwner {
  companyName: string;
  subscriptionType?: string;
  addressLine1?: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  passwordHash: string;
  enabled: boolean;
  referralSourceId?: number | null;
  referralCode?: string | null;
  /** the terms version accepted at sign-up and where from; null when none is published */
  terms: { tcVersionId: number; ipAddress: string } | null;
  now: Date;
}

/**
 * A seller organisation, its OWNER login and the terms acceptance. Run it inside the caller's
 * transaction: all three exist together or not at all.
 */
export async function createOrganisationWithOwner(
  tx: Executor,
  o: NewOwner,
): Promise<{ orgId: number; accountId: number }> {
  const [org] = await tx
    .insert(organisations)
    .values({
      companyName: o.companyName,
      subscriptionType: o.subscriptionType ?? 'LITE',
      addressLine1: o.addressLine1 ?? null,
      createdAt: o.now,
    })
    .returning({ id: organisations.id });
  const [account] = await tx
    .insert(accounts)
    .values({
      orgId: org.id,
      accountType: 'SELLER',
      role: 'OWNER',
      email: o.email,
      phone: o.phone,
      firstName: o.firstName,
      lastName: o.lastName,
      passwordHash: o.passwordHash,
      enabled: o.enabled,
      referralSourceId: o.referralSourceId ?? null,
      referralCode: o.referralCode || null,
      createdAt: o.now,
    })
    .returning({ id: accounts.id });
  if (o.terms) {
    await tx.insert(termsAcceptances).values({
      accountId: account.id,
      tcVersionId: o.terms.tcVersionId,
      status: 'ACCEPTED',
      ipAddress: o.terms.ipAddress,
      createdAt: o.now,
    });
  }
  return { orgId: org.id, accountId: account.id };
}

import { standingOf } from '../auth/standing';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { staffPermissionsOf } from '../../../src/domain/staff-permissions';
import type { Db } from '../../db/client';
import { accounts, organisations, termsAcceptances, termsVersions } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { Caller } from '../../http/router';
import { API, type AccountDetails, type AccountInfo, type CompanyProfile } from '../../../src/domain/account-contract';
import { claimsFor } from '../auth/claims';
import { storeImage } from '../files/service';
import type { FileLinks } from '../files/links';
import { spendableWallet } from '../wallet/spendable';
import { accountWithOrg, type OrgRow } from '../auth/account-repository';
import { rupeesOf } from '../../../src/domain/money';

// The caller's own account and organisation. Sellers only ever reach rows of their own org.

// the logo is a public brand asset (buyers see it); the signature opens only through a signed link
const logoUrl = (id: string | null | undefined) => (id ? API.file(id) : null);
const signUrl = (links: FileLinks, id: string | null | undefined) => (id ? links(id) : null);

async function load(db: Db, accountId: number) {
  const found = await accountWithOrg(db, accountId);
  if (!found) throw notFound('Account not found');
  return found;
}

export async function accountDetails(db: Db, accountId: number): Promise<AccountDetails> {
  const { account, org } = await load(db, accountId);
  const { st, at, oid, scope, role } = claimsFor(account, org);
  return {
    accountId: account.id,
    email: account.email,
    st,
    at,
    oid,
    scope,
    role,
    companyName: org?.companyName ?? null,
  };
}

/**
 * Another login's details: staff see any; an OWNER sees logins of their own organisation.
 * Anything else reads as missing, so ids of other tenants reveal nothing.
 */
export async function accountDetailsFor(db: Db, caller: Caller, accountId: number): Promise<AccountDetails> {
  if (caller.accountType !== 'DAKIYA') {
    const [row] = await db.select({ orgId: accounts.orgId }).from(accounts).where(eq(accounts.id, accountId));
    if (!row || row.orgId === null || row.orgId !== caller.orgId) throw notFound('Account not found');
  }
  return accountDetails(db, accountId);
}

/**
 * Where the login stands with the terms in force. A seller login must accept a version published
 * after it came to be before going on (mustAccept); a sign-up accepts the version of its day, the
 * demo logins are seeded as having accepted, and staff, or staff acting as a seller, are never asked.
 */
async function termsStatus(
  db: Db,
  account: { id: number; accountType: string; createdAt: Date },
  adminSession: boolean,
): Promise<AccountInfo['termsAndConditionsDetailsInfoDTO']> {
  const [terms] = await db.select().from(termsVersions).orderBy(desc(termsVersions.id)).limit(1);
  if (!terms) return null;
  const [latest] = await db
    .select()
    .from(termsAcceptances)
    .where(and(eq(termsAcceptances.accountId, account.id), eq(termsAcceptances.tcVersionId, terms.id)))
    .orderBy(desc(termsAcceptances.id))
    .limit(1);
  const accepted = latest?.status === 'ACCEPTED';
  const mustAccept =
    !accepted &&
    !adminSession &&
    account.accountType === 'SELLER' &&
    terms.publishedAt.getTime() > account.createdAt.getTime();
  return {
    tcVersionId: terms.id,
    accepted,
    acceptedAt: accepted ? latest.createdAt.toISOString() : null,
    mustAccept,
  };
}

export async function accountInfo(
  db: Db,
  accountId: number,
  links: FileLinks,
  adminSession = false,
): Promise<AccountInfo> {
  const { account, org } = await load(db, accountId);
  const claims = claimsFor(account, org);
  const wallet = account.orgId === null ? null : await spendableWallet(db, account.orgId);
  const paise = wallet?.balancePaise ?? 0;
  const o: Partial<OrgRow> = org ?? {};
  return {
    firstName: account.firstName,
    lastName: account.lastName,
    walletBalance: rupeesOf(paise),
    walletBalancePaise: paise,
    wallet,
    kycVerified: o.kycVerified ?? false,
    email: account.email,
    phone: account.phone,
    // what the role allows as it stands now: the menus hide or disable the rest
    // staff: what their staff role allows (src/domain/staff-permissions.ts), for the console's menu and guard
    permissions:
      account.accountType === 'SELLER'
        ? [...((await standingOf(db, account.id))?.permissions ?? [])]
        : [...staffPermissionsOf(account.staffRole)],
    smartPackageSelectionEnabled: o.smartPackageSelectionEnabled ?? false,
    mergedShippingLabelsAllowed: o.mergedShippingLabelsAllowed ?? false,
    postpaidWallet: o.postpaidWallet ?? false,
    role: account.role,
    subscriptionType: claims.st,
    subscriptionExpiryDate: o.subscriptionExpiryDate?.toISOString() ?? null,
    addressLine1: o.addressLine1 ?? null,
    companyLogoUrl: logoUrl(o.companyLogoFileId),
    companySignUrl: signUrl(links, o.companySignFileId),
    termsAndConditionsDetailsInfoDTO: await termsStatus(db, account, adminSession),
    hasPendingDowngradeRequest: o.hasPendingDowngradeRequest ?? false,
    subscriptionBillingFrequency: o.subscriptionBillingFrequency ?? null,
    betaFeaturesEnabled: o.betaFeaturesEnabled ?? false,
    betaFeatures: o.betaFeaturesEnabled ?? false,
    previousPaidSubscriptionsBool: o.previousPaidSubscriptions ?? false,
    companyName: o.companyName ?? null,
    mustChangePassword: account.mustChangePassword,
    homeTourSeen: adminSession || account.homeTourSeenAt !== null,
  };
}

/** The login has seen the home tour: it is not offered again on any device. A staff session changes nothing. */
export async function markHomeTourSeen(db: Db, accountId: number, adminSession: boolean): Promise<{ message: string }> {
  if (!adminSession)
    await db
      .update(accounts)
      .set({ homeTourSeenAt: new Date() })
      .where(and(eq(accounts.id, accountId), isNull(accounts.homeTourSeenAt)));
  return { message: 'Tour seen' };
}

export async function companyProfile(db: Db, orgId: number | null, links: FileLinks): Promise<CompanyProfile> {
  const [org] = orgId === null ? [] : await db.select().from(organisations).where(eq(organisations.id, orgId));
  if (!org) throw notFound('Company not found');
  return {
    companyName: org.companyName,
    addressLine1: org.addressLine1,
    gstin: org.gstin,
    companyLogoUrl: logoUrl(org.companyLogoFileId),
    companySignUrl: signUrl(links, org.companySignFileId),
  };
}

export async function updateProfile(
  db: Db,
  accountId: number,
  input: { firstName: string; lastName: string },
): Promise<void> {
  await db.update(accounts).set(input).where(eq(accounts.id, accountId));
}

/** The owner names the company and its address (shown on labels and invoices). */
export async function updateCompany(
  db: Db,
  orgId: number,
  input: { companyName: string; addressLine1: string | null },
  links: FileLinks,
): Promise<CompanyProfile> {
  await db.update(organisations).set(input).where(eq(organisations.id, orgId));
  return companyProfile(db, orgId, links);
}

/** Stores an uploaded logo or signature and makes it the company's; answers its address. */
export async function uploadCompanyImage(
  db: Db,
  orgId: number,
  which: 'logo' | 'sign',
  file: { name: string; bytes: Uint8Array },
  now: Date,
  links: FileLinks,
): Promise<{ url: string }> {
  const id = await storeImage(db, { orgId, name: file.name, bytes: file.bytes, now, public: which === 'logo' });
  await setCompanyImage(db, orgId, which, id);
  return { url: which === 'logo' ? API.file(id) : links(id) };
}

export async function setCompanyImage(db: Db, orgId: number, which: 'logo' | 'sign', fileId: string): Promise<void> {
  const column = which === 'logo' ? { companyLogoFileId: fileId } : { companySignFileId: fileId };
  await db.update(organisations).set(column).where(eq(organisations.id, orgId));
}

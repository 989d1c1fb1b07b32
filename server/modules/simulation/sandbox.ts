import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db, Tx } from '../../db/client';
import { accounts, organisations, pickupAddresses } from '../../db/schema';
import { hashPassword } from '../auth/passwords';
import { createOrganisationWithOwner } from '../registration/create-owner';
import { setCreditLimit } from '../wallet/ledger';

// The platform's own simulation sandbox: an organisation Dakiya owns, made the first time staff ask
// for a test order, on which every test order is made, shipped and charged. A simulation therefore
// never touches a seller's wallet, ledger, order list, counts, reports or remittance. Its owner login
// is locked with a password nobody knows (no one logs in as it); its wallet is postpaid, so the
// booking charges are the sandbox's own debt to the platform and no money is made up to pay them.
// docs/decisions/live-events.md.

export const SIMULATION_SANDBOX = {
  companyName: 'Dakiya simulation sandbox',
  ownerEmail: 'simulation-sandbox@dakiya.in',
  /** ₹1 crore: more than a hundred thousand test orders */
  creditLimitPaise: 1_000_000_000,
} as const;

/** The 409 of a simulated step or run on an order that is not the sandbox's. */
export const SIMULATION_SANDBOX_ONLY =
  'Only test orders take simulated steps: a seller’s own order moves by its courier’s scans alone. Create a test order instead.';

/** Whether an organisation is the simulation sandbox (none until the first test order). */
export async function isSandboxOrg(db: Db, orgId: number): Promise<boolean> {
  const [owner] = await db
    .select({ orgId: accounts.orgId })
    .from(accounts)
    .where(eq(accounts.email, SIMULATION_SANDBOX.ownerEmail));
  return owner?.orgId === orgId;
}

/** Where a test order ships from: the seller's pickup address as it stands. */
export interface PickupToCopy {
  entityName: string;
  phone: string;
  email: string;
  addressLine1: string;
  addressLine2: string | null;
  pincode: string;
  city: string;
  state: string;
}

async function sandboxOwner(tx: Tx, now: Date): Promise<{ orgId: number; accountId: number }> {
  const [found] = await tx
    .select({ orgId: accounts.orgId, accountId: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, SIMULATION_SANDBOX.ownerEmail));
  if (found?.orgId) return { orgId: found.orgId, accountId: found.accountId };
  const made = await createOrganisationWithOwner(tx, {
    companyName: SIMULATION_SANDBOX.companyName,
    firstName: 'Simulation',
    lastName: 'Sandbox',
    email: SIMULATION_SANDBOX.ownerEmail,
    phone: '9000000000',
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    enabled: false,
    terms: null,
    now,
  });
  await tx.update(accounts).set({ locked: true }).where(eq(accounts.id, made.accountId));
  // the platform is its own known customer: nothing to verify before the sandbox books
  await tx
    .update(organisations)
    .set({ postpaidWallet: true, kycVerified: true })
    .where(eq(organisations.id, made.orgId));
  await setCreditLimit(tx, made.orgId, SIMULATION_SANDBOX.creditLimitPaise);
  return made;
}

async function sandboxPickup(tx: Tx, orgId: number, from: PickupToCopy, now: Date): Promise<number> {
  const [same] = await tx
    .select({ id: pickupAddresses.id })
    .from(pickupAddresses)
    .where(
      and(
        eq(pickupAddresses.orgId, orgId),
        eq(pickupAddresses.pincode, from.pincode),
        eq(pickupAddresses.addressLine1, from.addressLine1),
        isNull(pickupAddresses.deletedAt),
      ),
    )
    .limit(1);
  if (same) return same.id;
  const [made] = await tx
    .insert(pickupAddresses)
    .values({
      orgId,
      entityName: from.entityName,
      phone: from.phone,
      email: from.email,
      addressLine1: from.addressLine1,
      addressLine2: from.addressLine2,
      pincode: from.pincode,
      city: from.city,
      state: from.state,
      isPrimary: false,
      verifiedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: pickupAddresses.id });
  return made.id;
}

/**
 * The sandbox (made on first use) and its copy of the pickup address a test order ships from.
 * One at a time under a transaction lock, so test orders asked for together make one sandbox.
 */
export async function simulationSandbox(
  deps: AppDeps,
  from: PickupToCopy,
): Promise<{ orgId: number; accountId: number; pickupId: number }> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('simulation-sandbox'))`);
    const owner = await sandboxOwner(tx, now);
    return { ...owner, pickupId: await sandboxPickup(tx, owner.orgId, from, now) };
  });
}

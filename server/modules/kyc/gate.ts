import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { organisations } from '../../db/schema';
import { kycShipRefusal } from '../../../src/domain/kyc/ship-refusal';
import { sellerView } from './service';

// Booking needs verified KYC: the booking policy (modules/booking/eligibility.ts) asks here and
// refuses with what exactly is missing (src/domain/kyc/ship-refusal.ts), which the screens link to
// its KYC step.

/** Why the seller may not book yet, or null when their KYC is verified. */
export async function kycRefusal(deps: AppDeps, orgId: number): Promise<string | null> {
  const [o] = await deps.db
    .select({ kycVerified: organisations.kycVerified })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  if (o?.kycVerified) return null;
  return kycShipRefusal(await sellerView(deps, orgId)).text;
}

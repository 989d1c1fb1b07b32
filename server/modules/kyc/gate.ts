import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { organisations } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { kycShipRefusal } from '../../../src/domain/kyc/ship-refusal';
import { sellerView } from './service';

// Booking needs verified KYC: forward shipments (ship, auto-ship, reassign, split parts) and
// reverse pickups ask here before anything is booked, and are refused with what exactly is
// missing (src/domain/kyc/ship-refusal.ts), which the screens link to its KYC step.

export async function assertKycVerified(deps: AppDeps, orgId: number): Promise<void> {
  const [o] = await deps.db
    .select({ kycVerified: organisations.kycVerified })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  if (o?.kycVerified) return;
  const view = await sellerView(deps, orgId);
  throw new ApiError(403, kycShipRefusal(view).text);
}

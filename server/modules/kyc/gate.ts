import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisations } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { MSG } from '../../../src/domain/messages';

// Booking needs verified KYC: forward shipments (ship, auto-ship, reassign) and reverse pickups
// ask here before anything is booked, and are refused with one message that the screens show
// with a link to /kyc.

export async function assertKycVerified(db: Db, orgId: number): Promise<void> {
  const [o] = await db
    .select({ kycVerified: organisations.kycVerified })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  if (!o?.kycVerified) throw new ApiError(403, MSG.kycRequired);
}

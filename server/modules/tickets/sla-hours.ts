import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organisations } from '../../db/schema';
import type { TicketPriority } from '../../../src/domain/tickets-contract';
import { supportDue, type SupportLine } from '../../../src/domain/support-desk';

/**
 * The support line and due times the seller's plan promises, as the plan stands when a ticket is
 * raised, reopened or reprioritised: round the clock (Pro, Premium) or in working hours (Free, Lite).
 */
export async function supportDueOfOrg(
  db: Executor,
  orgId: number,
  priority: TicketPriority,
  from: Date,
): Promise<{ supportLine: SupportLine; firstResponseDue: Date; resolutionDue: Date }> {
  const [org] = await db
    .select({ plan: organisations.subscriptionType })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  return supportDue(priority, from, org?.plan ?? 'LITE');
}

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisations } from '../../db/schema';
import { slaHoursOf, type TICKET_SLA_HOURS } from '../../../src/domain/tickets-contract';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The service levels of the seller's plan as it stands when a ticket is raised, reopened or reprioritised. */
export async function slaHoursOfOrg(db: Db | Tx, orgId: number): Promise<typeof TICKET_SLA_HOURS> {
  const [org] = await db
    .select({ plan: organisations.subscriptionType })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  return slaHoursOf(org?.plan ?? 'LITE');
}

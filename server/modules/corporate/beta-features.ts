import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { organisations } from '../../db/schema';
import { notFound } from '../../http/errors';
import { accountWithOrg } from '../auth/account-repository';
import { auditChange, type AuditActor } from '../audit/service';
import type { BetaFeaturesInput } from '../../../src/domain/schemas/staff';

// Early access is the organisation's: every login of the seller lands on the new orders page
// (the beta guard reads betaFeaturesEnabled from the account info) from its next page load.

export async function setBetaFeatures(
  deps: AppDeps,
  actor: AuditActor,
  accountId: number,
  input: BetaFeaturesInput,
): Promise<{ accountId: number; betaFeaturesEnabled: boolean }> {
  const found = await accountWithOrg(deps.db, accountId);
  if (!found || found.account.accountType !== 'SELLER' || !found.org) throw notFound('Account not found');
  const org = found.org;
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(organisations).set({ betaFeaturesEnabled: input.enabled }).where(eq(organisations.id, org.id));
    await auditChange(
      tx,
      actor,
      {
        action: `organisation.beta-features.${input.enabled ? 'on' : 'off'}`,
        entityType: 'organisation',
        entityId: org.id,
        before: { betaFeaturesEnabled: org.betaFeaturesEnabled },
        after: { betaFeaturesEnabled: input.enabled },
        reason: input.reason.trim(),
      },
      now,
    );
  });
  return { accountId, betaFeaturesEnabled: input.enabled };
}

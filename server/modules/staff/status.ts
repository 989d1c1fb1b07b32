import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import type { AuditActor } from '../audit/service';
import { setAccountActive } from '../auth/service';
import { endStaffImpersonations } from '../corporate/impersonations';

// Ending a staff login: someone who left, or whose access is under review. The ADMIN turns it off
// with a reason, exactly as staff turn off a seller's (every session ends at once, login refused),
// and any admin session it has open as a seller ends with it.
// Never one's own: the admin who asks stays an active admin, so the console always keeps one.

export const STAFF_SELF_DEACTIVATION = 'You cannot change the status of your own login: another admin can';

export async function setStaffActive(
  deps: AppDeps,
  actor: AuditActor,
  accountId: number,
  input: { activated: boolean; reason: string },
): Promise<{ accountId: number; activated: boolean }> {
  if (accountId === actor.staffId) throw badRequest(STAFF_SELF_DEACTIVATION);
  const changed = await setAccountActive(deps, actor, accountId, input, 'DAKIYA');
  // after the login is off (no new admin session can begin), the ones it has open end too
  if (!input.activated) await endStaffImpersonations(deps.db, actor, accountId, deps.now());
  return changed;
}

import type { AppDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import type { AuditActor } from '../audit/service';
import { setAccountActive } from '../auth/service';

// Ending a staff login: someone who left, or whose access is under review. The ADMIN turns it off
// with a reason, exactly as staff turn off a seller's (every session ends at once, login refused).
// Never one's own: the admin who asks stays an active admin, so the console always keeps one.

export const STAFF_SELF_DEACTIVATION = 'You cannot change the status of your own login: another admin can';

export async function setStaffActive(
  deps: AppDeps,
  actor: AuditActor,
  accountId: number,
  input: { activated: boolean; reason: string },
): Promise<{ accountId: number; activated: boolean }> {
  if (accountId === actor.staffId) throw badRequest(STAFF_SELF_DEACTIVATION);
  return setAccountActive(deps, actor, accountId, input, 'DAKIYA');
}

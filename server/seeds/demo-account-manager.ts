import type { Db } from '../db/client';
import { keyAccountManagers } from '../db/schema';
import { accountByEmail } from '../modules/auth/account-repository';

// Meera Crafts is on Pro, so Ritu Das of support looks after it as its key account manager: the demo's
// help page names her, and Meera's new tickets land in her queue. Only when nobody was named yet.

export async function seedDemoAccountManager(db: Db, now: Date): Promise<void> {
  const meera = await accountByEmail(db, 'meera@demo.dakiya.in');
  const support = await accountByEmail(db, 'support@dakiya.in');
  const admin = await accountByEmail(db, 'ops@dakiya.in');
  if (!meera?.orgId || !support || !admin) return;
  await db
    .insert(keyAccountManagers)
    .values({ orgId: meera.orgId, managerId: support.id, assignedBy: admin.id, assignedAt: now })
    .onConflictDoNothing();
}

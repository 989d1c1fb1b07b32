import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import type { FirstStaffAdmin } from '../config';
import { accounts } from '../db/schema';
import { hashPassword, temporaryPassword } from '../modules/auth/passwords';
import { STAFF_FIRST_PASSWORD_TTL_MS } from '../modules/staff/service';

// A server without the demo (production) has no staff login of its own: the corporate area would
// be shut to everyone. The first ADMIN is named in the environment and made at the first start that
// finds no ADMIN, with a temporary password that only this start prints, valid a day, to be changed
// at the first login (as a staff member an ADMIN adds is). Nothing is made while an ADMIN exists,
// so a restart, or a second web process starting beside this one, makes no second login.

export type FirstStaffAdminOutcome =
  | { kind: 'created'; email: string; temporaryPassword: string; expiresAt: Date }
  /** an ADMIN is there already */
  | { kind: 'present' }
  /** no ADMIN and none named: the corporate area has no login yet */
  | { kind: 'missing' }
  /** no ADMIN, and the named email is another login's (a seller's): none is made */
  | { kind: 'taken'; email: string };

export async function ensureFirstStaffAdmin(
  deps: Pick<AppDeps, 'db' | 'now'>,
  admin: FirstStaffAdmin | null,
): Promise<FirstStaffAdminOutcome> {
  const { db } = deps;
  const adminPresent = async () =>
    (
      await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.accountType, 'DAKIYA'), eq(accounts.staffRole, 'ADMIN')))
        .limit(1)
    ).length > 0;
  if (await adminPresent()) return { kind: 'present' };
  if (!admin) return { kind: 'missing' };
  const now = deps.now();
  const password = temporaryPassword();
  const expiresAt = new Date(now.getTime() + STAFF_FIRST_PASSWORD_TTL_MS);
  const [row] = await db
    .insert(accounts)
    .values({
      ...admin,
      accountType: 'DAKIYA',
      role: 'DAKIYA',
      staffRole: 'ADMIN',
      orgId: null,
      enabled: true,
      // no one knows this one: the printed temporary password opens the first login
      passwordHash: await hashPassword(temporaryPassword()),
      temporaryPasswordHash: await hashPassword(password),
      temporaryPasswordExpiresAt: expiresAt,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: accounts.id });
  // another process made it first (nothing to print here), or the email is another login's
  if (!row) return (await adminPresent()) ? { kind: 'present' } : { kind: 'taken', email: admin.email };
  return { kind: 'created', email: admin.email, temporaryPassword: password, expiresAt };
}

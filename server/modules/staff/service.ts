import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Messenger } from '../../messaging/messenger';
import { letter } from '../../messaging/letter';
import { MSG } from '../../../src/domain/messages';
import { hashPassword, temporaryPassword } from '../auth/passwords';
import { accountByEmail } from '../auth/account-repository';
import type { Caller } from '../../http/router';
import type { StaffMe, StaffUserRow } from '../../../src/domain/staff-contract';
import { isStaffRole, staffPermissionsOf, type StaffRole } from '../../../src/domain/staff-permissions';
import { auditChange, type AuditActor } from '../audit/service';

// Staff logins and their roles. The router reads a staff login's role as it stands now, so a
// change applies at the next call; the ADMIN changes roles, never their own (no lock-out).

/** The router's check (server/http/router.ts): a staff login's role now, null when it has none. */
export function staffStanding(db: Db) {
  return async (caller: Caller): Promise<string | null> => {
    const [row] = await db
      .select({ staffRole: accounts.staffRole })
      .from(accounts)
      .where(and(eq(accounts.id, caller.accountId), eq(accounts.accountType, 'DAKIYA')));
    return row?.staffRole ?? null;
  };
}

export async function staffMe(db: Db, caller: Caller): Promise<StaffMe> {
  const role = await staffStanding(db)(caller);
  return { accountId: caller.accountId, staffRole: role, permissions: [...staffPermissionsOf(role)] };
}

const toRow = (a: typeof accounts.$inferSelect): StaffUserRow => ({
  accountId: a.id,
  firstName: a.firstName,
  lastName: a.lastName,
  email: a.email,
  staffRole: a.staffRole && isStaffRole(a.staffRole) ? a.staffRole : null,
  lastLoginAt: a.lastLoginAt?.toISOString() ?? null,
  active: !a.staffDeactivatedAt,
  deactivatedAt: a.staffDeactivatedAt?.toISOString() ?? null,
});

export async function listStaff(db: Db): Promise<StaffUserRow[]> {
  const rows = await db.select().from(accounts).where(eq(accounts.accountType, 'DAKIYA')).orderBy(asc(accounts.email));
  return rows.map(toRow);
}

export async function setStaffRole(
  db: Db,
  actor: AuditActor,
  accountId: number,
  input: { staffRole: StaffRole; reason: string },
  now: Date,
): Promise<StaffUserRow> {
  if (accountId === actor.staffId) throw badRequest('Staff role: you cannot change your own role');
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, accountId), eq(accounts.accountType, 'DAKIYA')))
      .for('update');
    if (!before) throw notFound('Staff member not found');
    const [after] = await tx
      .update(accounts)
      .set({ staffRole: input.staffRole })
      .where(eq(accounts.id, accountId))
      .returning();
    await auditChange(
      tx,
      actor,
      {
        action: 'staff.role',
        entityType: 'account',
        entityId: accountId,
        before: { staffRole: before.staffRole },
        after: { staffRole: after.staffRole },
        reason: input.reason,
      },
      now,
    );
    return toRow(after);
  });
}

/** How long a new staff member's first password works. */
export const STAFF_FIRST_PASSWORD_TTL_MS = 24 * 3_600_000;

/**
 * A new staff login with its role. Its only password is a temporary one, emailed, valid for a
 * day and good for one login, after which the new member sets their own (as after a reset).
 */
export async function createStaff(
  db: Db,
  messenger: Messenger,
  actor: AuditActor,
  input: { firstName: string; lastName: string; email: string; phone: string; staffRole: StaffRole },
  now: Date,
): Promise<StaffUserRow> {
  if (await accountByEmail(db, input.email)) throw conflict(MSG.emailTaken);
  const password = temporaryPassword();
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accounts)
      .values({
        ...input,
        accountType: 'DAKIYA',
        role: 'DAKIYA',
        orgId: null,
        enabled: true,
        // no one knows this one: the emailed temporary password opens the first login
        passwordHash: await hashPassword(temporaryPassword()),
        temporaryPasswordHash: await hashPassword(password),
        temporaryPasswordExpiresAt: new Date(now.getTime() + STAFF_FIRST_PASSWORD_TTL_MS),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(MSG.emailTaken);
    await auditChange(
      tx,
      actor,
      {
        action: 'staff.create',
        entityType: 'account',
        entityId: row.id,
        before: null,
        after: { email: row.email, staffRole: row.staffRole },
      },
      now,
    );
    return row;
  });
  await messenger.send(
    letter(created.email, 'Your Dakiya staff login', created.firstName, [
      `A Dakiya admin made you a staff login (${input.staffRole.replace('_', ' ').toLowerCase()}). Your temporary password is: ${password}`,
      'It is valid for 24 hours and works once: log in with your email and it, and you will be asked to set your own password.',
    ]),
  );
  return toRow(created);
}

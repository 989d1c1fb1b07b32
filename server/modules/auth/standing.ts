import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, teamRoles } from '../../db/schema/index';
import type { Caller } from '../../http/router';
import { builtInPermissions, mayUse } from '../../../src/domain/permissions';

export interface Standing {
  role: string;
  /** the role's name as the team sees it (a built-in role's code, or the owner's own role's name) */
  roleName: string;
  teamRoleId: number | null;
  permissions: readonly string[];
}

/** A login's role and permissions as they stand now: a role the owner made, else its built-in role. */
export async function standingOf(db: Db, accountId: number): Promise<Standing | null> {
  const [row] = await db
    .select({
      role: accounts.role,
      teamRoleId: accounts.teamRoleId,
      name: teamRoles.name,
      perms: teamRoles.permissions,
    })
    .from(accounts)
    .leftJoin(teamRoles, eq(teamRoles.id, accounts.teamRoleId))
    .where(eq(accounts.id, accountId));
  if (!row) return null;
  if (row.role !== 'OWNER' && row.teamRoleId !== null && row.perms)
    return { role: row.role, roleName: row.name ?? row.role, teamRoleId: row.teamRoleId, permissions: row.perms };
  return { role: row.role, roleName: row.role, teamRoleId: null, permissions: builtInPermissions(row.role) };
}

/** The router's check (server/http/router.ts): an account that is gone may do nothing. */
export function teamStanding(db: Db) {
  return async (caller: Caller) => (await standingOf(db, caller.accountId)) ?? { role: 'NONE', permissions: [] };
}

/** May this login read buyers' phone and email whole ("see buyer contact details"; the OWNER always)? */
export async function seesBuyerContact(db: Db, caller: Pick<Caller, 'accountId'>): Promise<boolean> {
  const standing = await standingOf(db, caller.accountId);
  return !!standing && mayUse(standing.role, standing.permissions, 'buyers.contact');
}

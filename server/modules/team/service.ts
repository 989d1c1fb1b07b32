import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db, Tx, Executor } from '../../db/client';
import { accounts, invitations, organisations, teamRoles } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { SellerCaller } from '../../http/router';
import { isUniqueViolation } from '../../db/unique-violation';
import { hashPassword } from '../auth/passwords';
import { endEverySession } from '../auth/refresh-tokens';
import { forgetSessionStanding } from '../auth/sessions';
import { BUILT_IN_ROLES, type Permission } from '../../../src/domain/permissions';
import { planOf } from '../../../src/domain/plans';
import { MSG } from '../../../src/domain/messages';
import type { Invitation, TeamRole, TeamUser, TeamUsers } from '../../../src/domain/team-contract';

// The OWNER's team: logins of the organisation, their roles, invitations. A login beyond the
// plan's allowance is refused (counted under the organisation's lock, so two invitations at once
// cannot both take the last place). Deactivated logins are kept, never deleted.

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;
export const LOGIN_LIMIT_REACHED = (allowed: number, plan: string) =>
  `Your ${plan} plan allows ${allowed} login${allowed === 1 ? '' : 's'}. Upgrade your plan to add more users.`;
const NO_SUCH_USER = 'No such user in your team';
const NO_SUCH_ROLE = 'No such role';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Locks the organisation row: every change of its logins count runs one at a time. */
async function lockOrg(tx: Executor, orgId: number) {
  const [org] = await tx
    .select({ plan: organisations.subscriptionType, name: organisations.companyName })
    .from(organisations)
    .where(eq(organisations.id, orgId))
    .for('update');
  if (!org) throw notFound('No such organisation');
  return org;
}

/** Logins that count against the plan: every seller login of the organisation not deactivated. */
export async function liveLogins(db: Executor, orgId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accounts)
    .where(and(eq(accounts.orgId, orgId), isNull(accounts.deactivatedAt)));
  return Number(row?.n ?? 0);
}

async function assertRoomForOneMore(tx: Executor, orgId: number, plan: string) {
  const allowance = planOf(plan);
  if ((await liveLogins(tx, orgId)) >= allowance.logins)
    throw forbidden(LOGIN_LIMIT_REACHED(allowance.logins, allowance.name));
}

async function ownRole(db: Executor, orgId: number, teamRoleId: number) {
  const [row] = await db
    .select()
    .from(teamRoles)
    .where(and(eq(teamRoles.id, teamRoleId), eq(teamRoles.orgId, orgId)));
  if (!row) throw notFound(NO_SUCH_ROLE);
  return row;
}

function statusOf(a: { enabled: boolean; deactivatedAt: Date | null }): TeamUser['status'] {
  if (a.deactivatedAt) return 'DEACTIVATED';
  return a.enabled ? 'ACTIVE' : 'INVITED';
}

export async function listUsers(db: Db, orgId: number): Promise<TeamUsers> {
  const rows = await db
    .select({
      accountId: accounts.id,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      username: accounts.username,
      email: accounts.email,
      phone: accounts.phone,
      role: accounts.role,
      teamRoleId: accounts.teamRoleId,
      roleName: teamRoles.name,
      enabled: accounts.enabled,
      deactivatedAt: accounts.deactivatedAt,
      lastLoginAt: accounts.lastLoginAt,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .leftJoin(teamRoles, eq(teamRoles.id, accounts.teamRoleId))
    .where(eq(accounts.orgId, orgId))
    .orderBy(asc(accounts.id));
  const [org] = await db
    .select({ plan: organisations.subscriptionType })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  const items = rows.map((r) => ({
    accountId: r.accountId,
    firstName: r.firstName,
    lastName: r.lastName,
    username: r.username,
    email: r.email,
    phone: r.phone,
    role: r.role,
    roleName: r.roleName ?? BUILT_IN_ROLES[r.role as keyof typeof BUILT_IN_ROLES]?.label ?? r.role,
    teamRoleId: r.teamRoleId,
    status: statusOf(r),
    lastLoginAt: iso(r.lastLoginAt),
    createdAt: iso(r.createdAt)!,
  }));
  return {
    items,
    loginsUsed: items.filter((u) => u.status !== 'DEACTIVATED').length,
    loginsAllowed: planOf(org?.plan ?? 'LITE').logins,
  };
}

async function userOf(db: Db, orgId: number, accountId: number): Promise<TeamUser> {
  const found = (await listUsers(db, orgId)).items.find((u) => u.accountId === accountId);
  if (!found) throw notFound(NO_SUCH_USER);
  return found;
}

export interface InviteInput {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string;
  role: 'SELLER' | 'USER';
  teamRoleId?: number | null;
}

/** A new login of the organisation and an email with a link to set its password. */
export async function inviteUser(deps: AppDeps, caller: SellerCaller, input: InviteInput): Promise<TeamUser> {
  const now = deps.now();
  const token = newInvitationToken();
  let accountId: number;
  try {
    accountId = await deps.db.transaction(async (tx) => {
      const org = await lockOrg(tx, caller.orgId);
      if (input.teamRoleId) await ownRole(tx, caller.orgId, input.teamRoleId);
      await assertRoomForOneMore(tx, caller.orgId, org.plan);
      const [row] = await tx
        .insert(accounts)
        .values({
          orgId: caller.orgId,
          accountType: 'SELLER',
          role: input.teamRoleId ? 'USER' : input.role,
          teamRoleId: input.teamRoleId ?? null,
          email: input.email,
          phone: input.phone,
          firstName: input.firstName,
          lastName: input.lastName,
          username: input.username,
          // no password until the invitation is accepted: this hash matches nothing anyone knows
          passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
          enabled: false,
          createdAt: now,
        })
        .returning({ id: accounts.id });
      await storeInvitation(tx, row.id, token, now);
      return row.id;
    });
  } catch (e) {
    if (isUniqueViolation(e, 'accounts_org_username_uq')) throw conflict(MSG.usernameTaken);
    if (isUniqueViolation(e)) throw conflict('An account with this email already exists');
    throw e;
  }
  const [org] = await deps.db
    .select({ name: organisations.companyName })
    .from(organisations)
    .where(eq(organisations.id, caller.orgId));
  await sendInvitation(deps, input.email, input.firstName, org?.name ?? 'a seller', token);
  return userOf(deps.db, caller.orgId, accountId);
}

/** A new invitation's token: only its hash is stored. */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function storeInvitation(tx: Executor, accountId: number, token: string, now: Date): Promise<void> {
  await tx.insert(invitations).values({
    accountId,
    tokenHash: tokenHash(token),
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    createdAt: now,
  });
}

/** The email with the link to set a password (the development mailbox shows it when no mail is set up). */
export async function sendInvitation(
  deps: AppDeps,
  email: string,
  firstName: string,
  companyName: string,
  token: string,
) {
  const link = `${deps.config.publicUrl}/invite/${token}`;
  await deps.messenger.send({
    channel: 'EMAIL',
    recipient: email,
    subject: `You are invited to ${companyName} on Dakiya`,
    body: `Hello ${firstName},\n\nYou have been added to ${companyName} on Dakiya. Set your password here (the link works once, for 7 days):\n${link}\n`,
  });
}

async function invitationByToken(db: Executor, token: string, now: Date) {
  const [row] = await db
    .select({
      id: invitations.id,
      accountId: invitations.accountId,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      email: accounts.email,
      firstName: accounts.firstName,
      deactivatedAt: accounts.deactivatedAt,
      companyName: organisations.companyName,
    })
    .from(invitations)
    .innerJoin(accounts, eq(accounts.id, invitations.accountId))
    .innerJoin(organisations, eq(organisations.id, accounts.orgId))
    .where(eq(invitations.tokenHash, tokenHash(token)));
  if (!row || row.acceptedAt || row.deactivatedAt || row.expiresAt.getTime() <= now.getTime())
    throw notFound('This invitation link is not valid any more. Ask the account owner for a new one.');
  return row;
}

export async function readInvitation(deps: AppDeps, token: string): Promise<Invitation> {
  const row = await invitationByToken(deps.db, token, deps.now());
  return { email: row.email, firstName: row.firstName, companyName: row.companyName };
}

/** Sets the password of an invited login; the link works once (two tabs at once: one wins). */
export async function acceptInvitation(deps: AppDeps, token: string, password: string): Promise<{ email: string }> {
  const now = deps.now();
  const passwordHash = await hashPassword(password);
  return deps.db.transaction(async (tx) => {
    const row = await invitationByToken(tx, token, now);
    const taken = await tx
      .update(invitations)
      .set({ acceptedAt: now })
      .where(and(eq(invitations.id, row.id), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    if (!taken.length)
      throw notFound('This invitation link is not valid any more. Ask the account owner for a new one.');
    await tx.update(accounts).set({ passwordHash, enabled: true }).where(eq(accounts.id, row.accountId));
    return { email: row.email };
  });
}

async function teamMember(db: Executor, orgId: number, accountId: number) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.orgId, orgId)));
  if (!row) throw notFound(NO_SUCH_USER);
  if (row.role === 'OWNER' || row.role === 'LOCKED_OWNER')
    throw forbidden("The owner's own login cannot be changed here");
  return row;
}

export async function editUser(
  deps: AppDeps,
  caller: SellerCaller,
  accountId: number,
  input: { role: 'SELLER' | 'USER'; teamRoleId?: number | null },
): Promise<TeamUser> {
  await teamMember(deps.db, caller.orgId, accountId);
  if (input.teamRoleId) await ownRole(deps.db, caller.orgId, input.teamRoleId);
  await deps.db
    .update(accounts)
    .set({ role: input.teamRoleId ? 'USER' : input.role, teamRoleId: input.teamRoleId ?? null })
    .where(eq(accounts.id, accountId));
  return userOf(deps.db, caller.orgId, accountId);
}

/** Deactivate (no login, every session ends now; kept with its history) or reactivate within the plan. */
export async function setUserActive(
  deps: AppDeps,
  caller: SellerCaller,
  accountId: number,
  activated: boolean,
): Promise<TeamUser> {
  const now = deps.now();
  if (activated) {
    await deps.db.transaction(async (tx) => {
      const org = await lockOrg(tx, caller.orgId);
      const member = await teamMember(tx, caller.orgId, accountId);
      if (!member.deactivatedAt) return;
      await assertRoomForOneMore(tx, caller.orgId, org.plan);
      await tx.update(accounts).set({ deactivatedAt: null, locked: false }).where(eq(accounts.id, accountId));
    });
    forgetSessionStanding(deps.db, { accountId });
  } else {
    await teamMember(deps.db, caller.orgId, accountId);
    await endEverySession(deps.db, accountId, now, (tx) =>
      tx.update(accounts).set({ deactivatedAt: now, locked: true }).where(eq(accounts.id, accountId)),
    );
  }
  return userOf(deps.db, caller.orgId, accountId);
}

/** Deactivates every login beyond what the plan allows, newest first (the owner is never one of them). */
export async function deactivateBeyondAllowance(tx: Tx, deps: AppDeps, orgId: number, plan: string): Promise<number[]> {
  const allowed = planOf(plan).logins;
  const live = await tx
    .select({ id: accounts.id, role: accounts.role })
    .from(accounts)
    .where(and(eq(accounts.orgId, orgId), isNull(accounts.deactivatedAt)))
    .orderBy(asc(accounts.id));
  const keep = new Set(live.filter((a) => a.role === 'OWNER').map((a) => a.id));
  for (const a of live) if (keep.size < allowed) keep.add(a.id);
  const extra = live.filter((a) => !keep.has(a.id)).map((a) => a.id);
  const now = deps.now();
  for (const id of extra) {
    await tx.update(accounts).set({ deactivatedAt: now, locked: true }).where(eq(accounts.id, id));
    await tx
      .update(accounts)
      .set({ sessionEpoch: sql`${accounts.sessionEpoch} + 1` })
      .where(eq(accounts.id, id));
  }
  return extra;
}

// roles

export async function listRoles(db: Db, orgId: number): Promise<TeamRole[]> {
  const users = await db
    .select({ role: accounts.role, teamRoleId: accounts.teamRoleId, n: count() })
    .from(accounts)
    .where(and(eq(accounts.orgId, orgId), isNull(accounts.deactivatedAt)))
    .groupBy(accounts.role, accounts.teamRoleId);
  const builtIn = (['SELLER', 'USER'] as const).map((code) => ({
    roleId: code,
    name: BUILT_IN_ROLES[code].label,
    builtIn: true,
    permissions: [...BUILT_IN_ROLES[code].permissions],
    users: users.filter((u) => u.role === code && u.teamRoleId === null).reduce((s, u) => s + Number(u.n), 0),
  }));
  const own = await db.select().from(teamRoles).where(eq(teamRoles.orgId, orgId)).orderBy(asc(teamRoles.id));
  return [
    ...builtIn,
    ...own.map((r) => ({
      roleId: r.id,
      name: r.name,
      builtIn: false,
      permissions: r.permissions,
      users: users.filter((u) => u.teamRoleId === r.id).reduce((s, u) => s + Number(u.n), 0),
    })),
  ];
}

async function roleRow(db: Db, orgId: number, roleId: number): Promise<TeamRole> {
  const found = (await listRoles(db, orgId)).find((r) => r.roleId === roleId);
  if (!found) throw notFound(NO_SUCH_ROLE);
  return found;
}

const nameTaken = () => conflict('A role with this name exists already');

export async function createRole(
  db: Db,
  orgId: number,
  input: { roleName: string; permissions: string[] },
): Promise<TeamRole> {
  if (Object.values(BUILT_IN_ROLES).some((r) => r.label.toLowerCase() === input.roleName.toLowerCase()))
    throw nameTaken();
  try {
    const [row] = await db
      .insert(teamRoles)
      .values({ orgId, name: input.roleName, permissions: [...new Set(input.permissions)] as Permission[] })
      .returning({ id: teamRoles.id });
    return roleRow(db, orgId, row.id);
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken();
    throw e;
  }
}

export async function updateRole(
  db: Db,
  orgId: number,
  roleId: number,
  input: { roleName: string; permissions: string[] },
): Promise<TeamRole> {
  await ownRole(db, orgId, roleId);
  try {
    await db
      .update(teamRoles)
      .set({ name: input.roleName, permissions: [...new Set(input.permissions)] })
      .where(eq(teamRoles.id, roleId));
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken();
    throw e;
  }
  return roleRow(db, orgId, roleId);
}

export async function deleteRole(db: Db, orgId: number, roleId: number): Promise<{ roleId: number }> {
  const role = await roleRow(db, orgId, roleId);
  const [inUse] = await db.select({ n: count() }).from(accounts).where(eq(accounts.teamRoleId, roleId));
  if (Number(inUse?.n ?? 0) > 0 || role.users > 0)
    throw conflict('Users still have this role: give them another role first');
  await db.delete(teamRoles).where(eq(teamRoles.id, roleId));
  return { roleId };
}

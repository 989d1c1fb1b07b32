import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { pagingEntries } from '../../../src/domain/paging';
import { LoginAnswerSchema } from '../../../src/domain/account-contract';
import { PERMISSION_AREAS } from '../../../src/domain/permissions';
import {
  API_TEAM,
  ConsolidatedOrdersSchema,
  ConsolidatedShipmentsSchema,
  ConsolidatedWalletHistorySchema,
  ConsolidatedWalletSchema,
  InvitationSchema,
  PermissionAreaSchema,
  SubSellerSchema,
  TeamRoleSchema,
  TeamUserSchema,
  TeamUsersSchema,
} from '../../../src/domain/team-contract';
import {
  AcceptInvitationBody,
  EditUserBody,
  InviteUserBody,
  NewSubSellerBody,
  RoleBody,
  SubSellerQuery,
  UserStatusBody,
} from '../../../src/domain/schemas/team';
import * as team from './service';
import * as subSellers from './sub-sellers';

// Routes with no `permission` are the OWNER's alone (deny by default): sub-sellers (spec section 6:
// the OWNER manages them); upgrades and downgrades are in plans/routes.ts.

const TAG = 'team';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const PUBLIC = { kind: 'public' } as const;
const userParam = v.object({ accountId: numericId('accountId') });
const roleParam = v.object({ roleId: numericId('roleId') });
/** A page of the consolidated lists; sellerOrgId narrows them to one sub-seller (or the caller). */
const consolidatedQuery = v.object({ ...pagingEntries, sellerOrgId: v.optional(numericId('sellerOrgId')) });
const userErrors = { 404: 'no such user in your team' };

export function registerTeamRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_TEAM.users,
    tag: TAG,
    access: SELLERS,
    permission: 'users.manage',
    summary: "The organisation's logins with role, status and last login, and the plan's login allowance",
    response: TeamUsersSchema,
    handler: ({ caller }) => team.listUsers(deps.db, caller.orgId),
  });
  router.add({
    method: 'post',
    path: API_TEAM.invite,
    tag: TAG,
    access: SELLERS,
    permission: 'users.manage',
    body: InviteUserBody,
    summary: 'Invite a user: a login with a role, and an email with a link to set its password (7 days, once)',
    errors: { 403: "the plan's login allowance is used up", 404: 'no such role', 409: 'the email has an account' },
    response: TeamUserSchema,
    handler: ({ caller, body }) => team.inviteUser(deps, caller, body),
  });
  router.add({
    method: 'put',
    path: API_TEAM.editUser(':accountId'),
    tag: TAG,
    access: SELLERS,
    permission: 'users.manage',
    params: userParam,
    body: EditUserBody,
    summary: "Change a user's role (a built-in role or one the owner made); it applies at the user's next call",
    errors: userErrors,
    response: TeamUserSchema,
    handler: ({ caller, params, body }) => team.editUser(deps, caller, params.accountId, body),
  });
  router.add({
    method: 'put',
    path: API_TEAM.userStatus(':accountId'),
    tag: TAG,
    access: SELLERS,
    permission: 'users.manage',
    params: userParam,
    body: UserStatusBody,
    summary: 'Deactivate a user (every session ends now; kept with its history) or reactivate one within the plan',
    errors: { ...userErrors, 403: "the plan's login allowance is used up" },
    response: TeamUserSchema,
    handler: ({ caller, params, body }) => team.setUserActive(deps, caller, params.accountId, body.activated),
  });
  router.add({
    method: 'delete',
    path: API_TEAM.deactivateUser(':accountId'),
    tag: TAG,
    access: SELLERS,
    permission: 'users.manage',
    params: userParam,
    summary: 'Deactivate a user (the login is kept, never deleted)',
    errors: userErrors,
    response: TeamUserSchema,
    handler: ({ caller, params }) => team.setUserActive(deps, caller, params.accountId, false),
  });
  router.add({
    method: 'get',
    path: API_TEAM.roles,
    tag: TAG,
    access: SELLERS,
    permission: 'users.manage',
    summary: 'Roles: the built-in Seller and User, and the roles the owner made, with their permissions',
    response: v.array(TeamRoleSchema),
    handler: ({ caller }) => team.listRoles(deps.db, caller.orgId),
  });
  router.add({
    method: 'post',
    path: API_TEAM.roles,
    tag: TAG,
    access: SELLERS,
    permission: 'users.manage',
    body: RoleBody,
    summary: 'Make a role: a name and its permissions',
    errors: { 409: 'the name is taken' },
    response: TeamRoleSchema,
    handler: ({ caller, body }) => team.createRole(deps.db, caller.orgId, body),
  });
  router.add({
    method: 'put',
    path: API_TEAM.role(':roleId'),
    tag: TAG,
    access: SELLERS,
    permission: 'users.manage',
    params: roleParam,
    body: RoleBody,
    summary: "Change a role's name and permissions; its users have the new permissions at their next call",
    errors: { 404: 'no such role', 409: 'the name is taken' },
    response: TeamRoleSchema,
    handler: ({ caller, params, body }) => team.updateRole(deps.db, caller.orgId, params.roleId, body),
  });
  router.add({
    method: 'delete',
    path: API_TEAM.role(':roleId'),
    tag: TAG,
    access: SELLERS,
    permission: 'users.manage',
    params: roleParam,
    summary: 'Delete a role nobody has',
    errors: { 404: 'no such role', 409: 'users still have it' },
    response: v.object({ roleId: v.number() }),
    handler: ({ caller, params }) => team.deleteRole(deps.db, caller.orgId, params.roleId),
  });
  router.add({
    method: 'get',
    path: API_TEAM.permissions,
    tag: TAG,
    access: SELLERS,
    permission: 'self',
    summary: 'Every permission by area and action',
    response: v.array(PermissionAreaSchema),
    handler: () => PERMISSION_AREAS.map((a) => ({ ...a, actions: a.actions.map((x) => ({ ...x })) })),
  });
  router.add({
    method: 'get',
    path: '/api/v1/invitations/:invitationToken',
    tag: TAG,
    access: PUBLIC,
    params: v.object({ invitationToken: v.pipe(v.string(), v.maxLength(200)) }),
    summary: 'Who an invitation link is for (a link used, expired or withdrawn is a 404)',
    errors: { 404: 'the link is not valid any more' },
    response: InvitationSchema,
    handler: ({ params }) => team.readInvitation(deps, params.invitationToken),
  });
  router.add({
    method: 'post',
    path: API_TEAM.acceptInvitation,
    tag: TAG,
    access: PUBLIC,
    body: AcceptInvitationBody,
    summary: 'Set the password of an invited login (the link works once); then log in',
    errors: { 404: 'the link is not valid any more' },
    response: v.object({ email: v.string() }),
    handler: ({ body }) => team.acceptInvitation(deps, body.invitationToken, body.password),
  });
  // sub-sellers
  router.add({
    method: 'get',
    path: API_TEAM.sellers,
    tag: TAG,
    access: SELLERS,
    query: SubSellerQuery,
    summary: 'Sub-seller accounts (parentAccountId is the caller); searchPattern matches company or email',
    response: v.array(SubSellerSchema),
    handler: ({ caller, query }) => subSellers.listSubSellers(deps, caller, query),
  });
  router.add({
    method: 'post',
    path: API_TEAM.newSeller,
    tag: TAG,
    access: SELLERS,
    body: NewSubSellerBody,
    summary: 'A new sub-seller: its own organisation and owner login (an email to set the password)',
    errors: { 403: 'the plan allows no more sub-sellers', 409: 'the email has an account' },
    response: SubSellerSchema,
    handler: ({ caller, body }) => subSellers.createSubSeller(deps, caller, body),
  });
  router.add({
    method: 'post',
    path: API_TEAM.switchSeller(':orgId'),
    tag: TAG,
    access: SELLERS,
    params: v.object({ orgId: numericId('orgId') }),
    summary: 'Switch into a sub-seller: a short session as its owner (it cannot refresh; log in again to come back)',
    errors: { 404: 'no such sub-seller of yours' },
    response: v.object({ accessToken: LoginAnswerSchema.entries.accessToken }),
    handler: ({ caller, params }) => subSellers.switchInto(deps, caller, params.orgId),
  });
  router.add({
    method: 'get',
    path: API_TEAM.consolidatedOrders,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    query: consolidatedQuery,
    summary: 'Orders of the caller and its sub-sellers together, newest first; sellerOrgId narrows to one',
    errors: { 404: 'no such sub-seller of yours' },
    response: ConsolidatedOrdersSchema,
    handler: ({ caller, query }) => subSellers.consolidatedOrders(deps, caller, query),
  });
  router.add({
    method: 'get',
    path: API_TEAM.consolidatedWallets,
    tag: TAG,
    access: SELLERS,
    permission: 'wallet.view',
    summary: 'The wallet balance of the caller and of each sub-seller',
    response: ConsolidatedWalletSchema,
    handler: ({ caller }) => subSellers.consolidatedWallets(deps, caller),
  });
  router.add({
    method: 'get',
    path: API_TEAM.consolidatedWalletHistory,
    tag: TAG,
    access: SELLERS,
    permission: 'wallet.view',
    query: consolidatedQuery,
    summary: 'Wallet lines of the caller and its sub-sellers together, newest first; sellerOrgId narrows to one',
    errors: { 404: 'no such sub-seller of yours' },
    response: ConsolidatedWalletHistorySchema,
    handler: ({ caller, query }) => subSellers.consolidatedWalletHistory(deps, caller, query),
  });
  router.add({
    method: 'get',
    path: API_TEAM.consolidatedShipments,
    tag: TAG,
    access: SELLERS,
    permission: 'orders.view',
    query: consolidatedQuery,
    summary: 'Shipments of the caller and its sub-sellers together, newest booking first; sellerOrgId narrows to one',
    errors: { 404: 'no such sub-seller of yours' },
    response: ConsolidatedShipmentsSchema,
    handler: ({ caller, query }) => subSellers.consolidatedShipments(deps, caller, query),
  });
}

import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { PERMISSION_AREAS } from '../../../src/domain/permissions';
import { API_TEAM } from '../../../src/domain/team-contract';
import * as team from './service';
import * as subSellers from './sub-sellers';

// The team's operations (src/domain/team-contract.ts): who may call each, and its handler.
// Routes with no `permission` are the OWNER's alone (deny by default): sub-sellers (spec section 6:
// the OWNER manages them); upgrades and downgrades are in plans/routes.ts.

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const PUBLIC = { kind: 'public' } as const;

export function registerTeamRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_TEAM.users, {
    access: SELLERS,
    permission: 'users.manage',
    handler: ({ caller }) => team.listUsers(deps.db, caller.orgId),
  });
  router.route(API_TEAM.invite, {
    access: SELLERS,
    permission: 'users.manage',
    handler: ({ caller, body }) => team.inviteUser(deps, caller, body),
  });
  router.route(API_TEAM.editUser, {
    access: SELLERS,
    permission: 'users.manage',
    handler: ({ caller, params, body }) => team.editUser(deps, caller, params.accountId, body),
  });
  router.route(API_TEAM.userStatus, {
    access: SELLERS,
    permission: 'users.manage',
    handler: ({ caller, params, body }) => team.setUserActive(deps, caller, params.accountId, body.activated),
  });
  router.route(API_TEAM.deactivateUser, {
    access: SELLERS,
    permission: 'users.manage',
    handler: ({ caller, params }) => team.setUserActive(deps, caller, params.accountId, false),
  });
  router.route(API_TEAM.roles, {
    access: SELLERS,
    permission: 'users.manage',
    handler: ({ caller }) => team.listRoles(deps.db, caller.orgId),
  });
  router.route(API_TEAM.addRole, {
    access: SELLERS,
    permission: 'users.manage',
    handler: ({ caller, body }) => team.createRole(deps.db, caller.orgId, body),
  });
  router.route(API_TEAM.editRole, {
    access: SELLERS,
    permission: 'users.manage',
    handler: ({ caller, params, body }) => team.updateRole(deps.db, caller.orgId, params.roleId, body),
  });
  router.route(API_TEAM.deleteRole, {
    access: SELLERS,
    permission: 'users.manage',
    handler: ({ caller, params }) => team.deleteRole(deps.db, caller.orgId, params.roleId),
  });
  router.route(API_TEAM.permissions, {
    access: SELLERS,
    permission: 'self',
    handler: () => PERMISSION_AREAS.map((a) => ({ ...a, actions: a.actions.map((x) => ({ ...x })) })),
  });
  router.route(API_TEAM.invitation, {
    access: PUBLIC,
    handler: ({ params }) => team.readInvitation(deps, params.invitationToken),
  });
  router.route(API_TEAM.acceptInvitation, {
    access: PUBLIC,
    handler: ({ body }) => team.acceptInvitation(deps, body.invitationToken, body.password),
  });
  // sub-sellers
  router.route(API_TEAM.sellers, {
    access: SELLERS,
    handler: ({ caller, query }) => subSellers.listSubSellers(deps, caller, query),
  });
  router.route(API_TEAM.newSeller, {
    access: SELLERS,
    handler: ({ caller, body }) => subSellers.createSubSeller(deps, caller, body),
  });
  router.route(API_TEAM.switchSeller, {
    access: SELLERS,
    handler: ({ caller, params }) => subSellers.switchInto(deps, caller, params.orgId),
  });
  router.route(API_TEAM.consolidatedOrders, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, query }) => subSellers.consolidatedOrders(deps, caller, query),
  });
  router.route(API_TEAM.consolidatedWallets, {
    access: SELLERS,
    permission: 'wallet.view',
    handler: ({ caller }) => subSellers.consolidatedWallets(deps, caller),
  });
  router.route(API_TEAM.consolidatedWalletHistory, {
    access: SELLERS,
    permission: 'wallet.view',
    handler: ({ caller, query }) => subSellers.consolidatedWalletHistory(deps, caller, query),
  });
  router.route(API_TEAM.consolidatedShipments, {
    access: SELLERS,
    permission: 'orders.view',
    handler: ({ caller, query }) => subSellers.consolidatedShipments(deps, caller, query),
  });
}

import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { auditActorOf } from '../../http/staff-write';
import { API_STAFF } from '../../../src/domain/staff-contract';
import { SELF } from '../../../src/domain/permissions';
import { createStaff, listStaff, setStaffRole, staffMe } from './service';
import { setStaffActive } from './status';

// Staff and their roles (src/domain/staff-contract.ts): who may call each, and its handler.

const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

export function registerStaffRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_STAFF.me, {
    access: STAFF,
    permission: SELF,
    handler: ({ caller }) => staffMe(deps.db, caller),
  });
  router.route(API_STAFF.staff, {
    access: STAFF,
    staffPermission: 'staff.manage',
    handler: () => listStaff(deps.db),
  });
  router.route(API_STAFF.staffCreate, {
    access: STAFF,
    staffPermission: 'staff.manage',
    handler: ({ c, caller, body }) => createStaff(deps.db, deps.messenger, auditActorOf(c, caller), body, deps.now()),
  });
  router.route(API_STAFF.staffRole, {
    access: STAFF,
    staffPermission: 'staff.manage',
    handler: ({ c, caller, params, body }) =>
      setStaffRole(deps.db, auditActorOf(c, caller), params.accountId, body, deps.now()),
  });
  router.route(API_STAFF.staffStatus, {
    access: STAFF,
    staffPermission: 'staff.manage',
    handler: ({ c, caller, params, body }) => setStaffActive(deps, auditActorOf(c, caller), params.accountId, body),
  });
}

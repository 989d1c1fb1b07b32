import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { numericId } from '../../../src/domain/params';
import { auditActorOf } from '../../http/staff-write';
import { API_STAFF, StaffMeSchema, StaffUserRowSchema } from '../../../src/domain/staff-contract';
import { AccountStatusChangeBody, StaffCreateBody, StaffRoleBody } from '../../../src/domain/schemas/staff';
import { AccountStatusAnswerSchema } from '../../../src/domain/account-contract';
import { SELF } from '../../../src/domain/permissions';
import { createStaff, listStaff, setStaffRole, staffMe } from './service';
import { setStaffActive } from './status';

const TAG = 'corporate';
const STAFF = { kind: 'user', accountTypes: ['DAKIYA'] } as const;

export function registerStaffRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_STAFF.me,
    tag: TAG,
    access: STAFF,
    permission: SELF,
    summary: "The caller's staff role and what it allows (the console's menu and page guard read it)",
    response: StaffMeSchema,
    handler: ({ caller }) => staffMe(deps.db, caller),
  });
  router.add({
    method: 'get',
    path: API_STAFF.staff,
    tag: TAG,
    access: STAFF,
    staffPermission: 'staff.manage',
    summary: 'Every staff login with its role',
    response: v.array(StaffUserRowSchema),
    handler: () => listStaff(deps.db),
  });
  router.add({
    method: 'post',
    path: API_STAFF.staff,
    tag: TAG,
    access: STAFF,
    staffPermission: 'staff.manage',
    body: StaffCreateBody,
    summary: 'A new staff login with its role; a temporary password (24 hours, one login) is emailed',
    errors: { 409: 'the email is taken' },
    response: StaffUserRowSchema,
    handler: ({ c, caller, body }) => createStaff(deps.db, deps.messenger, auditActorOf(c, caller), body, deps.now()),
  });
  router.add({
    method: 'put',
    path: API_STAFF.staffRole(':accountId'),
    tag: TAG,
    access: STAFF,
    staffPermission: 'staff.manage',
    params: v.object({ accountId: numericId('accountId') }),
    body: StaffRoleBody,
    summary: "Change a staff login's role (with a reason, kept in the audit log); never one's own",
    errors: { 404: 'no such staff login' },
    response: StaffUserRowSchema,
    handler: ({ c, caller, params, body }) =>
      setStaffRole(deps.db, auditActorOf(c, caller), params.accountId, body, deps.now()),
  });
  router.add({
    method: 'put',
    path: API_STAFF.staffStatus(':accountId'),
    tag: TAG,
    access: STAFF,
    staffPermission: 'staff.manage',
    params: v.object({ accountId: numericId('accountId') }),
    body: AccountStatusChangeBody,
    summary:
      "Turn a staff login off (every session ends at once: refresh tokens revoked, issued access tokens refused; login refused) or on again, with a reason kept in the audit log; never one's own",
    errors: { 404: 'no such staff login' },
    response: AccountStatusAnswerSchema,
    handler: ({ c, caller, params, body }) => setStaffActive(deps, auditActorOf(c, caller), params.accountId, body),
  });
}

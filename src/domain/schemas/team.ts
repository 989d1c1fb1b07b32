import * as v from 'valibot';
import { emailField, personNameField, phoneField, signupPasswordField, companyNameField } from './fields';
import { ALL_PERMISSIONS, ASSIGNABLE_BUILT_IN_ROLES } from '../permissions';
import { BILLING_FREQUENCIES, PAID_PLANS, PLAN_CODES } from '../plans';
import { MSG } from '../messages';
import { sharedUsername } from './shared-set';
import { oneOf } from './choice';

// Request bodies of the team and plans area; the forms check the same rules.

const roleField = v.optional(v.picklist(ASSIGNABLE_BUILT_IN_ROLES, 'Role must be Seller or User'), 'SELLER');
const teamRoleIdField = v.optional(
  v.nullable(
    v.pipe(
      v.number('Role must be one of your roles'),
      v.integer('Role must be one of your roles'),
      v.minValue(1, 'Role must be one of your roles'),
    ),
  ),
);

export const InviteUserBody = v.object({
  firstName: personNameField('First name'),
  lastName: personNameField('Last name'),
  /** the account form's username (spec section 5's shared set): letters and digits, 5-20, unique in the team */
  username: sharedUsername,
  email: emailField,
  phone: phoneField,
  role: roleField,
  teamRoleId: teamRoleIdField,
});
export type InviteUserInput = v.InferInput<typeof InviteUserBody>;

export const EditUserBody = v.object({
  role: roleField,
  teamRoleId: teamRoleIdField,
});

export const UserStatusBody = v.object({ activated: v.boolean('Active must be true or false') });

export const RoleBody = v.object({
  roleName: v.pipe(
    v.string(MSG.required),
    v.trim(),
    v.nonEmpty('Role name is required'),
    v.maxLength(40, 'Role name must be at most 40 characters'),
  ),
  permissions: v.pipe(
    v.array(v.picklist(ALL_PERMISSIONS as readonly string[] as string[], 'Permissions: one of them is unknown')),
    v.minLength(1, 'Permissions: choose at least one'),
  ),
});
export type RoleInput = v.InferInput<typeof RoleBody>;

export const AcceptInvitationBody = v.pipe(
  v.object({
    invitationToken: v.pipe(v.string(MSG.required), v.nonEmpty('Invitation link is required'), v.maxLength(200)),
    password: signupPasswordField,
    confirmPassword: v.string(MSG.required),
  }),
  v.forward(
    v.check((b) => b.password === b.confirmPassword, MSG.passwordsDontMatch),
    ['confirmPassword'],
  ),
);

export const UpgradeBody = v.object({
  plan: oneOf(PAID_PLANS, 'plan', 'plan'),
  billingFrequency: oneOf(BILLING_FREQUENCIES, 'billingFrequency', 'billingFrequency'),
  requestKey: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Request key must be 8 to 64 letters or digits')),
});

export const DowngradeBody = v.object({
  plan: oneOf(
    PLAN_CODES.filter((p) => p !== 'FREE'),
    'plan',
    'plan',
  ),
});

export const NewSubSellerBody = v.object({
  companyName: companyNameField,
  firstName: personNameField('First name'),
  lastName: personNameField('Last name'),
  email: emailField,
  phone: phoneField,
});

export const SubSellerQuery = v.object({
  searchPattern: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Search is too long'))),
});

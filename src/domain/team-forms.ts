import * as v from 'valibot';
import { AcceptInvitationBody, EditUserBody, InviteUserBody, RoleBody } from './schemas/team';
import type { ASSIGNABLE_BUILT_IN_ROLES } from './permissions';
import { issueText } from './schemas/labels';

// The team forms' rules, shared by the machines and the server's schemas (schemas/team.ts).

export interface InviteForm {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string;
  /** SELLER, USER, or the id of a role the owner made */
  role: string;
}
export type InviteField = keyof InviteForm;

export const EMPTY_INVITE: InviteForm = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  phone: '',
  role: 'SELLER',
};

/** A role choice (the team table's or the invitation's) as the edit-user body: a role the owner made (its id) or a built-in one. */
export function userRoleBody(choice: string): v.InferInput<typeof EditUserBody> {
  return /^\d+$/.test(choice)
    ? { role: 'USER', teamRoleId: Number(choice) }
    : { role: choice as (typeof ASSIGNABLE_BUILT_IN_ROLES)[number], teamRoleId: null };
}

/** The body the API takes, from the form. */
export function inviteBody(f: InviteForm) {
  return {
    firstName: f.firstName,
    lastName: f.lastName,
    username: f.username,
    email: f.email,
    phone: f.phone,
    ...userRoleBody(f.role),
  };
}

const firstProblem = (schema: v.GenericSchema, input: unknown): string | null => {
  const r = v.safeParse(schema, input, { abortPipeEarly: true });
  return r.success ? null : issueText(r.issues[0]);
};

/** The first problem of the invitation form, in the words the server would use, or null. */
export const inviteProblem = (f: InviteForm) => firstProblem(InviteUserBody, inviteBody(f));

export interface AcceptForm {
  password: string;
  confirmPassword: string;
}

export const acceptProblem = (token: string, f: AcceptForm) =>
  firstProblem(AcceptInvitationBody, { invitationToken: token, ...f });

export interface RoleDraft {
  roleId: number | null;
  roleName: string;
  permissions: string[];
}

export const roleProblem = (d: RoleDraft) =>
  firstProblem(RoleBody, { roleName: d.roleName, permissions: d.permissions });

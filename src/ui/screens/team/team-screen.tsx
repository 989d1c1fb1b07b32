import { useState } from 'react';
import { formatDateTime } from '../../../domain/format';
import { PERMISSION_AREAS, deniedReason, mayUse } from '../../../domain/permissions';
import { API_TEAM, type TeamRole, type TeamUser } from '../../../domain/team-contract';
import { userRoleBody, type InviteField } from '../../../domain/team-forms';
import { hasLoginLeft } from '../../../domain/plans';
import { useHttp, useScreenSession } from '../../../services/screen-services';
import { useOnInvalidate } from '../../../services/invalidate';
import { call } from '../../../services/call';
import { useInvite, useRoleEditor } from '../../../services/use-team';
import { useListActions } from '../../hooks/use-action';
import { useOperation } from '../../hooks/use-operation';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  DataTable,
  FormDialog,
  Loadable,
  SelectField,
  TextField,
} from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { labelOf } from '../../../domain/display-labels';

// /team: the organisation's logins (role, status, last login), the invitation form, and the
// roles with their permissions (the role editor). What the user may not do is disabled with why.

const FIELDS: [InviteField, string, string][] = [
  ['firstName', 'First name', 'text'],
  ['lastName', 'Last name', 'text'],
  ['username', 'Username', 'text'],
  ['email', 'Email', 'email'],
  ['phone', 'Phone number', 'tel'],
];

function roleOptions(roles: TeamRole[]) {
  return roles.map((r) => ({ value: String(r.roleId), label: r.name }));
}

function InviteDialog({ roles, onClose }: { roles: TeamRole[]; onClose: () => void }) {
  const [state, send] = useInvite();
  const form = state.context.form;
  if (state.matches('sent'))
    return (
      <FormDialog title="Invite a user" onClose={onClose} onSubmit={onClose} saving={false} saveLabel="Done">
        <Alert tone="info">
          Invitation sent to {state.context.invited?.email}. The link to set a password works once, for 7 days.
        </Alert>
      </FormDialog>
    );
  return (
    <FormDialog
      title="Invite a user"
      onClose={onClose}
      onSubmit={() => send({ type: 'SUBMIT' })}
      error={state.context.error}
      saving={state.matches('sending')}
      saveLabel="Send invitation"
    >
      {FIELDS.map(([field, label, type]) => (
        <TextField
          key={field}
          label={label}
          type={type}
          value={form[field]}
          onChange={(e) => send({ type: 'FIELD', field, value: e.target.value })}
        />
      ))}
      <SelectField
        label="Role"
        value={form.role}
        options={roleOptions(roles)}
        onChange={(e) => send({ type: 'FIELD', field: 'role', value: e.target.value })}
      />
    </FormDialog>
  );
}

function RoleEditor({ editor }: { editor: ReturnType<typeof useRoleEditor> }) {
  const [state, send] = editor;
  if (state.matches('closed')) return null;
  const draft = state.context.draft;
  if (state.matches('confirmingDelete') || state.matches('deleting'))
    return (
      <ConfirmDialog
        open
        title={`Delete role ${draft.roleName}?`}
        message="The role and its permissions go. A role someone still has cannot be deleted: give them another role first."
        confirmLabel="Delete role"
        busy={state.matches('deleting')}
        onConfirm={() => send({ type: 'CONFIRM_DELETE' })}
        onCancel={() => send({ type: 'CANCEL_DELETE' })}
      />
    );
  return (
    <FormDialog
      title={draft.roleId === null ? 'New role' : `Edit role ${draft.roleName}`}
      wide
      onClose={() => send({ type: 'CLOSE' })}
      onSubmit={() => send({ type: 'SAVE' })}
      error={state.context.error}
      saving={state.matches('saving')}
      saveLabel="Save role"
    >
      <TextField
        label="Role name"
        value={draft.roleName}
        onChange={(e) => send({ type: 'NAME', value: e.target.value })}
      />
      {PERMISSION_AREAS.map((area) => (
        <fieldset key={area.area} className="stack">
          <legend>{area.label}</legend>
          {area.actions.map((a) => (
            <Checkbox
              key={a.code}
              label={a.label}
              checked={draft.permissions.includes(a.code)}
              onChange={() => send({ type: 'TOGGLE', permission: a.code })}
            />
          ))}
        </fieldset>
      ))}
      {draft.roleId !== null && (
        <div className="row">
          <Button variant="danger" onClick={() => send({ type: 'DELETE' })}>
            Delete role
          </Button>
        </div>
      )}
    </FormDialog>
  );
}

export function TeamScreen() {
  const http = useHttp();
  const session = useScreenSession();
  const account = session.account;
  const canManage = !!account && mayUse(account.role, account.permissions, 'users.manage');
  const why = canManage ? undefined : deniedReason('users.manage');
  const team = useOperation(API_TEAM.users, {}, { load: true });
  const roles = useOperation(API_TEAM.roles, {}, { load: true });
  useOnInvalidate('team', () => {
    team.run();
    roles.run();
  });
  const actions = useListActions('team');
  const [inviting, setInviting] = useState(false);
  const editor = useRoleEditor();
  const full = !!team.data && !hasLoginLeft(team.data.loginsUsed, team.data.loginsAllowed);
  const roleList = roles.data ?? [];
  const userRoleValue = (u: TeamUser) => String(u.teamRoleId ?? u.role);
  return (
    <SellerShell>
      <div className="page stack">
        <div className="page-head">
          <h1>Team</h1>
          <p>Invite users, give each a role, and turn logins off and on. Logins are kept, never deleted.</p>
        </div>
        <Loadable loading={team.loading || roles.loading} error={team.error ?? roles.error} onRetry={team.retry}>
          {() => (
            <>
              <div className="row">
                <Badge>
                  Logins {team.data!.loginsUsed} of {team.data!.loginsAllowed}
                </Badge>
                <Button
                  onClick={() => setInviting(true)}
                  disabled={!canManage || full}
                  title={why ?? (full ? 'Your plan has no login left: upgrade it to add users.' : undefined)}
                >
                  Invite a user
                </Button>
              </div>
              <DataTable<TeamUser>
                caption="Users"
                rows={team.data!.items}
                rowKey={(u) => u.accountId}
                columns={[
                  { header: 'Name', cell: (u) => `${u.firstName} ${u.lastName}` },
                  { header: 'Username', cell: (u) => u.username ?? '—' },
                  { header: 'Email', cell: (u) => u.email },
                  {
                    header: 'Role',
                    cell: (u) =>
                      u.role === 'OWNER' ? (
                        'Owner'
                      ) : (
                        <SelectField
                          label={`Role of ${u.email}`}
                          value={userRoleValue(u)}
                          options={roleOptions(roleList)}
                          disabled={!canManage || actions.busy}
                          title={why}
                          onChange={(e) =>
                            actions.run(
                              () =>
                                call(http, API_TEAM.editUser, {
                                  params: { accountId: u.accountId },
                                  body: userRoleBody(e.target.value),
                                }),
                              'Role changed',
                            )
                          }
                        />
                      ),
                  },
                  { header: 'Status', cell: (u) => <Badge>{labelOf('memberStatus', u.status)}</Badge> },
                  { header: 'Last login', cell: (u) => (u.lastLoginAt ? formatDateTime(u.lastLoginAt) : 'Never') },
                  {
                    header: 'Actions',
                    cell: (u) =>
                      u.role === 'OWNER' ? null : (
                        <Button
                          variant="secondary"
                          disabled={!canManage || actions.busy}
                          title={why}
                          onClick={() =>
                            actions.run(
                              () =>
                                call(http, API_TEAM.userStatus, {
                                  params: { accountId: u.accountId },
                                  body: { activated: u.status === 'DEACTIVATED' },
                                }),
                              u.status === 'DEACTIVATED' ? 'User reactivated' : 'User deactivated',
                            )
                          }
                        >
                          {u.status === 'DEACTIVATED' ? 'Reactivate' : 'Deactivate'}
                        </Button>
                      ),
                  },
                ]}
              />
              <Card className="stack">
                <div className="row">
                  <h2 className="h3">Roles</h2>
                  <Button
                    variant="secondary"
                    disabled={!canManage}
                    title={why}
                    onClick={() => editor[1]({ type: 'EDIT', role: { roleId: null, roleName: '', permissions: [] } })}
                  >
                    New role
                  </Button>
                </div>
                <DataTable<TeamRole>
                  caption="Roles"
                  rows={roleList}
                  rowKey={(r) => String(r.roleId)}
                  columns={[
                    { header: 'Role', cell: (r) => r.name },
                    { header: 'Permissions', cell: (r) => r.permissions.length },
                    { header: 'Users', cell: (r) => r.users },
                    {
                      header: 'Actions',
                      cell: (r) =>
                        r.builtIn ? (
                          'Built in'
                        ) : (
                          <Button
                            variant="secondary"
                            disabled={!canManage}
                            title={why}
                            onClick={() =>
                              editor[1]({
                                type: 'EDIT',
                                role: { roleId: Number(r.roleId), roleName: r.name, permissions: r.permissions },
                              })
                            }
                          >
                            Edit
                          </Button>
                        ),
                    },
                  ]}
                />
              </Card>
            </>
          )}
        </Loadable>
        {inviting && <InviteDialog roles={roleList} onClose={() => setInviting(false)} />}
        <RoleEditor editor={editor} />
      </div>
    </SellerShell>
  );
}

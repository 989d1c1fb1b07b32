import { API_STAFF, type StaffUserRow } from '../../../domain/staff-contract';
import { STAFF_ROLE_CODES, STAFF_ROLES, staffPermissionLabel } from '../../../domain/staff-permissions';
import { formatDateTime } from '../../../domain/format';
import { useOnInvalidate } from '../../../services/invalidate';
import { useScreenSession } from '../../../services/screen-services';
import { useStaffEditForm } from '../../../services/use-staff-edit-form';
import { useOperation } from '../../hooks/use-operation';
import { Badge, Button, Card, Loadable, SelectField, TextField } from '../../kit';
import { StaffShell } from '../shell/staff-shell';
import { fieldProps, StaffDecisionForm } from './staff-decision';
import { SavedNotice, StaffFormDialog, useStaffDialog } from './staff-form-dialog';

// /dakiya/staff (ADMIN): every staff login and its role; a role changes with a reason the audit
// log keeps, and applies from the member's next click. A login is turned off (someone who left:
// every session ends at once) or on again, with a reason. One's own role and status are not changed here.
// A new login is made in a dialog that closes once it is made; the list then shows it.

const ROLE_OPTIONS = STAFF_ROLE_CODES.map((r) => ({ value: r, label: STAFF_ROLES[r].label }));

function RoleForm({ member }: { member: StaffUserRow }) {
  const [state, send] = useStaffEditForm({
    kind: 'STAFF_ROLE',
    target: String(member.accountId),
    initial: { staffRole: member.staffRole ?? '', reason: '' },
  });
  return (
    <StaffDecisionForm label={`Role of ${member.email}`} state={state} send={send} submitLabel="Change role">
      <SelectField
        label="Staff role"
        placeholder="Choose"
        options={ROLE_OPTIONS}
        {...fieldProps(state, send, 'staffRole')}
      />
    </StaffDecisionForm>
  );
}

/** Off for someone who left (every session ends at once, login refused), or on again; with a reason. */
function StatusForm({ member }: { member: StaffUserRow }) {
  const turnOff = member.active;
  const [state, send] = useStaffEditForm({
    kind: 'STAFF_STATUS',
    target: String(member.accountId),
    initial: { activated: turnOff ? 'false' : 'true', reason: '' },
  });
  return (
    <StaffDecisionForm
      label={`${turnOff ? 'Deactivate' : 'Activate'} ${member.email}`}
      state={state}
      send={send}
      submitLabel={turnOff ? 'Deactivate login' : 'Activate login'}
      confirm={{
        title: 'Deactivate this staff login?',
        message: `${member.email} is logged out everywhere at once and cannot log in until an admin activates the login again.`,
        confirmLabel: 'Deactivate',
      }}
    />
  );
}

/** A new staff login: it gets a temporary password by email. */
function NewStaffDialog({ onClose, onSaved }: { onClose: () => void; onSaved: (notice: string) => void }) {
  return (
    <StaffFormDialog
      title="New staff member"
      input={{
        kind: 'STAFF_CREATE',
        target: '',
        initial: { firstName: '', lastName: '', email: '', phone: '', staffRole: '' },
      }}
      submitLabel="Add staff member"
      wide
      onClose={onClose}
      onSaved={onSaved}
    >
      {(f) => (
        <div className="grid-2">
          <TextField label="First name" {...f('firstName')} />
          <TextField label="Last name" {...f('lastName')} />
          <TextField label="Email" type="email" {...f('email')} />
          <TextField label="Phone number" prefix="+91" inputMode="numeric" {...f('phone')} />
          <SelectField label="Staff role" placeholder="Choose" options={ROLE_OPTIONS} {...f('staffRole')} />
        </div>
      )}
    </StaffFormDialog>
  );
}

export function StaffMembersScreen() {
  const { account } = useScreenSession();
  const staff = useOperation(API_STAFF.staff, {}, { load: true });
  useOnInvalidate('staffConsole', () => staff.run());
  const adding = useStaffDialog<true>();
  return (
    <StaffShell>
      <div className="page stack">
        <header className="page-head row">
          <div>
            <h1>Staff</h1>
            <p>Who works in the console and what each role may do.</p>
          </div>
          <Button onClick={() => adding.show(true)}>New staff member</Button>
        </header>
        <SavedNotice notice={adding.notice} />
        {adding.open && <NewStaffDialog onClose={adding.close} onSaved={adding.onSaved} />}
        <Loadable loading={staff.loading && !staff.data} error={staff.error} onRetry={staff.retry}>
          {() => (
            <div className="grid-2">
              {(staff.data ?? []).map((m) => (
                <Card key={m.accountId} className="stack" aria-label={m.email}>
                  <h2>
                    {m.firstName} {m.lastName}
                  </h2>
                  <p className="muted">
                    {m.email} · {m.staffRole ? STAFF_ROLES[m.staffRole].label : 'No role'}
                    {m.lastLoginAt && <> · last login {formatDateTime(m.lastLoginAt)}</>}
                  </p>
                  {!m.active && (
                    <Badge tone="danger">
                      Deactivated{m.deactivatedAt ? ` ${formatDateTime(m.deactivatedAt)}` : ''}
                    </Badge>
                  )}
                  {m.staffRole && (
                    <p className="small-print">
                      May:{' '}
                      {STAFF_ROLES[m.staffRole].permissions
                        .map((p) => staffPermissionLabel(p).toLowerCase())
                        .join('; ')}
                    </p>
                  )}
                  {m.email === account?.email ? (
                    <p className="small-print">This is you: another admin changes your role or status.</p>
                  ) : (
                    <>
                      {m.active && <RoleForm key={m.staffRole ?? ''} member={m} />}
                      <StatusForm key={String(m.active)} member={m} />
                    </>
                  )}
                </Card>
              ))}
            </div>
          )}
        </Loadable>
      </div>
    </StaffShell>
  );
}

import type { AccountOverview } from '../../../domain/staff-contract';
import { formatDate, formatPhone } from '../../../domain/format';
import { API_TICKETS } from '../../../domain/tickets-contract';
import { useStaffEditForm } from '../../../services/use-staff-edit-form';
import { useOperation } from '../../hooks/use-operation';
import { Card, SelectField } from '../../kit';
import { fieldProps, StaffDecisionForm } from './staff-decision';

// A Pro or Premium seller's key account manager on their account page: who it is, and for staff
// who manage accounts, naming another (or none). On a plan without one the person is kept, not used.

export function AccountManagerCard({ o, mayManage }: { o: AccountOverview; mayManage: boolean }) {
  const m = o.accountManager;
  return (
    <Card className="stack" aria-labelledby="kam-heading">
      <h2 id="kam-heading">Key account manager</h2>
      {m ? (
        <p>
          {m.name} · <a href={`mailto:${m.email}`}>{m.email}</a> · {formatPhone(m.phone)} · since{' '}
          {formatDate(m.assignedAt)}
        </p>
      ) : (
        <p className="muted">None named yet.</p>
      )}
      {!o.accountManagerIncluded && (
        <p className="muted">
          A key account manager comes with Pro and Premium.
          {m ? ' The one named stays on record for when the seller upgrades.' : ''}
        </p>
      )}
      {mayManage && (o.accountManagerIncluded || m) && <ManagerForm o={o} />}
    </Card>
  );
}

function ManagerForm({ o }: { o: AccountOverview }) {
  const staff = useOperation(API_TICKETS.assignees, {}, { load: true });
  const [state, send] = useStaffEditForm({
    kind: 'ACCOUNT_MANAGER',
    target: String(o.account.accountId),
    initial: { managerId: o.accountManager ? String(o.accountManager.managerId) : '', reason: '' },
  });
  return (
    <StaffDecisionForm label="Key account manager" state={state} send={send} submitLabel="Save manager">
      <p className="muted">
        Name a member of staff who answers support tickets: the seller&apos;s new tickets go to them.
      </p>
      <SelectField
        label="Key account manager"
        placeholder="No manager"
        options={(staff.data ?? []).map((s) => ({ value: String(s.accountId), label: `${s.name} (${s.email})` }))}
        {...fieldProps(state, send, 'managerId')}
      />
    </StaffDecisionForm>
  );
}

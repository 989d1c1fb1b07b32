import type { AccountOverview } from '../../../domain/staff-contract';
import { useStaffEditForm } from '../../../services/use-staff-edit-form';
import { Badge, Card } from '../../kit';
import { StaffDecisionForm } from './staff-decision';

// Early access on a seller's account page: whether the seller's logins open the new orders page,
// and for staff who manage accounts, switching it (with a reason the audit log keeps).

export function BetaFeaturesCard({ o, mayManage }: { o: AccountOverview; mayManage: boolean }) {
  const on = o.betaFeaturesEnabled;
  const [state, send] = useStaffEditForm({
    kind: 'BETA_FEATURES',
    target: String(o.account.accountId),
    initial: { enabled: on ? 'false' : 'true', reason: '' },
  });
  return (
    <Card className="stack" aria-labelledby="beta-heading">
      <h2 id="beta-heading">Early access {on ? <Badge tone="success">On</Badge> : <Badge>Off</Badge>}</h2>
      <p className="muted">
        {on
          ? 'The seller opens the new orders page: saved views, keyboard shortcuts, live status and shipping from the list.'
          : 'The seller uses the usual orders page. With early access they open the new one first.'}
      </p>
      {mayManage && (
        <StaffDecisionForm
          label={on ? 'Switch early access off' : 'Switch early access on'}
          state={state}
          send={send}
          submitLabel={on ? 'Switch off' : 'Switch on'}
        />
      )}
    </Card>
  );
}

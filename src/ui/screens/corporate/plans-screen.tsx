import { API_STAFF, type StaffPlanRow } from '../../../domain/staff-contract';
import { formatRupeesWhole } from '../../../domain/format';
import { useOnInvalidate } from '../../../services/invalidate';
import { useStaffEditForm } from '../../../services/use-staff-edit-form';
import { useOperation } from '../../hooks/use-operation';
import { Card, Loadable, TextField } from '../../kit';
import { StaffShell } from '../shell/staff-shell';
import { fieldProps, StaffDecisionForm } from './staff-decision';

// /dakiya/plans: each plan's monthly price (the one price charged and shown, before GST); a change
// needs a reason, and the plans page and the next charge use it at once.

function PriceForm({ plan }: { plan: StaffPlanRow }) {
  const [state, send] = useStaffEditForm({
    kind: 'PLAN_PRICE',
    target: plan.code,
    initial: { monthlyPrice: String(plan.monthlyPrice), reason: '' },
  });
  return (
    <Card className="stack" aria-label={`${plan.name} plan`}>
      <h2>{plan.name}</h2>
      <p className="muted">Now {formatRupeesWhole(plan.monthlyPrice)} a month, before GST</p>
      <StaffDecisionForm label={`Price of the ${plan.name} plan`} state={state} send={send} submitLabel="Save price">
        <TextField label="Monthly price" prefix="₹" inputMode="numeric" {...fieldProps(state, send, 'monthlyPrice')} />
      </StaffDecisionForm>
    </Card>
  );
}

export function StaffPlansScreen() {
  const plans = useOperation(API_STAFF.plans, {}, { load: true });
  useOnInvalidate('staffConsole', () => plans.run());
  return (
    <StaffShell>
      <div className="page stack">
        <header className="page-head">
          <h1>Plans</h1>
          <p>Monthly prices in whole rupees; a yearly plan is twelve months.</p>
        </header>
        <Loadable loading={plans.loading && !plans.data} error={plans.error} onRetry={plans.retry}>
          {() => (
            <div className="grid-2">
              {(plans.data ?? []).map((p) => (
                <PriceForm key={`${p.code}-${p.monthlyPrice}`} plan={p} />
              ))}
            </div>
          )}
        </Loadable>
      </div>
    </StaffShell>
  );
}

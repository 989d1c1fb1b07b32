import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PAID_PLANS, PLAN_TABLE, type PaidPlan } from '../../../domain/plans';
import { deniedReasonText } from '../../../domain/access';
import { UpgradePanel } from '../../kit/plan-gate';
import { Button, buttonClass } from '../../kit';
import { PublicFrame } from './public-frame';

/** /denied: a plan, role or deny-all guard sent the user here (spec section 6); it says which plan opens the page. */
export function DeniedScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const plan = params.get('plan');
  const planName = plan && (PAID_PLANS as readonly string[]).includes(plan) ? PLAN_TABLE[plan as PaidPlan].name : null;
  const byRole = params.get('role') !== null;
  const reason = deniedReasonText(params.get('reason'));
  // a plan opens the page: its upgrade path, never "Access denied" (an older link lands here)
  if (planName)
    return (
      <PublicFrame>
        <div className="page stack">
          <UpgradePanel plan={plan as PaidPlan} feature="This page" />
        </div>
      </PublicFrame>
    );
  return (
    <PublicFrame>
      <div className="center-page">
        <h1>Access denied</h1>
        <p className="muted">
          {reason ??
            (params.get('role') === 'staff'
              ? 'Your staff role does not allow this page. Ask a Dakiya admin for access.'
              : byRole
                ? 'Your role does not allow this page. Ask the account owner for access.'
                : 'Your account or plan does not give access to this page. Upgrade your plan or ask your account owner for access.')}
        </p>
        <div className="row justify-center">
          <Button variant="secondary" onClick={() => navigate(-1)}>
            Go back
          </Button>
          <Link to="/" className={buttonClass('primary')}>
            Go to home
          </Link>
          <Link to="/pricing" className="nav-link">
            See plans
          </Link>
        </div>
      </div>
    </PublicFrame>
  );
}

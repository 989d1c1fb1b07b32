import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PLAN_TABLE, type PlanCode } from '../../../domain/plans';
import { Button, buttonClass } from '../../kit';
import { PublicFrame } from './public-frame';

/** /denied: a plan, role or deny-all guard sent the user here (spec section 6); it says which plan opens the page. */
export function DeniedScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const plan = params.get('plan');
  const planName = plan ? PLAN_TABLE[plan as PlanCode]?.name : null;
  const byRole = params.get('role') !== null;
  return (
    <PublicFrame>
      <div className="center-page">
        <h1>Access denied</h1>
        {planName ? (
          <p>
            This page comes with the <strong>{planName}</strong> plan. Upgrade to open it.
          </p>
        ) : (
          <p className="muted">
            {params.get('role') === 'staff'
              ? 'Your staff role does not allow this page. Ask a Dakiya admin for access.'
              : byRole
                ? 'Your role does not allow this page. Ask the account owner for access.'
                : 'Your account or plan does not give access to this page. Upgrade your plan or ask your account owner for access.'}
          </p>
        )}
        <div className="row justify-center">
          <Button variant="secondary" onClick={() => navigate(-1)}>
            Go back
          </Button>
          {planName ? (
            <Link to={`/plan?upgrade=${plan}`} className={buttonClass('primary')}>
              Upgrade to {planName}
            </Link>
          ) : (
            <Link to="/" className={buttonClass('primary')}>
              Go to home
            </Link>
          )}
          <Link to="/pricing" className="nav-link">
            See plans
          </Link>
        </div>
      </div>
    </PublicFrame>
  );
}

import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClass } from '../../kit';
import { PublicFrame } from './public-frame';

/** /denied: a plan or deny-all guard sent the user here (spec section 6). */
export function DeniedScreen() {
  const navigate = useNavigate();
  return (
    <PublicFrame>
      <div className="center-page">
        <h1>Access denied</h1>
        <p className="muted">
          Your account or plan does not give access to this page. Upgrade your plan or ask your account owner for
          access.
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

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MSG } from '../../../domain/messages';
import { accountTypeCheck, INTERNAL_TYPES, SELLER_TYPES } from '../../../domain/access';
import { landingFor } from '../../../domain/constants';
import { useScreenSession } from '../../../services/screen-services';
import { buttonClass, Spinner } from '../../kit';
import { PublicFrame } from './public-frame';
import { SellerShell } from '../shell/seller-shell';
import { StaffShell } from '../shell/staff-shell';

/**
 * /error and every unknown path (spec section 2). A signed-in seller or staff member keeps their
 * own frame and menu (nothing suggests they were logged out); everyone else sees the public frame.
 */
export function NotFoundScreen() {
  const session = useScreenSession();
  const claims = session.status === 'authenticated' ? session.claims : null;
  const seller = accountTypeCheck(claims, SELLER_TYPES) === 0;
  const staff = accountTypeCheck(claims, INTERNAL_TYPES) === 0;
  const body: ReactNode = (
    <div className="center-page">
      <h1>{MSG.pageNotFound}</h1>
      <p className="muted">The page you asked for does not exist or has moved.</p>
      <Link to={claims ? landingFor(claims.at) : '/'} className={buttonClass('primary')}>
        Go to home
      </Link>
    </div>
  );
  // while the session is being checked (a reload) nothing suggests a logged-out state
  if (session.status === 'checking')
    return (
      <div className="center-page">
        <Spinner label="Checking your session" />
      </div>
    );
  if (seller) return <SellerShell>{body}</SellerShell>;
  if (staff) return <StaffShell>{body}</StaffShell>;
  return <PublicFrame>{body}</PublicFrame>;
}

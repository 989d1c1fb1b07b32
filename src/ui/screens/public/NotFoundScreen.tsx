import { Link } from 'react-router-dom';
import { MSG } from '../../../domain/messages';
import { buttonClass } from '../../kit';
import { PublicFrame } from './PublicFrame';

/** /error and every unknown path (spec section 2). */
export function NotFoundScreen() {
  return (
    <PublicFrame>
      <div className="center-page">
        <h1>{MSG.pageNotFound}</h1>
        <p className="muted">The page you asked for does not exist or has moved.</p>
        <Link to="/" className={buttonClass('primary')}>Go to home</Link>
      </div>
    </PublicFrame>
  );
}

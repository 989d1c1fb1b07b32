import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useScreenSession } from '../../../services/screen-services';
import { buttonClass } from '../../kit';

// The frame of the public pages (plans, policies, errors): the brand, the way in (or, for a
// seller already signed in, the way back to their home), the content.

export function PublicFrame({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  const session = useScreenSession();
  const signedIn = session.status === 'authenticated';
  const home = session.claims?.at === 'DAKIYA' ? '/dakiya/dashboard' : '/home';
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="frame-header">
        <Link to="/login" className="frame-brand">
          Dakiya
        </Link>
        <nav aria-label="Site" className="row ml-auto">
          <Link to="/pricing" className="nav-link">
            Pricing
          </Link>
          {signedIn ? (
            <Link to={home} className={buttonClass('secondary')}>
              Go to your account
            </Link>
          ) : (
            <Link to="/login" className={buttonClass('secondary')}>
              Login
            </Link>
          )}
        </nav>
      </header>
      <main id="main-content" tabIndex={-1} className={`page${narrow ? ' page-narrow' : ''}`}>
        {children}
      </main>
    </>
  );
}

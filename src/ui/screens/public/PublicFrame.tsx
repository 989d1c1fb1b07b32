import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../kit';

// The frame of the public pages (plans, policies, errors): the brand, the way in, the content.

export function PublicFrame({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return (
    <>
      <a className="skip-link" href="#main-content">Skip to content</a>
      <header className="frame-header">
        <Link to="/login" className="frame-brand">Dakiya</Link>
        <nav aria-label="Site" className="row ml-auto">
          <Link to="/pricing" className="nav-link">Pricing</Link>
          <Link to="/login" className={buttonClass('secondary')}>Login</Link>
        </nav>
      </header>
      <main id="main-content" tabIndex={-1} className={`page${narrow ? ' page-narrow' : ''}`}>
        {children}
      </main>
    </>
  );
}

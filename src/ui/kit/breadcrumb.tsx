import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A page's way back: its parent page as a link, then where the seller or staff member is now. */
export function Breadcrumb({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <nav aria-label="Breadcrumb" className="small-print">
      <Link to={to}>{label}</Link> / {children}
    </nav>
  );
}

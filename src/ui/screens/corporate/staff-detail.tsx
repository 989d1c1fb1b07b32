import { Fragment, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Loadable } from '../../kit';
import { Breadcrumb } from '../../kit/breadcrumb';
import { StaffShell } from '../shell/staff-shell';

// The frame every staff page about one thing shares (a payout, a dispute, a KYC application, a
// weight discrepancy, a wallet): its id from the address, the way back to its list, and the
// loading and retry of what the page's machine loads.

/** The list a detail page belongs to, as its breadcrumb names it. */
export interface StaffList {
  to: string;
  label: string;
}

/**
 * The page for the address's numeric id, keyed by it (another id starts afresh); an address that
 * is not an id says '<what> not found' and asks the server nothing.
 */
export function StaffDetailRoute({
  param,
  what,
  list,
  page,
}: {
  /** the route parameter that holds the id */
  param: string;
  /** what the page shows, for 'not found' */
  what: string;
  list: StaffList;
  page: (id: number) => ReactNode;
}) {
  const id = useParams()[param] ?? '';
  if (!/^\d{1,9}$/.test(id))
    return (
      <StaffShell>
        <div className="page stack">
          <h1>{what} not found</h1>
          <p>
            <Link to={list.to}>Back to {list.label}</Link>
          </p>
        </div>
      </StaffShell>
    );
  return <Fragment key={id}>{page(Number(id))}</Fragment>;
}

/** The breadcrumb back to the list, then the page's content once its machine has loaded it. */
export function StaffDetailFrame({
  list,
  crumb,
  loading,
  error,
  onRetry,
  children,
}: {
  list: StaffList;
  /** the breadcrumb's last step: this thing's name */
  crumb: ReactNode;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  children: () => ReactNode;
}) {
  return (
    <StaffShell>
      <div className="page stack">
        <Breadcrumb to={list.to} label={list.label}>
          {crumb}
        </Breadcrumb>
        <Loadable loading={loading} error={error} onRetry={onRetry}>
          {children}
        </Loadable>
      </div>
    </StaffShell>
  );
}

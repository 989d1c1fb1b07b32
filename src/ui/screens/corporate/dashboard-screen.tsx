import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import * as v from 'valibot';
import type { CorporateAccountRow } from '../../../domain/account-contract';
import { countOf, formatPhone } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { API_CORPORATE } from '../../../domain/corporate-contract';
import { notify } from '../../../services/notify';
import { openPopup } from '../../../services/popup';
import { useForm } from '../../hooks/use-form';
import { useOperation } from '../../hooks/use-operation';
import { Badge, Button, DataTable, Loadable, Stat, TextField, type Column } from '../../kit';
import { StaffShell } from '../shell/staff-shell';
import { labelOf } from '../../../domain/display-labels';

// /dakiya/dashboard: the staff landing. Counts, then the seller accounts (spec section 3 columns)
// with 'Open seller panel': an admin session for that seller in a popup (/home?at=<token>).

export const SELLER_PANEL_POPUP = { name: 'dakiya-seller-panel', width: 450, height: 600 } as const;
const PAGE_SIZE = 10;

interface AccountsQuery {
  pageNumber: number;
  recordsPerPage: number;
  searchPattern: string;
}
/** The search box: its text, trimmed (the server checks its length) */
const AccountSearch = v.object({ searchPattern: v.pipe(v.string(), v.trim()) });

function useSellerPanel() {
  // The window opens on the click itself (a popup opened after an await is blocked), then
  // navigates once the token arrives.
  const popup = useRef<Window | null>(null);
  const request = useOperation(API_CORPORATE.impersonate, (accountId: number) => ({ params: { accountId } }), {
    onDone: ({ accessToken: token }) => {
      if (popup.current && !popup.current.closed) popup.current.location.href = `/home?at=${encodeURIComponent(token)}`;
      else notify({ kind: 'error', message: 'Allow pop-ups for this site to open the seller panel' });
    },
    onError: (message) => {
      popup.current?.close();
      notify({ kind: 'error', message });
    },
  });
  const open = (accountId: number) => {
    popup.current = openPopup(
      'about:blank',
      SELLER_PANEL_POPUP.name,
      SELLER_PANEL_POPUP.width,
      SELLER_PANEL_POPUP.height,
    );
    request.run(accountId);
  };
  return { open, opening: request.running };
}

function AccountsTable() {
  const [query, setQuery] = useState<AccountsQuery>({ pageNumber: 0, recordsPerPage: PAGE_SIZE, searchPattern: '' });
  const search = useForm(AccountSearch, { searchPattern: '' });
  const accounts = useOperation(
    API_CORPORATE.accounts,
    (q: AccountsQuery | undefined) => {
      const { pageNumber, recordsPerPage, searchPattern } = q ?? query;
      return { query: { pageNumber, recordsPerPage, searchPattern: searchPattern || undefined } };
    },
    { load: true },
  );
  const panel = useSellerPanel();
  const go = (q: AccountsQuery) => {
    setQuery(q);
    accounts.run(q);
  };
  const page = accounts.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.recordsPerPage)) : 1;
  const columns: Column<CorporateAccountRow>[] = [
    { header: 'First name', cell: (r) => r.firstName },
    { header: 'Last name', cell: (r) => r.lastName },
    { header: 'Email', cell: (r) => r.email },
    { header: 'Phone', cell: (r) => formatPhone(r.phone) },
    { header: 'Role', cell: (r) => labelOf('role', r.role) },
    {
      header: 'Status',
      cell: (r) => (r.enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="danger">Disabled</Badge>),
    },
    {
      header: 'Action',
      cell: (r) => (
        <Button
          variant="secondary"
          disabled={panel.opening}
          onClick={() => panel.open(r.accountId)}
          aria-label={`Open seller panel for ${r.email}`}
        >
          Open seller panel
        </Button>
      ),
    },
  ];
  return (
    <section aria-labelledby="accounts-heading" id="accounts" tabIndex={-1}>
      <h2 id="accounts-heading">Seller accounts</h2>
      <form
        role="search"
        className="row search-row"
        onSubmit={(e) => {
          e.preventDefault();
          search.submitTo(({ searchPattern }) => go({ ...query, pageNumber: 0, searchPattern }))();
        }}
      >
        <TextField label="Search by name, email, phone or company" {...search.field('searchPattern')} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <Loadable loading={accounts.loading} error={accounts.error} onRetry={accounts.retry}>
        {() => (
          <>
            <DataTable
              caption="Seller accounts"
              columns={columns}
              rows={page?.items ?? []}
              rowKey={(r) => r.accountId}
              empty={MSG.noResults}
            />
            {page && page.total > 0 && (
              <nav aria-label="Pages" className="row pager">
                <Button
                  variant="ghost"
                  disabled={page.pageNumber === 0}
                  onClick={() => go({ ...query, pageNumber: page.pageNumber - 1 })}
                >
                  Previous
                </Button>
                <span className="small-print">
                  Page {page.pageNumber + 1} of {pages} · {countOf(page.total, 'accounts')}
                </span>
                <Button
                  variant="ghost"
                  disabled={page.pageNumber + 1 >= pages}
                  onClick={() => go({ ...query, pageNumber: page.pageNumber + 1 })}
                >
                  Next
                </Button>
              </nav>
            )}
          </>
        )}
      </Loadable>
    </section>
  );
}

function Counts() {
  const counts = useOperation(API_CORPORATE.dashboard, {}, { load: true });
  return (
    <Loadable loading={counts.loading} error={counts.error} onRetry={counts.retry}>
      {() =>
        counts.data && (
          <div className="grid-stats">
            <Stat label="Organisations" value={counts.data.organisations.toLocaleString('en-IN')} />
            <Stat label="Seller accounts" value={counts.data.accounts.toLocaleString('en-IN')} />
            <Stat label="Unverified accounts" value={counts.data.unverifiedAccounts.toLocaleString('en-IN')} />
            <Stat label="Sign-ups in the last 7 days" value={counts.data.signupsLast7Days.toLocaleString('en-IN')} />
          </div>
        )
      }
    </Loadable>
  );
}

export function DashboardScreen() {
  const location = useLocation();
  useEffect(() => {
    if (location.hash === '#accounts') document.getElementById('accounts')?.focus();
  }, [location.hash]);
  return (
    <StaffShell>
      <div className="page">
        <div className="page-head">
          <h1>Dashboard</h1>
          <p>Dakiya staff overview</p>
        </div>
        <Counts />
        <AccountsTable />
      </div>
    </StaffShell>
  );
}

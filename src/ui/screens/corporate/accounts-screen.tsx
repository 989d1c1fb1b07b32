import { Link } from 'react-router-dom';
import { type CorporateAccountRow } from '../../../domain/account-contract';
import { API_CORPORATE } from '../../../domain/corporate-contract';
import { labelOf } from '../../../domain/display-labels';
import { formatDate, formatPhone } from '../../../domain/format';
import { useListParams } from '../../lists/list-filters';
import { ListView, type ListColumn } from '../../lists/list-view';
import { Badge } from '../../kit';
import { StaffShell } from '../shell/staff-shell';

// /dakiya/accounts: every seller login, newest first, searched by name, email, phone or company;
// a row opens the seller's whole picture.

const COLUMNS: ListColumn<CorporateAccountRow>[] = [
  {
    header: 'Seller',
    cell: (r) => (
      <Link to={`/dakiya/accounts/${r.accountId}`}>
        {r.firstName} {r.lastName}
      </Link>
    ),
  },
  { header: 'Company', cell: (r) => r.companyName ?? '—' },
  { header: 'Email', cell: (r) => r.email },
  { header: 'Phone', cell: (r) => formatPhone(r.phone) },
  { header: 'Role', cell: (r) => labelOf('role', r.role) },
  {
    header: 'Email verified',
    cell: (r) => (r.enabled ? <Badge tone="success">Verified</Badge> : <Badge tone="danger">Not verified</Badge>),
  },
  { header: 'Joined', cell: (r) => formatDate(r.createdAt) },
];

export function StaffAccountsScreen() {
  const list = useListParams();
  return (
    <StaffShell>
      <div className="page stack">
        <header className="page-head">
          <h1>Accounts</h1>
          <p>Every seller login; open one for its plan, KYC, wallet, orders and payouts.</p>
        </header>
        <ListView
          caption="Seller accounts"
          noun="accounts"
          path={API_CORPORATE.accounts.path}
          columns={COLUMNS}
          rowKey={(r) => r.accountId}
          rowLabel={(r) => r.email}
          sortBy="createdAt"
          searchLabel="Search by name, email, phone or company"
          refreshOn="staffConsole"
          initialQuery={{ ...list.initialQuery, recordsPerPage: 20 }}
          onQueryChange={list.keepQuery}
        />
      </div>
    </StaffShell>
  );
}

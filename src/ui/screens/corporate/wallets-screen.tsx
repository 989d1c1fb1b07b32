import { Link } from 'react-router-dom';
import { API_WALLET, type StaffWalletRow } from '../../../domain/wallet-contract';
import { formatRupees } from '../../../domain/format';
import { useListParams } from '../../lists/list-filters';
import { ListView, type ListColumn } from '../../lists/list-view';
import { StaffShell } from '../shell/staff-shell';

// /dakiya/wallets: every seller's wallet (balance, held for weight discrepancies, postpaid credit
// limit, what bookings may still use), postpaid first; a row opens the wallet's limit, adjustments
// and their audits.

const COLUMNS: ListColumn<StaffWalletRow>[] = [
  {
    header: 'Seller',
    cell: (r) => <Link to={`/dakiya/wallets/${r.orgId}`}>{r.companyName}</Link>,
  },
  { header: 'Owner', cell: (r) => r.email || '—' },
  { header: 'Balance', cell: (r) => formatRupees(r.balancePaise) },
  { header: 'Held', cell: (r) => formatRupees(r.heldPaise) },
  { header: 'Credit limit', cell: (r) => (r.creditLimitPaise > 0 ? formatRupees(r.creditLimitPaise) : 'Prepaid') },
  { header: 'Usable', cell: (r) => <strong>{formatRupees(r.usablePaise)}</strong> },
];

export function StaffWalletsScreen() {
  const list = useListParams();
  return (
    <StaffShell>
      <div className="page stack">
        <header className="page-head">
          <h1>Wallets</h1>
          <p>Postpaid credit limits and hand adjustments, each with its reason and audit.</p>
        </header>
        <ListView
          caption="Seller wallets"
          noun="wallets"
          path={API_WALLET.wallets.path}
          columns={COLUMNS}
          rowKey={(r) => r.orgId}
          rowLabel={(r) => r.companyName}
          sortBy="companyName"
          searchLabel="Search by company, owner email or seller id"
          refreshOn="wallet"
          initialQuery={{ ...list.initialQuery, recordsPerPage: 20 }}
          onQueryChange={list.keepQuery}
        />
      </div>
    </StaffShell>
  );
}

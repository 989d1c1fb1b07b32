import { API_BANK, type BankAccountChangeRow } from '../../../domain/bank-contract';
import { formatDateTime } from '../../../domain/format';
import { useListParams } from '../../lists/list-filters';
import { ListView, type ListColumn } from '../../lists/list-view';
import { Badge } from '../../kit';
import { StaffShell } from '../shell/staff-shell';

// /dakiya/bank-account-changes: every change to sellers' bank accounts for COD remittance, newest
// first, with the masked number, who made it and whether the owner's OTP confirmed it.

const COLUMNS: ListColumn<BankAccountChangeRow>[] = [
  { header: 'When', cell: (r) => formatDateTime(r.createdAt) },
  { header: 'Seller', cell: (r) => r.companyName },
  { header: 'Change', cell: (r) => r.actionText },
  { header: 'Account', cell: (r) => `${r.bankName} ${r.accountNumberMasked} (${r.ifsc})` },
  { header: 'Details', cell: (r) => r.detail },
  { header: 'By', cell: (r) => r.actorEmail },
  { header: 'OTP', cell: (r) => (r.otpConfirmed ? <Badge tone="success">Confirmed</Badge> : '—') },
];

export function StaffBankChangesScreen() {
  const list = useListParams();
  return (
    <StaffShell>
      <div className="page stack">
        <div className="page-head">
          <h1>Bank account changes</h1>
          <p>Sellers’ bank accounts for COD remittance: each account added, verified, made primary or removed.</p>
        </div>
        <ListView
          caption="Bank account changes"
          noun="changes"
          path={API_BANK.staffChanges.path}
          columns={COLUMNS}
          rowKey={(r) => r.changeId}
          sortBy="createdAt"
          sortOrder="DESC"
          searchLabel="Search by company, IFSC, bank or last 4 digits"
          initialQuery={{ ...list.initialQuery, recordsPerPage: 20 }}
          onQueryChange={list.keepQuery}
        />
      </div>
    </StaffShell>
  );
}

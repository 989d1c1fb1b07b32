import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Paged } from '../../../domain/paging';
import {
  API_KYC,
  KYC_BUSINESS_TYPE_LABELS,
  KYC_BUSINESS_TYPES,
  KYC_STATUS_LABELS,
  type StaffKycList,
  type StaffKycRow,
} from '../../../domain/kyc-contract';
import { formatDateTime } from '../../../domain/format';
import { ListFilters, StatusTabs, useListParams, type SelectFilter } from '../../lists/list-filters';
import { ListView, type ListColumn } from '../../lists/list-view';
import { Badge } from '../../kit';
import { StaffShell } from '../shell/staff-shell';

// /dakiya/kyc: the KYC approval queue. Waiting for review first (oldest submission first), by
// status (with counts), business type and a search over company, name, PAN and GSTIN.

const COLUMNS: ListColumn<StaffKycRow>[] = [
  {
    header: 'Application',
    cell: (r) => <Link to={`/dakiya/kyc/${r.applicationId}`}>Open KYC {r.applicationId}</Link>,
  },
  { header: 'Seller', cell: (r) => r.companyName },
  { header: 'Name', cell: (r) => r.profileName ?? '—' },
  { header: 'Business type', cell: (r) => (r.businessType ? KYC_BUSINESS_TYPE_LABELS[r.businessType] : '—') },
  { header: 'Submitted', cell: (r) => (r.submittedAt ? formatDateTime(r.submittedAt) : '—') },
  { header: 'Documents', cell: (r) => r.documentCount },
  {
    header: 'Status',
    cell: (r) => <Badge tone={r.status === 'APPROVED' ? 'success' : 'warning'}>{KYC_STATUS_LABELS[r.status]}</Badge>,
  },
];

const FILTERS: SelectFilter[] = [
  {
    param: 'type',
    label: 'Business type',
    options: KYC_BUSINESS_TYPES.map((t) => ({ value: t, label: KYC_BUSINESS_TYPE_LABELS[t] })),
  },
];

const TABS = ['SUBMITTED', 'REJECTED', 'APPROVED', 'DRAFT'] as const;

export function StaffKycQueueScreen() {
  const list = useListParams();
  const [counts, setCounts] = useState<StaffKycList['counts'] | null>(null);
  const tab = TABS.find((t) => t === list.get('tab')) ?? 'SUBMITTED';
  const filters = { status: tab, ...list.filters({ accountType: 'type' }) };
  const onPage = useCallback((page: Paged<unknown>) => setCounts((page as StaffKycList).counts), []);
  return (
    <StaffShell>
      <div className="page stack">
        <div className="page-head">
          <h1>KYC approvals</h1>
          <p>Open an application, look at its documents, then approve it or send documents back with a remark.</p>
        </div>
        <StatusTabs
          label="KYC status"
          tabs={TABS.map((s) => ({ key: s, label: KYC_STATUS_LABELS[s], count: counts?.[s] ?? 0 }))}
          active={tab}
          list={list}
          countInLabel
        />
        <ListFilters list={list} selects={FILTERS} />
        <ListView
          caption="KYC applications"
          noun="applications"
          path={API_KYC.pendingApprovals.path}
          columns={COLUMNS}
          rowKey={(r) => r.applicationId}
          sortBy="submittedAt"
          searchLabel="Search by company, name, PAN or GSTIN"
          filters={filters}
          initialQuery={{ ...list.initialQuery, recordsPerPage: 20 }}
          onQueryChange={list.keepQuery}
          onPage={onPage}
          refreshOn="kyc"
        />
      </div>
    </StaffShell>
  );
}

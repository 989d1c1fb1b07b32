import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Paged } from '../../../domain/account-contract';
import {
  API_DISPUTES,
  DISPUTE_CATEGORIES,
  DISPUTE_CATEGORY_LABELS,
  DISPUTE_STATUS_LABELS,
  DISPUTE_STATUSES,
  type DisputeRow,
  type StaffDisputeList,
} from '../../../domain/disputes-contract';
import { formatDateTime } from '../../../domain/format';
import { ListFilters, StatusTabs, useListParams, type SelectFilter } from '../../lists/list-filters';
import { ListView, type ListColumn } from '../../lists/list-view';
import { DisputeStatusBadge } from '../disputes/dispute-status-badge';
import { StaffShell } from '../shell/staff-shell';

// /dakiya/disputes: every seller's delivery disputes, by status (with counts), category and a
// search over AWB, order number and company; a row opens the dispute. Filters live in the URL.

const COLUMNS: ListColumn<DisputeRow>[] = [
  {
    header: 'Dispute',
    cell: (r) => <Link to={`/dakiya/disputes/${r.disputeId}`}>Open dispute {r.disputeId}</Link>,
  },
  { header: 'Raised', cell: (r) => formatDateTime(r.raisedAt) },
  { header: 'Seller', cell: (r) => r.companyName },
  { header: 'AWB', cell: (r) => <span className="awb">{r.awb}</span> },
  { header: 'Courier', cell: (r) => r.carrierName },
  { header: 'Issue', cell: (r) => r.categoryText },
  { header: 'Status', cell: (r) => <DisputeStatusBadge status={r.status} /> },
];

const FILTERS: SelectFilter[] = [
  {
    param: 'issue',
    label: 'Issue',
    options: DISPUTE_CATEGORIES.map((c) => ({ value: c, label: DISPUTE_CATEGORY_LABELS[c] })),
  },
];

/** 'ALL' lists every status; the first tab (open) is the default. */
const TAB_CODES = [...DISPUTE_STATUSES, 'ALL'] as const;

export function StaffDisputesScreen() {
  const list = useListParams();
  const [counts, setCounts] = useState<StaffDisputeList['counts'] | null>(null);
  const tab = TAB_CODES.find((t) => t === list.get('tab')) ?? 'OPEN';
  const filters = { status: tab === 'ALL' ? undefined : tab, ...list.filters({ category: 'issue' }) };
  const onPage = useCallback((page: Paged<unknown>) => setCounts((page as StaffDisputeList).counts), []);
  return (
    <StaffShell>
      <div className="page stack">
        <div className="page-head">
          <h1>Delivery disputes</h1>
          <p>Send each to its courier, then accept it with the amount to credit or reject it with a note.</p>
        </div>
        <StatusTabs
          label="Dispute status"
          tabs={[
            ...DISPUTE_STATUSES.map((s) => ({ key: s, label: DISPUTE_STATUS_LABELS[s], count: counts?.[s] ?? 0 })),
            { key: 'ALL', label: 'All', count: DISPUTE_STATUSES.reduce((n, s) => n + (counts?.[s] ?? 0), 0) },
          ]}
          active={tab}
          list={list}
          countInLabel
        />
        <ListFilters list={list} selects={FILTERS} />
        <ListView
          caption="Delivery disputes"
          noun="disputes"
          path={API_DISPUTES.staffList}
          columns={COLUMNS}
          rowKey={(r) => r.disputeId}
          sortBy="raisedAt"
          sortOrder="DESC"
          searchLabel="Search by AWB, order or company"
          filters={filters}
          initialQuery={{ ...list.initialQuery, recordsPerPage: 20 }}
          onQueryChange={list.keepQuery}
          onPage={onPage}
        />
      </div>
    </StaffShell>
  );
}

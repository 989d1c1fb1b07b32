import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Paged } from '../../../domain/paging';
import {
  API_DISPUTES,
  DISPUTE_RULES,
  DISPUTE_STATUS_LABELS,
  DISPUTE_STATUSES,
  type DisputeRow,
  type SellerDisputeList,
} from '../../../domain/disputes-contract';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { StatusTabs, useListParams } from '../../lists/list-filters';
import { ListView, type ListColumn } from '../../lists/list-view';
import { SellerShell } from '../shell/seller-shell';
import { DisputeStatusBadge } from './dispute-status-badge';

// /disputes: the seller's delivery disputes with their status, the credit and Dakiya's note; the
// status tab, search and page are kept in the URL.

const COLUMNS: ListColumn<DisputeRow>[] = [
  { header: 'Raised', cell: (r) => formatDateTime(r.raisedAt) },
  { header: 'Order', cell: (r) => <Link to={`/orders/${r.orderId}`}>{r.orderNumber}</Link> },
  { header: 'AWB', cell: (r) => <span className="awb">{r.awb}</span> },
  { header: 'Issue', cell: (r) => r.categoryText },
  { header: 'Status', cell: (r) => <DisputeStatusBadge status={r.status} /> },
  { header: 'Credited', cell: (r) => (r.creditedPaise === null ? '—' : formatRupees(r.creditedPaise)) },
  { header: 'Dakiya note', cell: (r) => r.staffNote ?? '—' },
];

const TAB_CODES = ['ALL', ...DISPUTE_STATUSES] as const;

export function DisputesScreen() {
  const list = useListParams();
  const [page, setPage] = useState<SellerDisputeList | null>(null);
  const tab = TAB_CODES.find((t) => t === list.get('tab')) ?? 'ALL';
  const onPage = useCallback((p: Paged<unknown>) => setPage(p as SellerDisputeList), []);
  const counts = page?.counts;
  return (
    <SellerShell>
      <div className="page stack">
        <div className="page-head">
          <h1>Delivery disputes</h1>
          <p>Raise one from an order&apos;s page within {DISPUTE_RULES.windowDays} days of its delivery or return.</p>
        </div>
        <StatusTabs
          label="Dispute status"
          tabs={[
            { key: 'ALL', label: 'All', count: DISPUTE_STATUSES.reduce((n, s) => n + (counts?.[s] ?? 0), 0) },
            ...DISPUTE_STATUSES.map((s) => ({ key: s, label: DISPUTE_STATUS_LABELS[s], count: counts?.[s] ?? 0 })),
          ]}
          active={tab}
          list={list}
          countInLabel
        />
        <ListView
          caption="Delivery disputes"
          noun="disputes"
          path={API_DISPUTES.disputes.path}
          columns={COLUMNS}
          rowKey={(r) => r.disputeId}
          sortBy="raisedAt"
          sortOrder="DESC"
          searchLabel="Search by AWB or order"
          filters={{ status: tab === 'ALL' ? undefined : tab }}
          initialQuery={list.initialQuery}
          onQueryChange={list.keepQuery}
          onPage={onPage}
        />
      </div>
    </SellerShell>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  DISPUTE_RULES,
  DISPUTE_STATUS_LABELS,
  DISPUTE_STATUSES,
  type DisputeRow,
  type DisputeStatus,
} from '../../../domain/disputes-contract';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { fetchMyDisputes } from '../../../services/disputes-client';
import { useHttp } from '../../../services/screen-services';
import { useRequest } from '../../hooks/use-request';
import { Button, DataTable, Loadable, type Column } from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { DisputeStatusBadge } from './dispute-status-badge';

// /disputes: the seller's delivery disputes with their status, the credit and Dakiya's note.

const COLUMNS: Column<DisputeRow>[] = [
  { header: 'Raised', cell: (r) => formatDateTime(r.raisedAt) },
  { header: 'Order', cell: (r) => <Link to={`/orders/${r.orderId}`}>{r.orderNumber}</Link> },
  { header: 'AWB', cell: (r) => <span className="awb">{r.awb}</span> },
  { header: 'Issue', cell: (r) => r.categoryText },
  { header: 'Status', cell: (r) => <DisputeStatusBadge status={r.status} /> },
  { header: 'Credited', cell: (r) => (r.creditedPaise === null ? '—' : formatRupees(r.creditedPaise)) },
  { header: 'Dakiya note', cell: (r) => r.staffNote ?? '—' },
];

export function DisputesScreen() {
  const http = useHttp();
  const [status, setStatus] = useState<DisputeStatus | undefined>(undefined);
  const list = useRequest((s: DisputeStatus | undefined) => fetchMyDisputes(http, s), { load: true });
  const show = (s: DisputeStatus | undefined) => {
    setStatus(s);
    list.run(s);
  };
  const counts = list.data?.counts;
  const all = counts ? Object.values(counts).reduce((a, n) => a + n, 0) : 0;
  return (
    <SellerShell>
      <div className="page stack">
        <div className="page-head">
          <h1>Delivery disputes</h1>
          <p>Raise one from an order&apos;s page within {DISPUTE_RULES.windowDays} days of its delivery or return.</p>
        </div>
        <nav aria-label="Dispute status" className="row">
          <Button
            variant={status === undefined ? 'primary' : 'secondary'}
            aria-pressed={status === undefined}
            onClick={() => show(undefined)}
          >
            All ({all})
          </Button>
          {DISPUTE_STATUSES.map((s) => (
            <Button
              key={s}
              variant={status === s ? 'primary' : 'secondary'}
              aria-pressed={status === s}
              onClick={() => show(s)}
            >
              {DISPUTE_STATUS_LABELS[s]} ({counts?.[s] ?? 0})
            </Button>
          ))}
        </nav>
        <Loadable loading={list.loading && !list.data} error={list.error} onRetry={list.retry}>
          {() => (
            <DataTable
              caption="Delivery disputes"
              columns={COLUMNS}
              rows={list.data?.items ?? []}
              rowKey={(r) => r.disputeId}
              busy={list.running}
              empty="No disputes yet"
            />
          )}
        </Loadable>
      </div>
    </SellerShell>
  );
}

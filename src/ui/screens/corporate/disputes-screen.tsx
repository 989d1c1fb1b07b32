import { Link } from 'react-router-dom';
import {
  API_DISPUTES,
  DISPUTE_CATEGORIES,
  DISPUTE_CATEGORY_LABELS,
  DISPUTE_STATUS_LABELS,
  DISPUTE_STATUSES,
  type DisputeRow,
} from '../../../domain/disputes-contract';
import { formatDateTime } from '../../../domain/format';
import type { SelectFilter } from '../../lists/list-filters';
import type { ListColumn } from '../../lists/list-view';
import { DisputeStatusBadge } from '../disputes/dispute-status-badge';
import { StaffShell } from '../shell/staff-shell';
import { StaffCaseQueue } from './staff-case-queue';

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
const TABS = [...DISPUTE_STATUSES, 'ALL'] as const;

export function StaffDisputesScreen() {
  return (
    <StaffShell>
      <div className="page stack">
        <div className="page-head">
          <h1>Delivery disputes</h1>
          <p>Send each to its courier, then accept it with the amount to credit or reject it with a note.</p>
        </div>
        <StaffCaseQueue
          tabLabel="Dispute status"
          tabs={TABS}
          statuses={DISPUTE_STATUSES}
          statusLabels={DISPUTE_STATUS_LABELS}
          selects={FILTERS}
          selectParams={{ category: 'issue' }}
          caption="Delivery disputes"
          noun="disputes"
          path={API_DISPUTES.staffList.path}
          columns={COLUMNS}
          rowKey={(r) => r.disputeId}
        />
      </div>
    </StaffShell>
  );
}

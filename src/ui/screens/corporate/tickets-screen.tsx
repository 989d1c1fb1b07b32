import { Link } from 'react-router-dom';
import {
  API_TICKETS,
  STAFF_TICKET_STATUS_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUSES,
  resolutionTimeText,
  type TicketRow,
} from '../../../domain/tickets-contract';
import { formatDateTime } from '../../../domain/format';
import { SUPPORT_LINE_LABELS } from '../../../domain/support-desk';
import type { SelectFilter } from '../../lists/list-filters';
import type { ListColumn } from '../../lists/list-view';
import { Badge } from '../../kit';
import { PriorityBadge, TicketStatusBadge } from '../help/ticket-parts';
import { StaffShell } from '../shell/staff-shell';
import { CannedRepliesCard } from './canned-replies-card';
import { StaffCaseQueue } from './staff-case-queue';

// /dakiya/tickets: the help desk queue. Every seller's tickets by status (with counts), priority,
// assignee, breached SLA and support line (24×7 tickets flagged, and first when ordered by the
// first answer due), searched by ticket number, subject, AWB, order or company; a row
// opens the ticket. Filters live in the URL.

const COLUMNS: ListColumn<TicketRow>[] = [
  { header: 'Ticket', cell: (r) => <Link to={`/dakiya/tickets/${r.ticketId}`}>{r.ticketNumber}</Link> },
  { header: 'Raised', cell: (r) => formatDateTime(r.createdAt) },
  { header: 'Seller', cell: (r) => r.companyName },
  { header: 'Subject', cell: (r) => r.subject },
  { header: 'Priority', cell: (r) => <PriorityBadge priority={r.priority} /> },
  {
    header: 'Line',
    cell: (r) =>
      r.supportLine === 'ROUND_THE_CLOCK' ? (
        <Badge tone="brand">{SUPPORT_LINE_LABELS.ROUND_THE_CLOCK}</Badge>
      ) : (
        <span>{SUPPORT_LINE_LABELS.WORKING_HOURS}</span>
      ),
  },
  { header: 'First answer due', cell: (r) => formatDateTime(r.firstResponseDue) },
  {
    header: 'SLA',
    cell: (r) =>
      r.breached ? <Badge tone="danger">Breached</Badge> : <span>Due {formatDateTime(r.resolutionDue)}</span>,
  },
  { header: 'Handled by', cell: (r) => r.handlerName ?? 'Unassigned' },
  { header: 'Status', cell: (r) => <TicketStatusBadge status={r.status} text={r.statusText} /> },
  { header: 'Resolution', cell: (r) => <span className="clamp-2">{r.resolution ?? '—'}</span> },
  { header: 'Resolved in', cell: (r) => resolutionTimeText(r.resolutionMinutes) },
];

const FILTERS: SelectFilter[] = [
  {
    param: 'priority',
    label: 'Priority',
    options: TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] })),
  },
  {
    param: 'assignee',
    label: 'Assignee',
    options: [
      { value: 'me', label: 'Mine' },
      { value: 'none', label: 'Unassigned' },
    ],
  },
  {
    param: 'sla',
    label: 'SLA',
    options: [
      { value: 'true', label: 'Breached' },
      { value: 'false', label: 'Within SLA' },
    ],
  },
  {
    param: 'line',
    label: 'Support line',
    options: [
      { value: 'ROUND_THE_CLOCK', label: '24×7 (Pro, Premium)' },
      { value: 'WORKING_HOURS', label: 'Working hours (Free, Lite)' },
    ],
  },
  {
    param: 'order',
    label: 'Order',
    options: [{ value: 'due', label: '24×7 first, then first answer due' }],
  },
];

const TABS = [...TICKET_STATUSES, 'ALL'] as const;

export function StaffTicketsScreen() {
  return (
    <StaffShell>
      <div className="page stack">
        <div className="page-head">
          <h1>Support tickets</h1>
          <p>Take a ticket, answer the seller (a canned reply helps), and resolve it with what was done.</p>
        </div>
        <StaffCaseQueue
          tabLabel="Ticket status"
          tabs={TABS}
          statuses={TICKET_STATUSES}
          statusLabels={STAFF_TICKET_STATUS_LABELS}
          selects={FILTERS}
          selectParams={{
            priority: 'priority',
            assignee: 'assignee',
            breached: 'sla',
            supportLine: 'line',
            order: 'order',
          }}
          caption="Support tickets"
          noun="tickets"
          path={API_TICKETS.staffList.path}
          columns={COLUMNS}
          rowKey={(r) => r.ticketId}
          searchLabel="Search by ticket, subject, AWB, order or company"
        />
        <CannedRepliesCard />
      </div>
    </StaffShell>
  );
}

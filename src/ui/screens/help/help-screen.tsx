import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Paged } from '../../../domain/paging';
import {
  API_TICKETS,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  resolutionTimeText,
  type SellerTicketList,
  type TicketRow,
} from '../../../domain/tickets-contract';
import { formatDateTime } from '../../../domain/format';
import { mayUse } from '../../../domain/permissions';
import { useScreenSession } from '../../../services/screen-services';
import { StatusTabs, useListParams } from '../../lists/list-filters';
import { ListView, type ListColumn } from '../../lists/list-view';
import { Card } from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { NewTicketForm } from './new-ticket-form';
import { AccountManagerNote } from './account-manager-note';
import { SupportLineCard } from './support-line-card';
import { TicketStatusBadge } from './ticket-parts';

// /help: the help centre. Raise a ticket (prefilled when a "Get help" link brought the seller
// here), follow one's tickets by status (the tab, search and page kept in the URL), and replay
// the guided tour.

const COLUMNS: ListColumn<TicketRow>[] = [
  { header: 'Ticket', cell: (r) => <Link to={`/help/tickets/${r.ticketId}`}>{r.ticketNumber}</Link> },
  { header: 'Subject', cell: (r) => r.subject },
  { header: 'About', cell: (r) => (r.awb ? <span className="awb">{r.awb}</span> : (r.orderNumber ?? r.categoryText)) },
  { header: 'Status', cell: (r) => <TicketStatusBadge status={r.status} text={r.statusText} /> },
  { header: 'Handled by', cell: (r) => r.handlerName ?? 'Not yet assigned' },
  { header: 'Resolution', cell: (r) => <span className="clamp-2">{r.resolution ?? '—'}</span> },
  { header: 'Resolved in', cell: (r) => resolutionTimeText(r.resolutionMinutes) },
  { header: 'Updated', cell: (r) => formatDateTime(r.updatedAt) },
];

const TAB_CODES = ['ALL', ...TICKET_STATUSES] as const;

function MyTickets() {
  const list = useListParams();
  const [page, setPage] = useState<SellerTicketList | null>(null);
  const tab = TAB_CODES.find((t) => t === list.get('tab')) ?? 'ALL';
  const onPage = useCallback((p: Paged<unknown>) => setPage(p as SellerTicketList), []);
  const counts = page?.counts;
  return (
    <Card className="stack">
      <h2>My tickets</h2>
      <StatusTabs
        label="Ticket status"
        tabs={[
          { key: 'ALL', label: 'All', count: TICKET_STATUSES.reduce((n, s) => n + (counts?.[s] ?? 0), 0) },
          ...TICKET_STATUSES.map((s) => ({ key: s, label: TICKET_STATUS_LABELS[s], count: counts?.[s] ?? 0 })),
        ]}
        active={tab}
        list={list}
        countInLabel
      />
      <ListView
        caption="My tickets"
        noun="tickets"
        path={API_TICKETS.tickets.path}
        columns={COLUMNS}
        rowKey={(r) => r.ticketId}
        sortBy="raisedAt"
        sortOrder="DESC"
        searchLabel="Search by ticket, subject, AWB or order"
        filters={{ status: tab === 'ALL' ? undefined : tab }}
        refreshOn="tickets"
        initialQuery={list.initialQuery}
        onQueryChange={list.keepQuery}
        onPage={onPage}
      />
    </Card>
  );
}

export function HelpScreen() {
  const account = useScreenSession().account;
  const may = (p: 'tickets.view' | 'tickets.manage') => !account || mayUse(account.role, account.permissions, p);
  return (
    <SellerShell>
      <div className="page stack">
        <div className="page-head">
          <h1>Help</h1>
          <p>
            Raise a ticket and follow it here; we answer by email too. New to Dakiya?{' '}
            <Link to="/home?tour=1">Take the tour again</Link>.
          </p>
        </div>
        <SupportLineCard />
        <AccountManagerNote />
        <div className="grid-2 help-grid">
          {may('tickets.manage') && <NewTicketForm />}
          {may('tickets.view') && <MyTickets />}
        </div>
      </div>
    </SellerShell>
  );
}

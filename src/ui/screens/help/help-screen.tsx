import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  type TicketRow,
  type TicketStatus,
} from '../../../domain/tickets-contract';
import { formatDateTime } from '../../../domain/format';
import { mayUse } from '../../../domain/permissions';
import { useOnInvalidate } from '../../../services/invalidate';
import { useHttp, useScreenSession } from '../../../services/screen-services';
import { fetchMyTickets } from '../../../services/tickets-client';
import { useRequest } from '../../hooks/use-request';
import { Button, Card, DataTable, Loadable, type Column } from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { NewTicketForm } from './new-ticket-form';
import { TicketStatusBadge } from './ticket-parts';

// /help: the help centre. Raise a ticket (prefilled when a "Get help" link brought the seller
// here), follow one's tickets by status, and replay the guided tour.

const COLUMNS: Column<TicketRow>[] = [
  { header: 'Ticket', cell: (r) => <Link to={`/help/tickets/${r.ticketId}`}>{r.ticketNumber}</Link> },
  { header: 'Subject', cell: (r) => r.subject },
  { header: 'About', cell: (r) => (r.awb ? <span className="awb">{r.awb}</span> : (r.orderNumber ?? r.categoryText)) },
  { header: 'Status', cell: (r) => <TicketStatusBadge status={r.status} text={r.statusText} /> },
  { header: 'Updated', cell: (r) => formatDateTime(r.updatedAt) },
];

export function HelpScreen() {
  const http = useHttp();
  const account = useScreenSession().account;
  const may = (p: 'tickets.view' | 'tickets.manage') => !account || mayUse(account.role, account.permissions, p);
  const [status, setStatus] = useState<TicketStatus | undefined>(undefined);
  const canView = may('tickets.view');
  const list = useRequest((s: TicketStatus | undefined) => fetchMyTickets(http, s), { load: canView });
  useOnInvalidate(canView ? 'tickets' : undefined, () => list.run(status));
  const show = (s: TicketStatus | undefined) => {
    setStatus(s);
    list.run(s);
  };
  const counts = list.data?.counts;
  const all = counts ? Object.values(counts).reduce((a, n) => a + n, 0) : 0;
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
        <div className="grid-2 help-grid">
          {may('tickets.manage') && <NewTicketForm />}
          {canView && (
            <Card className="stack">
              <h2>My tickets</h2>
              <nav aria-label="Ticket status" className="row">
                <Button
                  className="btn-small"
                  variant={status === undefined ? 'primary' : 'secondary'}
                  aria-pressed={status === undefined}
                  onClick={() => show(undefined)}
                >
                  All ({all})
                </Button>
                {TICKET_STATUSES.map((s) => (
                  <Button
                    key={s}
                    className="btn-small"
                    variant={status === s ? 'primary' : 'secondary'}
                    aria-pressed={status === s}
                    onClick={() => show(s)}
                  >
                    {TICKET_STATUS_LABELS[s]} ({counts?.[s] ?? 0})
                  </Button>
                ))}
              </nav>
              <Loadable loading={list.loading && !list.data} error={list.error} onRetry={list.retry}>
                {() => (
                  <DataTable
                    caption="My tickets"
                    columns={COLUMNS}
                    rows={list.data?.items ?? []}
                    rowKey={(r) => r.ticketId}
                    busy={list.running}
                    empty="No tickets yet"
                  />
                )}
              </Loadable>
            </Card>
          )}
        </div>
      </div>
    </SellerShell>
  );
}

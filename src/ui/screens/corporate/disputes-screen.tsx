import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  DISPUTE_CATEGORIES,
  DISPUTE_CATEGORY_LABELS,
  DISPUTE_STATUS_LABELS,
  DISPUTE_STATUSES,
  type DisputeRow,
} from '../../../domain/disputes-contract';
import { countOf, formatDateTime } from '../../../domain/format';
import { fetchStaffDisputes, type StaffDisputeQuery } from '../../../services/disputes-client';
import { useHttp } from '../../../services/screen-services';
import { useRequest } from '../../hooks/use-request';
import { Button, DataTable, Loadable, SelectField, TextField, type Column } from '../../kit';
import { DisputeStatusBadge } from '../disputes/dispute-status-badge';
import { StaffShell } from '../shell/staff-shell';

// /dakiya/disputes: every seller's delivery disputes, by status (with counts), category and a
// search over AWB, order number and company; a row opens the dispute.

const PAGE_SIZE = 20;

const COLUMNS: Column<DisputeRow>[] = [
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

export function StaffDisputesScreen() {
  const http = useHttp();
  const [query, setQuery] = useState<StaffDisputeQuery>({ status: 'OPEN', pageNumber: 0, recordsPerPage: PAGE_SIZE });
  const [search, setSearch] = useState('');
  const list = useRequest((q: StaffDisputeQuery | undefined) => fetchStaffDisputes(http, q ?? query), { load: true });
  const go = (q: StaffDisputeQuery) => {
    setQuery(q);
    list.run(q);
  };
  const page = list.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.recordsPerPage)) : 1;
  return (
    <StaffShell>
      <div className="page stack">
        <div className="page-head">
          <h1>Delivery disputes</h1>
          <p>Send each to its courier, then accept it with the amount to credit or reject it with a note.</p>
        </div>
        <nav aria-label="Dispute status" className="row">
          {DISPUTE_STATUSES.map((s) => (
            <Button
              key={s}
              variant={query.status === s ? 'primary' : 'secondary'}
              aria-pressed={query.status === s}
              onClick={() => go({ ...query, status: s, pageNumber: 0 })}
            >
              {DISPUTE_STATUS_LABELS[s]} ({page?.counts[s] ?? 0})
            </Button>
          ))}
          <Button
            variant={query.status === undefined ? 'primary' : 'secondary'}
            aria-pressed={query.status === undefined}
            onClick={() => go({ ...query, status: undefined, pageNumber: 0 })}
          >
            All ({DISPUTE_STATUSES.reduce((n, s) => n + (page?.counts[s] ?? 0), 0)})
          </Button>
        </nav>
        <form
          role="search"
          className="row search-row search-row-wrap"
          onSubmit={(e) => {
            e.preventDefault();
            go({ ...query, pageNumber: 0, searchPattern: search.trim() });
          }}
        >
          <TextField
            label="Search by AWB, order or company"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <SelectField
            label="Issue"
            placeholder="All issues"
            value={query.category ?? ''}
            options={DISPUTE_CATEGORIES.map((c) => ({ value: c, label: DISPUTE_CATEGORY_LABELS[c] }))}
            onChange={(e) =>
              go({
                ...query,
                pageNumber: 0,
                category: (e.target.value || undefined) as StaffDisputeQuery['category'],
              })
            }
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
        <Loadable loading={list.loading && !page} error={list.error} onRetry={list.retry}>
          {() => (
            <>
              <DataTable
                caption="Delivery disputes"
                columns={COLUMNS}
                rows={page?.items ?? []}
                rowKey={(r) => r.disputeId}
                busy={list.running}
                empty="No disputes here"
              />
              {page && page.total > 0 && (
                <nav aria-label="Pages" className="row pager">
                  <Button
                    variant="ghost"
                    disabled={page.pageNumber === 0}
                    onClick={() => go({ ...query, pageNumber: page.pageNumber - 1 })}
                  >
                    Previous
                  </Button>
                  <span className="small-print">
                    Page {page.pageNumber + 1} of {pages} · {countOf(page.total, 'disputes')}
                  </span>
                  <Button
                    variant="ghost"
                    disabled={page.pageNumber + 1 >= pages}
                    onClick={() => go({ ...query, pageNumber: page.pageNumber + 1 })}
                  >
                    Next
                  </Button>
                </nav>
              )}
            </>
          )}
        </Loadable>
      </div>
    </StaffShell>
  );
}

import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Paged } from '../../../domain/paging';
import {
  API_WEIGHT,
  DISCREPANCY_STATUS_LABELS,
  DISCREPANCY_STATUSES,
  WEIGHT_RULES,
  type DiscrepancyRow,
  type SellerDiscrepancyList,
} from '../../../domain/weight-contract';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { dayFilterError, ListFilters, StatusTabs, useListParams } from '../../lists/list-filters';
import { ListView, type ListColumn } from '../../lists/list-view';
import { COURIER_FILTER } from '../ndr/list-parts';
import { SellerShell } from '../shell/seller-shell';
import { DiscrepancyBadge } from './weight-parts';

// /weight-discrepancies: parcels a courier charged a heavier slab for, by status (with counts),
// courier and raised dates, a search over AWB and order; the money held; CSV export. A row opens
// the discrepancy, where it is accepted, disputed or escalated.

const COLUMNS: ListColumn<DiscrepancyRow>[] = [
  {
    header: 'AWB',
    cell: (r) => (
      <Link to={`/weight-discrepancies/${r.discrepancyId}`} className="awb">
        {r.awb}
      </Link>
    ),
  },
  { header: 'Order', cell: (r) => <Link to={`/orders/${r.orderId}`}>{r.orderNumber}</Link> },
  { header: 'Courier', cell: (r) => r.carrierName },
  { header: 'Weights', cell: (r) => `${r.sellerChargedKg} kg → ${r.courierChargedKg} kg` },
  { header: 'Amount', cell: (r) => formatRupees(r.amountPaise) },
  { header: 'Status', cell: (r) => <DiscrepancyBadge status={r.status} /> },
  { header: 'Answer by', cell: (r) => (r.status === 'NEW' ? formatDateTime(r.deadlineAt) : '—') },
];

const DAYS = { fromKey: 'fromDate', toKey: 'toDate' };
const TAB_CODES = ['ALL', ...DISCREPANCY_STATUSES] as const;

export function WeightDiscrepanciesScreen() {
  const list = useListParams();
  const [page, setPage] = useState<SellerDiscrepancyList | null>(null);
  const tab = TAB_CODES.find((t) => t === list.get('tab')) ?? 'ALL';
  const dateError = dayFilterError(list, DAYS);
  const filters = {
    status: tab === 'ALL' ? undefined : tab,
    ...list.filters({ carrierCode: 'courier', fromDate: 'from', toDate: 'to' }),
  };
  const onPage = useCallback((p: Paged<unknown>) => setPage(p as SellerDiscrepancyList), []);
  const counts = page?.counts;
  return (
    <SellerShell>
      <div className="page stack">
        <header className="page-head">
          <h1>Weight discrepancies</h1>
          <p>
            Parcels a courier weighed heavier at its hub. Accept, or dispute within {WEIGHT_RULES.answerDays} days with
            photos; without an answer it is accepted by itself.
            {page && page.heldPaise > 0 && (
              <>
                {' '}
                <strong>{formatRupees(page.heldPaise)}</strong> is held in your wallet.
              </>
            )}
          </p>
        </header>
        <StatusTabs
          label="Discrepancy status"
          tabs={[
            { key: 'ALL', label: 'All', count: DISCREPANCY_STATUSES.reduce((n, s) => n + (counts?.[s] ?? 0), 0) },
            ...DISCREPANCY_STATUSES.map((s) => ({
              key: s,
              label: DISCREPANCY_STATUS_LABELS[s],
              count: counts?.[s] ?? 0,
            })),
          ]}
          active={tab}
          list={list}
          countInLabel
        />
        <ListFilters list={list} selects={[COURIER_FILTER]} days={DAYS} />
        <ListView
          caption="Weight discrepancies"
          noun="discrepancies"
          path={API_WEIGHT.discrepancies.path}
          columns={COLUMNS}
          rowKey={(r) => r.discrepancyId}
          sortBy="raisedAt"
          sortOrder="DESC"
          searchLabel="Search by AWB or order"
          exportName="weight-discrepancies"
          filters={filters}
          filterError={dateError}
          initialQuery={list.initialQuery}
          onQueryChange={list.keepQuery}
          onPage={onPage}
        />
      </div>
    </SellerShell>
  );
}

import { Link } from 'react-router-dom';
import { INDIAN_STATES } from '../../../domain/indian-states';
import {
  API_PINCODE_PERFORMANCE,
  PERFORMANCE_DEFAULT_DAYS,
  PLACE_GROUP_TEXT,
  PLACE_GROUPS,
  type PincodePerformanceRow,
  type PlaceGroup,
} from '../../../domain/quality/pincode-performance-contract';
import { SelectField } from '../../kit';
import {
  dayFilterError,
  ListFilters,
  PAYMENT_FILTER,
  useListParams,
  type SelectFilter,
} from '../../lists/list-filters';
import { ListView, type ListColumn } from '../../lists/list-view';
import { COURIER_FILTER } from '../ndr/list-parts';
import { SellerShell } from '../shell/seller-shell';

// /reports/pincodes: where the seller's parcels arrive and where they come back, by destination
// pincode (or district, or state) and courier, over a period (the last 90 days unless dates are
// picked), filtered by courier, payment and state; sortable, paged, exported as CSV. The filters
// and grouping live in the URL, so a view can be shared.

const DAYS = { fromKey: 'fromDate', toKey: 'toDate' };
const DEFAULT_SORT = { sortBy: 'shipments', sortOrder: 'DESC' } as const;
const STATE_FILTER: SelectFilter = {
  param: 'state',
  label: 'State',
  options: INDIAN_STATES.map((s) => ({ value: s.name, label: s.name })),
};

const pct = (n: number) => `${n} %`;

function columnsFor(group: PlaceGroup): ListColumn<PincodePerformanceRow>[] {
  return [
    { header: PLACE_GROUP_TEXT[group], sortKey: 'place', cell: (r) => <strong>{r.place}</strong> },
    ...(group === 'STATE'
      ? []
      : [
          {
            header: group === 'PINCODE' ? 'District, state' : 'State',
            cell: (r: PincodePerformanceRow) => (group === 'PINCODE' ? `${r.district}, ${r.state}` : r.state),
          },
        ]),
    { header: 'Courier', cell: (r) => r.carrierName },
    { header: 'Shipments', sortKey: 'shipments', cell: (r) => r.shipments.toLocaleString('en-IN') },
    { header: 'Delivered', sortKey: 'deliveredPct', cell: (r) => pct(r.deliveredPct) },
    { header: 'RTO', sortKey: 'rtoPct', cell: (r) => pct(r.rtoPct) },
    { header: 'NDR', sortKey: 'ndrPct', cell: (r) => pct(r.ndrPct) },
    { header: 'Avg days', sortKey: 'avgDays', cell: (r) => (r.avgDays === null ? '—' : r.avgDays.toFixed(1)) },
  ];
}

export function PincodePerformanceScreen() {
  const list = useListParams({ defaultSort: DEFAULT_SORT });
  const group = PLACE_GROUPS.find((g) => g === list.get('group')) ?? 'PINCODE';
  const dateError = dayFilterError(list, DAYS);
  const filters = {
    groupBy: group,
    ...list.filters({
      carrierCode: 'courier',
      paymentMethod: 'payment',
      state: 'state',
      fromDate: 'from',
      toDate: 'to',
    }),
  };
  const pickedDays = list.get('from') || list.get('to');
  return (
    <SellerShell>
      <div className="page stack">
        <header className="page-head">
          <h1>Pincode performance</h1>
          <p>
            Your shipments by where they went and which courier took them: how many were delivered, came back (RTO) or
            had a failed delivery attempt (NDR), and the days they took from pickup.{' '}
            {pickedDays
              ? 'Shipments booked on the days you picked.'
              : `Shipments booked in the last ${PERFORMANCE_DEFAULT_DAYS} days.`}{' '}
            <Link to="/reports">All reports</Link>
          </p>
        </header>
        <div className="grid-filters">
          <SelectField
            label="Group by"
            value={group}
            onChange={(e) => list.set('group', e.target.value === 'PINCODE' ? '' : e.target.value)}
            options={PLACE_GROUPS.map((g) => ({ value: g, label: PLACE_GROUP_TEXT[g] }))}
          />
        </div>
        <ListFilters list={list} selects={[COURIER_FILTER, PAYMENT_FILTER, STATE_FILTER]} days={DAYS} />
        <ListView
          // a new grouping is a new table: its own columns and sort
          key={group}
          caption="Pincode performance"
          noun="rows"
          path={API_PINCODE_PERFORMANCE.list.path}
          columns={columnsFor(group)}
          rowKey={(r) => `${r.place}|${r.carrierCode}`}
          rowLabel={(r) => `${r.place} ${r.carrierName}`}
          sortBy={list.sort.sortBy}
          sortOrder={list.sort.sortOrder}
          exportName="pincode-performance"
          filters={filters}
          filterError={dateError}
          initialQuery={list.initialQuery}
          onQueryChange={list.keepQuery}
        />
      </div>
    </SellerShell>
  );
}

import { Link } from 'react-router-dom';
import { API_B2B, type B2bOrderRow } from '../../../domain/b2b-contract';
import { B2B_BOOKING_STATES, B2B_ORDER_SOURCES, FREIGHT_CARRIERS } from '../../../domain/b2b/order-facts';
import { formatDate, formatRupees } from '../../../domain/format';
import { FORWARD_STATUSES } from '../../../domain/order-status';
import { DISPLAY_LABELS } from '../../../domain/display-labels';
import { Badge, buttonClass } from '../../kit';
import { ListFilters, useListParams, type SelectFilter } from '../../lists/list-filters';
import { ListView, type ListColumn } from '../../lists/list-view';
import { SellerShell } from '../shell/seller-shell';

// /b2b/orders: B2B consignments, newest first, filtered like the orders list (status, source
// without API, carrier, order days) and searched by order number, LR or consignee.

const COLUMNS: ListColumn<B2bOrderRow>[] = [
  {
    header: 'Order',
    sortKey: 'orderNumber',
    cell: (r) => (
      <span>
        <Link to={`/b2b/orders/${r.orderId}`}>{r.orderNumber}</Link>
        <br />
        <span className="small-print">{formatDate(r.createdAt)}</span>
      </span>
    ),
  },
  {
    header: 'Consignee',
    cell: (r) => (
      <span>
        {r.consigneeName}
        <br />
        <span className="small-print">
          {r.consigneeCity} {r.consigneePincode}
        </span>
      </span>
    ),
  },
  { header: 'From', cell: (r) => r.originWarehouseName },
  { header: 'Boxes', cell: (r) => r.boxCount },
  { header: 'Invoice value', cell: (r) => formatRupees(r.invoiceValuePaise) },
  { header: 'Status', cell: (r) => <Badge>{r.statusText}</Badge> },
  {
    header: 'Booking',
    cell: (r) =>
      r.lrNumber ? (
        <span>
          {r.carrierCode ? FREIGHT_CARRIERS[r.carrierCode as keyof typeof FREIGHT_CARRIERS] : ''}
          <br />
          <span className="awb">LR {r.lrNumber}</span>
        </span>
      ) : (
        B2B_BOOKING_STATES[r.bookingState]
      ),
  },
];

const SELECTS: SelectFilter[] = [
  {
    param: 'status',
    label: 'Status',
    options: Object.entries(FORWARD_STATUSES).map(([value, label]) => ({ value, label })),
  },
  {
    param: 'source',
    label: 'Source',
    options: B2B_ORDER_SOURCES.map((s) => ({ value: s, label: DISPLAY_LABELS.orderSource[s] })),
  },
  {
    param: 'carrier',
    label: 'Carrier',
    options: Object.entries(FREIGHT_CARRIERS).map(([value, label]) => ({ value, label })),
  },
];
const DAYS = { fromKey: 'orderBookedFrom', toKey: 'orderBookedTo' };

export function B2bOrdersScreen() {
  const list = useListParams();
  const filters = list.filters({
    orderStatusCodes: 'status',
    orderSourcesFilter: 'source',
    orderCarrierCodesFilter: 'carrier',
    orderBookedFrom: 'from',
    orderBookedTo: 'to',
  });
  return (
    <SellerShell>
      <div className="page">
        <header className="page-head row list-toolbar">
          <div>
            <h1>B2B orders</h1>
            <p>Consignments of boxes to businesses, booked with a freight carrier on one lorry receipt.</p>
          </div>
          <div className="row">
            <Link to="/b2b/orders/new" className={buttonClass()}>
              New B2B order
            </Link>
            <Link to="/b2b/warehouses" className={buttonClass('secondary')}>
              B2B warehouses
            </Link>
            <Link to="/b2b/rate-calculator" className={buttonClass('secondary')}>
              Rate calculator
            </Link>
          </div>
        </header>
        <ListFilters list={list} selects={SELECTS} days={DAYS} />
        <ListView
          caption="B2B orders"
          noun="B2B orders"
          path={API_B2B.orders.path}
          columns={COLUMNS}
          rowKey={(r) => r.orderId}
          rowLabel={(r) => r.orderNumber}
          sortBy="createdAt"
          sortOrder="DESC"
          searchLabel="Search by order number, LR or consignee"
          filters={filters}
          refreshOn="orders"
          initialQuery={list.initialQuery}
          onQueryChange={list.keepQuery}
        />
      </div>
    </SellerShell>
  );
}

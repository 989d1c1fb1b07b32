import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { API_ORDERS, type BulkOrderResult, type OrderRow } from '../../../domain/orders-contract';
import { useForm } from '../../hooks/use-form';
import { useOperation } from '../../hooks/use-operation';
import { countOf, formatDay, formatPhone, formatRupees } from '../../../domain/format';
import { type ForwardStatus } from '../../../domain/order-status';
import { orderTabCount, orderTabFilters, orderTabOf, ORDER_TABS } from '../../../domain/order-tabs';
import { EscalationBody, FULFILMENT_TYPES, ORDER_SOURCES } from '../../../domain/schemas/order';
import { VERIFICATION_STATE_CODES, VERIFICATION_STATES } from '../../../domain/cod-verification';
import { planAllowsFeature } from '../../../domain/plans';
import { connectsAsChannel } from '../../../domain/channels';
import { labelOf } from '../../../domain/display-labels';
import { invalidate, useOnInvalidate } from '../../../services/invalidate';
import { notify } from '../../../services/notify';
import { useScreenSession } from '../../../services/screen-services';
import { Alert, Badge, Button, buttonClass, ConfirmDialog, Dialog, Spinner, TextField } from '../../kit';
import { ListView, type ListColumn } from '../../lists/list-view';
import {
  dayFilterError,
  ListFilters,
  PAYMENT_FILTER,
  StatusTabs,
  useListParams,
  type SelectFilter,
} from '../../lists/list-filters';
import { SellerShell } from '../shell/seller-shell';
import { AutoShipDialog } from '../shipping/auto-ship-dialog';
import { DocumentButtons } from '../shipping/document-buttons';
import { VerificationBadge } from './verification-badge';
import { RiskBadge } from '../../risk/risk-badge';
import { RISK_BAND_CODES, RISK_BANDS } from '../../../domain/risk/bands';

// /orders (tour step 2): status tabs with counts, filters, the list, and bulk actions on the
// rows picked. Every filter lives in the URL, so a view can be shared or bookmarked.

const TONE: Partial<Record<ForwardStatus, 'brand' | 'success' | 'warning' | 'danger'>> = {
  DLV: 'success',
  NDR: 'warning',
  RTO_INT: 'warning',
  RTO_DLV: 'danger',
  LST: 'danger',
  DMG: 'danger',
  CAN: 'danger',
};

const DAYS = { fromKey: 'orderBookedFrom', toKey: 'orderBookedTo' };

const FILTERS: SelectFilter[] = [
  PAYMENT_FILTER,
  {
    param: 'source',
    label: 'Source',
    // the stores that connect say so; the rest come in by form, upload or the API
    options: ORDER_SOURCES.map((s) => ({
      value: s,
      label: `${labelOf('orderSource', s)}${connectsAsChannel(s) ? ' (connected store)' : ''}`,
    })),
  },
  {
    param: 'fulfilment',
    label: 'Fulfilment',
    options: FULFILMENT_TYPES.map((f) => ({ value: f, label: f === 'EASY' ? 'Easy Ship' : 'Self' })),
  },
  {
    param: 'risk',
    label: 'RTO risk',
    options: RISK_BAND_CODES.map((b) => ({ value: b, label: RISK_BANDS[b] })),
  },
];

/** COD verification (Pro and above): ?verification= the state of the buyer's confirmation */
const VERIFICATION_FILTER: SelectFilter = {
  param: 'verification',
  label: 'COD verification',
  options: VERIFICATION_STATE_CODES.map((s) => ({ value: s, label: VERIFICATION_STATES[s] })),
};

const COLUMNS: ListColumn<OrderRow>[] = [
  { header: 'Order', cell: (r) => <Link to={`/orders/${r.orderId}`}>{r.orderNumber}</Link>, sortKey: 'orderNumber' },
  { header: 'Date', cell: (r) => formatDay(r.orderDate), sortKey: 'orderDate' },
  {
    header: 'Buyer',
    cell: (r) => (
      <span>
        {r.buyerName}
        <br />
        <span className="small-print">{formatPhone(r.buyerPhone)}</span>
      </span>
    ),
  },
  { header: 'Ship to', cell: (r) => `${r.city}, ${r.pincode}` },
  {
    header: 'Payment',
    // a seller's own payment mode shows its code in place of COD or Prepaid; a buyer who paid now
    // made the order prepaid, and its verification's badge stays beside it
    cell: (r) => (
      <span className="row-badges">
        {r.paymentMethod === 'COD' ? (
          <Badge tone="warning">{r.paymentModeCode ?? 'COD'}</Badge>
        ) : (
          <Badge>{r.paymentModeCode ?? 'Prepaid'}</Badge>
        )}
        {r.codVerification && <VerificationBadge state={r.codVerification} />}
        {r.risk && <RiskBadge risk={r.risk} />}
      </span>
    ),
  },
  { header: 'Total', cell: (r) => formatRupees(r.totalPaise), sortKey: 'total' },
  { header: 'Weight', cell: (r) => `${r.chargedWeightKg} kg` },
  { header: 'Status', cell: (r) => <Badge tone={TONE[r.status] ?? 'brand'}>{r.statusText}</Badge> },
  { header: 'AWB', cell: (r) => (r.awb ? <span className="awb">{r.awb}</span> : '—') },
];

function BulkBar({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const [escalating, setEscalating] = useState(false);
  const [shipping, setShipping] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const form = useForm(EscalationBody, { reason: '' });
  const reason = String(form.values.reason);
  const report = (verb: string) => (answer: BulkOrderResult) => {
    const refused = answer.refused.length ? `; ${answer.refused.length} refused: ${answer.refused[0].reason}` : '';
    notify({
      kind: answer.refused.length ? 'error' : 'info',
      message: `${countOf(answer.done.length, 'orders')} ${verb}${refused}`,
    });
    onDone();
  };
  const archive = useOperation(API_ORDERS.archive, (archived: boolean) => ({ body: { orderIds: ids, archived } }), {
    onDone: (a) => {
      setArchiving(false);
      report('updated')(a);
    },
    onError: (m) => notify({ kind: 'error', message: m }),
  });
  const escalate = useOperation(API_ORDERS.escalations, (reason: string) => ({ body: { orderIds: ids, reason } }), {
    onDone: (a) => {
      setEscalating(false);
      report('escalated')(a);
    },
    onError: (m) => form.showServerError(m, ['reason']) || notify({ kind: 'error', message: m }),
  });
  if (ids.length === 0) return null;
  return (
    <div className="row bulk-bar" role="region" aria-label="Bulk actions">
      <strong>{ids.length} selected</strong>
      <Button onClick={() => setShipping(true)}>Ship</Button>
      <DocumentButtons orderIds={ids} kinds={['LABELS', 'INVOICES', 'MANIFEST']} />
      {shipping && <AutoShipDialog orderIds={ids} onClose={(shipped) => (setShipping(false), shipped && onDone())} />}
      <Button variant="secondary" busy={archive.running} onClick={() => setArchiving(true)}>
        Archive
      </Button>
      <ConfirmDialog
        open={archiving}
        title={`Archive ${countOf(ids.length, 'orders')}?`}
        message="Archived orders move to the Archived tab and cannot be shipped until you unarchive them."
        confirmLabel="Archive"
        busy={archive.running}
        onCancel={() => setArchiving(false)}
        onConfirm={() => archive.run(true)}
      />
      <Button variant="secondary" busy={archive.running} onClick={() => archive.run(false)}>
        Unarchive
      </Button>
      <Button variant="secondary" onClick={() => setEscalating(true)}>
        Escalate
      </Button>
      <Dialog open={escalating} onOpenChange={setEscalating} title={`Escalate ${countOf(ids.length, 'orders')}`}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            form.submitTo((body) => escalate.run(body.reason))();
          }}
        >
          <TextField label="Reason" {...form.field('reason')} hint="5 to 300 characters; the courier team sees it" />
          <div className="row dialog-actions">
            <Button type="submit" busy={escalate.running} disabled={reason.trim().length < 5}>
              Escalate
            </Button>
            <Button variant="secondary" onClick={() => setEscalating(false)}>
              Cancel
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}

/** What the beta orders page adds to the same list: its bar above, columns, a row cursor, a live page. */
export interface OrdersExtras {
  above?: ReactNode;
  columns?: ListColumn<OrderRow>[];
  rowProps?: (row: OrderRow, index: number) => HTMLAttributes<HTMLTableRowElement>;
  onRows?: (rows: OrderRow[]) => void;
}

/** /orders: the list with its tabs, filters and bulk actions. */
export function OrdersScreen() {
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  return (
    <SellerShell>
      <OrdersWorkspace
        lead="Forward orders from every channel; pick rows for bulk actions."
        selected={selected}
        onSelect={setSelected}
      />
    </SellerShell>
  );
}

/** The orders list and its actions, shared by /orders and the beta page (/orders_v2). */
export function OrdersWorkspace({
  lead,
  selected,
  onSelect,
  extras = {},
}: {
  lead: string;
  selected: ReadonlySet<string | number>;
  onSelect: (next: Set<string | number>) => void;
  extras?: OrdersExtras;
}) {
  const plan = useScreenSession().account?.subscriptionType;
  const verifies = planAllowsFeature(plan ?? '', 'codVerification');
  const counts = useOperation(API_ORDERS.counts, {}, { load: true });
  useOnInvalidate('orders', () => counts.run());
  const list = useListParams({
    onFilterChange: () => onSelect(new Set()),
    defaultSort: { sortBy: 'createdAt', sortOrder: 'DESC' },
  });
  const tab = orderTabOf(list.get('tab'));
  const filters = {
    ...orderTabFilters(tab),
    ...list.filters({
      orderPaymentMethodFilter: 'payment',
      orderSourcesFilter: 'source',
      orderFulfillmentTypeFilter: 'fulfilment',
      orderBookedFrom: 'from',
      orderBookedTo: 'to',
      batchId: 'batch',
      riskBandFilter: 'risk',
      ...(verifies ? { codVerificationFilter: 'verification' } : {}),
    }),
  };
  const dateError = dayFilterError(list, DAYS);
  const onRows = extras.onRows;
  return (
    <div className="page">
      <header className="page-head row list-toolbar">
        <div>
          <h1>Orders</h1>
          <p>{lead}</p>
        </div>
        <div className="row">
          <Link to="/tools/rate-calculator" className={buttonClass('ghost')}>
            Rate calculator
          </Link>
          <Link to="/orders/upload" className={buttonClass('secondary')}>
            Bulk upload
          </Link>
          <Link to="/orders/new" className={buttonClass()}>
            Add order
          </Link>
        </div>
      </header>
      {extras.above}
      {list.get('batch') && (
        <Alert tone="info">
          <span>Showing the orders of upload batch #{list.get('batch')}</span>
          <Button variant="secondary" className="btn-small" onClick={() => list.set('batch', '')}>
            Show all orders
          </Button>
        </Alert>
      )}
      <StatusTabs
        label="Order status"
        tabs={ORDER_TABS.map((t) => ({
          key: t.key,
          label: t.label,
          count: counts.data ? orderTabCount(t, counts.data) : null,
        }))}
        active={tab.key}
        list={list}
      />
      <ListFilters list={list} selects={verifies ? [...FILTERS, VERIFICATION_FILTER] : FILTERS} days={DAYS} />
      <BulkBar
        ids={[...selected].map(Number)}
        onDone={() => {
          onSelect(new Set());
          invalidate('orders');
        }}
      />
      {/* a COD verification filter in the address applies only on a plan with COD verification:
          the rows wait for the account to say which plan, rather than show unfiltered first */}
      {!plan && list.get('verification') ? (
        <Spinner label="Loading orders" />
      ) : (
        <ListView
          caption="Orders"
          noun="orders"
          path={API_ORDERS.orders.path}
          columns={extras.columns ? [...COLUMNS, ...extras.columns] : COLUMNS}
          rowKey={(r) => r.orderId}
          rowLabel={(r) => r.orderNumber}
          sortBy={list.sort.sortBy}
          sortOrder={list.sort.sortOrder}
          searchLabel="Search by order number, AWB, buyer phone or name"
          exportName="orders"
          refreshOn="orders"
          filters={filters}
          filterError={dateError}
          initialQuery={list.initialQuery}
          onQueryChange={list.keepQuery}
          selection={{ selected, onChange: onSelect }}
          rowProps={extras.rowProps}
          onPage={onRows ? (page) => onRows(page.items as OrderRow[]) : undefined}
        />
      )}
    </div>
  );
}

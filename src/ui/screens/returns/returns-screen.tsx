import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { Paged } from '../../../domain/paging';
import { formatDate, formatRupees } from '../../../domain/format';
import { API_RETURNS, type ReturnListAnswer, type ReturnRow } from '../../../domain/returns-contract';
import {
  QC_FILTERS,
  RETURN_REASONS,
  RETURN_REASON_CODES,
  RETURN_TAB_CODES,
  RETURN_TABS,
  type QcFilter,
  type ReturnTab,
} from '../../../domain/returns';
import { CARRIERS } from '../../../domain/shipping/carriers';
import { Badge, Button, buttonClass, SelectField } from '../../kit';
import { DateRangeFields, dayRangeText } from '../../lists/date-range-fields';
import { ListView, type ListColumn } from '../../lists/list-view';
import { SellerShell } from '../shell/seller-shell';
import { InitiateReturnDialog } from './initiate-return-dialog';
import { ReturnOrderPicker } from './return-order-picker';
import { returnStatusTone } from './return-status';

// /returns: returns by status tab with counts, filtered like the orders list (dates, courier,
// reason, QC), exported as CSV; a new return of a delivered order (or of one sold elsewhere); the buyers'
// requests, bulk upload and the return settings one click away.

const QC_CODES = Object.keys(QC_FILTERS) as QcFilter[];

const COLUMNS: ListColumn<ReturnRow>[] = [
  {
    header: 'Return',
    sortKey: 'returnNumber',
    cell: (r) => (
      <span>
        <Link to={`/returns/${r.returnId}`}>{r.returnNumber}</Link>
        <br />
        <span className="small-print">
          {r.forwardOrderId ? (
            <Link to={`/orders/${r.forwardOrderId}`}>Order {r.forwardOrderNumber}</Link>
          ) : (
            `Order ${r.forwardOrderNumber}`
          )}
        </span>
      </span>
    ),
  },
  {
    header: 'Buyer',
    cell: (r) => (
      <span>
        {r.customerName}
        <br />
        <span className="small-print">
          {r.city} {r.pincode}
        </span>
      </span>
    ),
  },
  {
    header: 'Reason',
    cell: (r) => (
      <span>
        {r.reasonText}
        {r.subReasonText && <span className="small-print"> · {r.subReasonText}</span>}
      </span>
    ),
  },
  { header: 'Status', cell: (r) => <Badge tone={returnStatusTone(r.status)}>{r.statusText}</Badge> },
  {
    header: 'Courier',
    cell: (r) =>
      r.awb ? (
        <span>
          {r.carrierName}
          <br />
          <span className="awb">{r.awb}</span>
        </span>
      ) : (
        '—'
      ),
  },
  {
    header: 'QC',
    cell: (r) =>
      r.qc ? (
        <Badge tone={r.qcResult === 'PASSED' ? 'success' : r.qcResult === 'FAILED' ? 'danger' : 'warning'}>
          {r.qcResult === 'PASSED' ? 'Passed' : r.qcResult === 'FAILED' ? 'Failed' : 'Pending'}
        </Badge>
      ) : (
        '—'
      ),
  },
  { header: 'Value', cell: (r) => formatRupees(r.valuePaise) },
  { header: 'Created', sortKey: 'createdAt', cell: (r) => formatDate(r.createdAt) },
];

export function ReturnsScreen() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [counts, setCounts] = useState<ReturnListAnswer['counts'] | null>(null);
  // PICK: choosing the order; then the return of that order (or of one sold elsewhere, orderId null)
  const [creating, setCreating] = useState<'PICK' | { orderId: number | null; orderNumber?: string } | null>(null);
  const tab: ReturnTab = RETURN_TAB_CODES.find((t) => t === params.get('tab')) ?? 'ALL';
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const dateError = dayRangeText('fromDate', from, 'toDate', to);
  const filters = {
    tab,
    fromDate: from || undefined,
    toDate: to || undefined,
    carrierCode: params.get('courier') || undefined,
    reason: params.get('reason') || undefined,
    qc: params.get('qc') || undefined,
  };
  const onPage = useCallback((page: Paged<unknown>) => setCounts((page as ReturnListAnswer).counts), []);
  return (
    <SellerShell>
      <div className="page">
        <header className="page-head row list-toolbar">
          <div>
            <h1>Returns</h1>
            <p>Reverse pickups from your buyers: book them, follow them, and see what the courier checked.</p>
          </div>
          <div className="row">
            <Button onClick={() => setCreating('PICK')}>New return</Button>
            <Link to="/returns/requests" className={buttonClass('secondary')}>
              Buyers’ requests
            </Link>
            <Link to="/returns/upload" className={buttonClass('secondary')}>
              Bulk upload
            </Link>
            <Link to="/returns/settings" className={buttonClass('secondary')}>
              Settings
            </Link>
          </div>
        </header>
        <nav className="status-tabs" aria-label="Return status">
          {RETURN_TAB_CODES.map((t) => (
            <button
              key={t}
              type="button"
              className={`status-tab${t === tab ? ' is-active' : ''}`}
              aria-pressed={t === tab}
              onClick={() => set('tab', t === 'ALL' ? '' : t)}
            >
              {RETURN_TABS[t]} {counts && <span className="badge">{(counts[t] ?? 0).toLocaleString('en-IN')}</span>}
            </button>
          ))}
        </nav>
        <div className="grid-filters">
          <DateRangeFields
            fromKey="fromDate"
            toKey="toDate"
            from={from}
            to={to}
            onFromChange={(d) => set('from', d)}
            onToChange={(d) => set('to', d)}
            error={dateError}
          />
          <SelectField
            label="Courier"
            value={params.get('courier') ?? ''}
            onChange={(e) => set('courier', e.target.value)}
            placeholder="All"
            options={CARRIERS.map((c) => ({ value: c.code, label: c.name }))}
          />
          <SelectField
            label="Reason"
            value={params.get('reason') ?? ''}
            onChange={(e) => set('reason', e.target.value)}
            placeholder="All"
            options={RETURN_REASON_CODES.map((r) => ({ value: r, label: RETURN_REASONS[r].label }))}
          />
          <SelectField
            label="Quality check"
            value={params.get('qc') ?? ''}
            onChange={(e) => set('qc', e.target.value)}
            placeholder="All"
            options={QC_CODES.map((q) => ({ value: q, label: QC_FILTERS[q] }))}
          />
        </div>
        <ListView
          caption={`Returns: ${RETURN_TABS[tab]}`}
          noun="returns"
          path={API_RETURNS.returns.path}
          columns={COLUMNS}
          rowKey={(r) => r.returnId}
          sortBy="createdAt"
          sortOrder="DESC"
          searchLabel="Search return, order, AWB or buyer"
          exportName="returns"
          refreshOn="returns"
          filters={filters}
          filterError={dateError}
          onPage={onPage}
        />
      </div>
      {creating === 'PICK' && (
        <ReturnOrderPicker
          onPick={(o) => setCreating(o)}
          onElsewhere={() => setCreating({ orderId: null })}
          onClose={() => setCreating(null)}
        />
      )}
      {creating && creating !== 'PICK' && (
        <InitiateReturnDialog
          orderId={creating.orderId}
          orderNumber={creating.orderNumber}
          onClose={() => setCreating(null)}
          onCreated={(r) => navigate(`/returns/${r.returnId}`)}
        />
      )}
    </SellerShell>
  );
}

import { useCallback, useState } from 'react';
import { invalidate } from '../../../services/invalidate';
import { Link, useSearchParams } from 'react-router-dom';
import type { Paged } from '../../../domain/account-contract';
import { formatDateTime, formatPhone, formatRupees } from '../../../domain/format';
import {
  API_NDR,
  NDR_ACTIONS,
  NDR_REASON_CODES,
  NDR_REASONS,
  NDR_TAB_CODES,
  NDR_TABS,
  type NdrListAnswer,
  type NdrRow,
  type NdrTab,
} from '../../../domain/ndr-contract';
import { MAX_DELIVERY_ATTEMPTS } from '../../../domain/ndr-rules';
import { CARRIERS } from '../../../domain/shipping/carriers';
import type { ListQuery } from '../../../machines/list-query.machine';
import type { NdrActionTarget } from '../../../machines/ndr-action.machine';
import { Badge, Button, buttonClass, SelectField, TextField } from '../../kit';
import { ListView, type ListColumn } from '../../lists/list-view';
import { SellerShell } from '../shell/seller-shell';
import { NdrActionDialog } from './ndr-action-dialog';
import { NdrHistoryDialog } from './ndr-history-dialog';

// /ndr: failed deliveries by tab (action required, action taken, delivered after NDR, RTO) with
// counts, filters, CSV export, and actions one by one or on a selection. Filters live in the URL.

const SOURCE_WORDS = { SELLER: 'by you', BUYER: 'by the buyer', AUTO: 'automatically', STAFF: 'by support' } as const;

const target = (r: NdrRow): NdrActionTarget => ({
  ndrId: r.ndrId,
  label: `${r.orderNumber} · ${r.awb}`,
  reason: r.reason,
  allowedActions: r.allowedActions,
});

/** 'Act within 5 h' while the window is open; the product acts by itself after it. */
function deadlineText(deadlineAt: string, now = Date.now()): { text: string; late: boolean } {
  const hours = Math.ceil((new Date(deadlineAt).getTime() - now) / 3_600_000);
  if (hours <= 0) return { text: 'Window over: the product acts', late: true };
  return { text: `Act within ${hours} h`, late: hours <= 6 };
}

export function NdrScreen() {
  const [params, setParams] = useSearchParams();
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const [rows, setRows] = useState<NdrRow[]>([]);
  const [counts, setCounts] = useState<NdrListAnswer['counts'] | null>(null);
  const [acting, setActing] = useState<NdrActionTarget[] | null>(null);
  const [history, setHistory] = useState<{ ndrId: number; label: string } | null>(null);
  const tab: NdrTab = NDR_TAB_CODES.find((t) => t === params.get('tab')) ?? 'ACTION_REQUIRED';
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'q' && key !== 'page') next.delete('page');
    setParams(next, { replace: true });
    setSelected(new Set());
  };
  const filters = {
    tab,
    carrierCode: params.get('courier') || undefined,
    reason: params.get('reason') || undefined,
    attempt: params.get('attempt') || undefined,
    fromDate: params.get('from') || undefined,
    toDate: params.get('to') || undefined,
    paymentMethod: params.get('payment') || undefined,
  };
  const keepQuery = useCallback(
    (q: ListQuery) =>
      setParams(
        (old) => {
          const next = new URLSearchParams(old);
          for (const [k, v] of [
            ['q', q.searchPattern],
            ['page', q.pageNumber ? String(q.pageNumber + 1) : ''],
          ] as const) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onPage = useCallback((page: Paged<unknown>) => {
    const answer = page as NdrListAnswer;
    setRows(answer.items);
    setCounts(answer.counts);
  }, []);
  const reload = () => {
    setSelected(new Set());
    invalidate('ndr');
  };
  const picked = rows.filter((r) => selected.has(r.ndrId) && r.allowedActions.length > 0);

  const columns: ListColumn<NdrRow>[] = [
    {
      header: 'Order',
      cell: (r) => (
        <span>
          <Link to={`/orders/${r.orderId}`}>{r.orderNumber}</Link>
          <br />
          <span className="small-print">{r.channelName}</span>
        </span>
      ),
    },
    {
      header: 'Buyer',
      cell: (r) => (
        <span>
          {r.customerName}
          <br />
          <span className="small-print">{formatPhone(r.customerPhone)}</span>
        </span>
      ),
    },
    {
      header: 'Courier',
      cell: (r) => (
        <span>
          {r.carrierName}
          <br />
          <span className="awb">{r.awb}</span>
        </span>
      ),
    },
    {
      header: 'Attempt',
      cell: (r) => `${r.attempt} of ${MAX_DELIVERY_ATTEMPTS}`,
      sortKey: 'attempt',
    },
    {
      header: 'Reason',
      cell: (r) => (
        <span>
          {r.reasonText}
          <br />
          <span className="small-print">
            {r.exceptionInfo.includes(r.courierReasonCode)
              ? r.exceptionInfo
              : `${r.courierReasonCode}: ${r.exceptionInfo}`}
          </span>
        </span>
      ),
    },
    {
      header: 'Raised',
      cell: (r) => {
        const due = deadlineText(r.deadlineAt);
        return (
          <span>
            {formatDateTime(r.raisedAt)}
            {r.status === 'ACTION_REQUIRED' && (
              <>
                <br />
                <Badge tone={due.late ? 'danger' : 'warning'}>{due.text}</Badge>
              </>
            )}
          </span>
        );
      },
      sortKey: 'raisedAt',
    },
    {
      header: 'Payment',
      cell: (r) =>
        r.paymentMethod === 'COD' ? (
          <Badge tone="warning">COD {formatRupees(r.codAmountPaise)}</Badge>
        ) : (
          <Badge>Prepaid</Badge>
        ),
    },
    {
      header: 'Action',
      cell: (r) => (
        <span className="row ndr-row-actions">
          {r.action ? (
            <span>
              {NDR_ACTIONS[r.action]} {r.actionSource ? SOURCE_WORDS[r.actionSource] : ''}
              {r.actionAt && <span className="small-print"> · {formatDateTime(r.actionAt)}</span>}
            </span>
          ) : r.allowedActions.length > 0 ? (
            <Button
              className="btn-small"
              onClick={() => setActing([target(r)])}
              aria-label={`Take action on ${r.orderNumber}`}
            >
              Take action
            </Button>
          ) : null}
          <Button
            variant="ghost"
            className="btn-small"
            onClick={() => setHistory({ ndrId: r.ndrId, label: r.orderNumber })}
            aria-label={`History of ${r.orderNumber}`}
          >
            History
          </Button>
        </span>
      ),
    },
  ];

  return (
    <SellerShell>
      <div className="page">
        <header className="page-head row list-toolbar">
          <div>
            <h1>Failed deliveries (NDR)</h1>
            <p>
              Act within 24 hours of a failed attempt; without your word the courier re-attempts, up to three times.
            </p>
          </div>
          <Link to="/rto" className={buttonClass('secondary')}>
            Returns to origin
          </Link>
        </header>
        <nav className="status-tabs" aria-label="NDR status">
          {NDR_TAB_CODES.map((t) => (
            <button
              key={t}
              type="button"
              className={`status-tab${t === tab ? ' is-active' : ''}`}
              aria-pressed={t === tab}
              onClick={() => set('tab', t === 'ACTION_REQUIRED' ? '' : t)}
            >
              {NDR_TABS[t]} {counts && <span className="badge">{counts[t].toLocaleString('en-IN')}</span>}
            </button>
          ))}
        </nav>
        <div className="grid-filters">
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
            options={NDR_REASON_CODES.map((r) => ({ value: r, label: NDR_REASONS[r] }))}
          />
          <SelectField
            label="Attempt"
            value={params.get('attempt') ?? ''}
            onChange={(e) => set('attempt', e.target.value)}
            placeholder="All"
            options={Array.from({ length: MAX_DELIVERY_ATTEMPTS }, (_, i) => ({
              value: String(i + 1),
              label: `Attempt ${i + 1}`,
            }))}
          />
          <SelectField
            label="Payment"
            value={params.get('payment') ?? ''}
            onChange={(e) => set('payment', e.target.value)}
            placeholder="All"
            options={[
              { value: 'COD', label: 'COD' },
              { value: 'PPD', label: 'Prepaid' },
            ]}
          />
          <TextField
            label="Raised from"
            type="date"
            value={params.get('from') ?? ''}
            onChange={(e) => set('from', e.target.value)}
          />
          <TextField
            label="Raised to"
            type="date"
            value={params.get('to') ?? ''}
            onChange={(e) => set('to', e.target.value)}
          />
        </div>
        {picked.length > 0 && (
          <div className="row bulk-bar" role="region" aria-label="Bulk actions">
            <strong>{picked.length} selected</strong>
            <Button onClick={() => setActing(picked.map(target))}>Act on selected</Button>
            <Button variant="ghost" onClick={() => setSelected(new Set())}>
              Clear selection
            </Button>
          </div>
        )}
        <ListView
          caption={`NDRs: ${NDR_TABS[tab]}`}
          noun="NDRs"
          path={API_NDR.list}
          columns={columns}
          rowKey={(r) => r.ndrId}
          sortBy="raisedAt"
          sortOrder="DESC"
          searchLabel="Search by order number, AWB or buyer name"
          exportName="ndr"
          refreshOn="ndr"
          filters={filters}
          initialQuery={{
            searchPattern: params.get('q') ?? '',
            pageNumber: Math.max(0, Number(params.get('page') ?? 1) - 1),
          }}
          onQueryChange={keepQuery}
          onPage={onPage}
          selection={tab === 'ACTION_REQUIRED' ? { selected, onChange: setSelected } : undefined}
        />
      </div>
      {acting && (
        <NdrActionDialog
          items={acting}
          onClose={(acted) => {
            setActing(null);
            if (acted) reload();
          }}
        />
      )}
      {history && <NdrHistoryDialog ndrId={history.ndrId} label={history.label} onClose={() => setHistory(null)} />}
    </SellerShell>
  );
}

import { useCallback, useState } from 'react';
import { invalidate } from '../../../services/invalidate';
import { notify } from '../../../services/notify';
import { useLiveList } from '../../../services/use-live-list';
import { Link } from 'react-router-dom';
import type { Paged } from '../../../domain/paging';
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
import {
  MAX_DELIVERY_ATTEMPTS,
  NDR_WINDOW_HOURS,
  courierRemark,
  ndrNoAnswerRule,
  ndrTimeLeft,
} from '../../../domain/ndr-rules';
import { channelName } from '../../../domain/display-labels';
import { useNow } from '../../hooks/use-now';
import type { NdrActionTarget } from '../../../machines/ndr-action.machine';
import { Badge, Button, buttonClass } from '../../kit';
import {
  dayFilterError,
  ListFilters,
  StatusTabs,
  tabOf,
  useListParams,
  PAYMENT_FILTER,
  type SelectFilter,
} from '../../lists/list-filters';
import { ListView, type ListColumn } from '../../lists/list-view';
import { SellerShell } from '../shell/seller-shell';
import { NdrActionDialog } from './ndr-action-dialog';
import { NdrHistoryDialog } from './ndr-history-dialog';
import { COURIER_FILTER, parcelColumns } from './list-parts';
import { GetHelpLink } from '../help/get-help-link';

// /ndr: failed deliveries by tab (action required, action taken, delivered after NDR, RTO) with
// counts, filters, CSV export, and actions one by one or on a selection. Filters live in the URL.

const SOURCE_WORDS = { SELLER: 'by you', BUYER: 'by the buyer', AUTO: 'automatically', STAFF: 'by support' } as const;

const target = (r: NdrRow): NdrActionTarget => ({
  ndrId: r.ndrId,
  label: `${r.orderNumber} · ${r.awb}`,
  reason: r.reason,
  allowedActions: r.allowedActions,
  current: r.shippingAddress,
});

const DAYS = { fromKey: 'fromDate', toKey: 'toDate' };

const FILTERS: SelectFilter[] = [
  COURIER_FILTER,
  { param: 'reason', label: 'Reason', options: NDR_REASON_CODES.map((r) => ({ value: r, label: NDR_REASONS[r] })) },
  {
    param: 'attempt',
    label: 'Attempt',
    options: Array.from({ length: MAX_DELIVERY_ATTEMPTS }, (_, i) => ({
      value: String(i + 1),
      label: `Attempt ${i + 1}`,
    })),
  },
  PAYMENT_FILTER,
];

export function NdrScreen() {
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const [rows, setRows] = useState<NdrRow[]>([]);
  const [counts, setCounts] = useState<NdrListAnswer['counts'] | null>(null);
  const [noAnswer, setNoAnswer] = useState<NdrListAnswer['noAnswerAction'] | null>(null);
  // the badges count down while the page is open
  const now = useNow(30_000);
  const [acting, setActing] = useState<NdrActionTarget[] | null>(null);
  const [history, setHistory] = useState<{ ndrId: number; label: string } | null>(null);
  const list = useListParams({ onFilterChange: () => setSelected(new Set()) });
  const tab: NdrTab = tabOf(list, NDR_TAB_CODES);
  const dateError = dayFilterError(list, DAYS);
  const filters = {
    tab,
    ...list.filters({
      carrierCode: 'courier',
      reason: 'reason',
      attempt: 'attempt',
      fromDate: 'from',
      toDate: 'to',
      paymentMethod: 'payment',
    }),
  };
  const onPage = useCallback((page: Paged<unknown>) => {
    const answer = page as NdrListAnswer;
    setRows(answer.items);
    setCounts(answer.counts);
    setNoAnswer(answer.noAnswerAction);
  }, []);
  const reload = () => {
    setSelected(new Set());
    invalidate('ndr');
  };
  const picked = rows.filter((r) => selected.has(r.ndrId) && r.allowedActions.length > 0);
  // a buyer's answer (on WhatsApp or the NDR link) or a courier's scan: said, and the list reads again
  useLiveList(
    rows.map((r) => r.orderId),
    (e) => {
      notify({
        kind: 'info',
        message: e.remark ? `${e.orderNumber}: ${e.remark}` : `${e.orderNumber} is now ${e.statusText}`,
      });
      invalidate('ndr');
    },
  );

  const [order, courier] = parcelColumns<NdrRow>((r) => channelName(r.channelName));
  const columns: ListColumn<NdrRow>[] = [
    order,
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
    courier,
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
          <span className="small-print">{courierRemark(r)}</span>
        </span>
      ),
    },
    {
      header: 'Raised',
      cell: (r) => {
        const due = ndrTimeLeft(new Date(r.deadlineAt), new Date(now));
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
              {r.courierAnswer && <span className="small-print ndr-courier-answer">{r.courierAnswer}</span>}
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
          <GetHelpLink category="NDR" orderId={r.orderId} orderNumber={r.orderNumber} awb={r.awb} small />
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
              Act within {NDR_WINDOW_HOURS} hours of a failed attempt. {noAnswer && ndrNoAnswerRule(noAnswer, 'SELLER')}
            </p>
          </div>
          <Link to="/rto" className={buttonClass('secondary')}>
            Returns to origin
          </Link>
        </header>
        <StatusTabs
          label="NDR status"
          tabs={NDR_TAB_CODES.map((t) => ({ key: t, label: NDR_TABS[t], count: counts?.[t] }))}
          active={tab}
          list={list}
        />
        <ListFilters list={list} selects={FILTERS} days={DAYS} />
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
          path={API_NDR.list.path}
          columns={columns}
          rowKey={(r) => r.ndrId}
          rowLabel={(r) => r.orderNumber}
          sortBy="raisedAt"
          sortOrder="DESC"
          searchLabel="Search by order number, AWB or buyer name"
          exportName="ndr"
          refreshOn="ndr"
          filters={filters}
          filterError={dateError}
          initialQuery={list.initialQuery}
          onQueryChange={list.keepQuery}
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

import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Paged } from '../../../domain/paging';
import { formatDateTime } from '../../../domain/format';
import { API_RETURNS, type ReturnRequestListAnswer, type ReturnRequestRow } from '../../../domain/returns-contract';
import { RETURN_REQUEST_STATES, type ReturnRequestState } from '../../../domain/returns';
import { RejectReturnRequestBody } from '../../../domain/schemas/returns';
import { notify } from '../../../services/notify';
import { useReturnCalls } from '../../../services/use-return-page';
import { useForm } from '../../hooks/use-form';
import { useRequest } from '../../hooks/use-request';
import { Alert, Badge, Button, Dialog, TextField } from '../../kit';
import { ListView, type ListColumn } from '../../lists/list-view';
import { SellerShell } from '../shell/seller-shell';

// /returns/requests: what buyers asked to send back from their tracking page, waiting for the
// seller's word: approve (a return is made, ready for its pickup) or reject with a note the buyer
// reads. A rule may have approved some already (settings).

const STATES = Object.keys(RETURN_REQUEST_STATES) as ReturnRequestState[];
const TONE = { PENDING: 'warning', APPROVED: 'success', REJECTED: 'danger' } as const;

function RejectDialog({ row, onClose }: { row: ReturnRequestRow; onClose: () => void }) {
  const calls = useReturnCalls();
  const form = useForm(RejectReturnRequestBody, { note: '' });
  const reject = useRequest(calls.reject, {
    onDone: () => {
      notify({ kind: 'info', message: `Request for ${row.forwardOrderNumber} rejected` });
      onClose();
    },
    onError: (message) => form.showServerError(message, ['note']),
  });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`Reject the return of ${row.forwardOrderNumber}?`}>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          form.submitTo((body) => reject.run({ requestId: row.requestId, note: body.note }))();
        }}
      >
        <TextField
          label="Note"
          hint="The buyer reads it: 3 to 300 characters"
          maxLength={300}
          {...form.field('note')}
        />
        {form.failure(reject.error) && <Alert>{form.failure(reject.error)}</Alert>}
        <div className="row dialog-actions">
          <Button type="submit" variant="danger" busy={reject.running}>
            Reject
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Keep it
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function Decide({ row, onReject }: { row: ReturnRequestRow; onReject: () => void }) {
  const calls = useReturnCalls();
  const approve = useRequest(calls.approve, {
    onDone: (r) => notify({ kind: 'info', message: `Approved: return ${r.returnNumber ?? ''} is ready for pickup` }),
    onError: (message) => notify({ kind: 'error', message }),
  });
  if (row.state !== 'PENDING')
    return row.returnId ? (
      <Link to={`/returns/${row.returnId}`}>{row.returnNumber}</Link>
    ) : (
      <>{row.decisionNote || '—'}</>
    );
  return (
    <span className="row">
      <Button
        className="btn-small"
        busy={approve.running}
        onClick={() => approve.run(row.requestId)}
        aria-label={`Approve ${row.forwardOrderNumber}`}
      >
        Approve
      </Button>
      <Button
        className="btn-small"
        variant="secondary"
        onClick={onReject}
        aria-label={`Reject ${row.forwardOrderNumber}`}
      >
        Reject
      </Button>
    </span>
  );
}

export function ReturnRequestsScreen() {
  const [params, setParams] = useSearchParams();
  const [counts, setCounts] = useState<ReturnRequestListAnswer['counts'] | null>(null);
  const [rejecting, setRejecting] = useState<ReturnRequestRow | null>(null);
  const state: ReturnRequestState = STATES.find((s) => s === params.get('state')) ?? 'PENDING';
  const onPage = useCallback((page: Paged<unknown>) => setCounts((page as ReturnRequestListAnswer).counts), []);
  const columns: ListColumn<ReturnRequestRow>[] = [
    {
      header: 'Order',
      cell: (r) => (
        <span>
          <Link to={`/orders/${r.forwardOrderId}`}>{r.forwardOrderNumber}</Link>
          <br />
          <span className="small-print">{r.customerName}</span>
        </span>
      ),
    },
    { header: 'Items', cell: (r) => r.items.map((i) => `${i.name} × ${i.quantity}`).join(', ') },
    {
      header: 'Reason',
      cell: (r) => (
        <span>
          {r.reasonText}
          {r.subReasonText && <span className="small-print"> · {r.subReasonText}</span>}
          {r.comment && (
            <>
              <br />
              <span className="small-print">“{r.comment}”</span>
            </>
          )}
          {r.photos.length > 0 && (
            <>
              <br />
              {r.photos.map((p, i) => (
                <a key={p.fileId} href={p.url} target="_blank" rel="noopener" className="small-print">
                  Photo {i + 1}{' '}
                </a>
              ))}
            </>
          )}
        </span>
      ),
    },
    { header: 'Asked', cell: (r) => formatDateTime(r.createdAt) },
    {
      header: 'State',
      cell: (r) => (
        <Badge tone={TONE[r.state]}>
          {r.stateText}
          {r.decidedBy === 'AUTO' ? ' (by rule)' : ''}
        </Badge>
      ),
    },
    { header: 'Decision', cell: (r) => <Decide row={r} onReject={() => setRejecting(r)} /> },
  ];
  return (
    <SellerShell>
      <div className="page">
        <header className="page-head">
          <p className="small-print">
            <Link to="/returns">Returns</Link> / Buyers’ requests
          </p>
          <h1>Buyers’ return requests</h1>
          <p>
            Asked from the tracking page within your return window. <Link to="/returns/settings">Return settings</Link>
          </p>
        </header>
        <nav className="status-tabs" aria-label="Request state">
          {STATES.map((s) => (
            <button
              key={s}
              type="button"
              className={`status-tab${s === state ? ' is-active' : ''}`}
              aria-pressed={s === state}
              onClick={() => setParams(s === 'PENDING' ? {} : { state: s }, { replace: true })}
            >
              {RETURN_REQUEST_STATES[s]}{' '}
              {counts && <span className="badge">{(counts[s] ?? 0).toLocaleString('en-IN')}</span>}
            </button>
          ))}
        </nav>
        <ListView
          caption={`Return requests: ${RETURN_REQUEST_STATES[state]}`}
          noun="requests"
          path={API_RETURNS.requests.path}
          columns={columns}
          rowKey={(r) => r.requestId}
          sortBy="createdAt"
          sortOrder="DESC"
          refreshOn="returns"
          filters={{ requestState: state }}
          onPage={onPage}
        />
      </div>
      {rejecting && <RejectDialog row={rejecting} onClose={() => setRejecting(null)} />}
    </SellerShell>
  );
}

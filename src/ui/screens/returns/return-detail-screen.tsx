import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDate, formatDateTime, formatPhone, formatRupees } from '../../../domain/format';
import { RETURN_STATUSES, type ReturnStatus } from '../../../domain/order-status';
import { RETURN_TRACKING_PAGE, type ReturnDetail } from '../../../domain/returns-contract';
import { CancelReturnBody } from '../../../domain/schemas/returns';
import { useOnInvalidate } from '../../../services/invalidate';
import { notify } from '../../../services/notify';
import { useDocumentDownload } from '../../../services/use-document-download';
import { useReturnCalls } from '../../../services/use-return-page';
import { useForm } from '../../hooks/use-form';
import { useRequest } from '../../hooks/use-request';
import { Alert, Badge, Button, Card, ConfirmDialog, DataTable, Dialog, Loadable, Stat, TextField } from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { PICKUP_WORDS, ShipDialog } from '../shipping/ship-dialog';
import { returnStatusTone } from './return-status';
import { Breadcrumb } from '../../kit/breadcrumb';

// /returns/:returnId: a return's items, where it is picked up and goes back to, the doorstep
// checks and their results, its reverse shipment (book, move to another courier, cancel, label)
// and history; cancel the return, or start the exchange's replacement.

type Open = 'ship' | 'reassign' | 'cancelShipment' | 'cancel' | 'exchange' | null;

const line = (a: { line1: string; line2: string; city: string; state: string; pincode: string }) =>
  [a.line1, a.line2, a.city, a.state, a.pincode].filter(Boolean).join(', ');

function CancelReturnDialog({ r, onClose }: { r: ReturnDetail; onClose: () => void }) {
  const calls = useReturnCalls();
  const form = useForm(CancelReturnBody, { reason: '' });
  const cancel = useRequest(calls.cancelReturn, {
    onDone: () => {
      notify({ kind: 'info', message: `Return ${r.returnNumber} cancelled` });
      onClose();
    },
    onError: (message) => form.showServerError(message, ['reason']),
  });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Cancel return ${r.returnNumber}?`}
      description={
        r.shipment && r.actions.cancelShipment ? 'Its booked pickup is cancelled and refunded first.' : undefined
      }
    >
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          form.submitTo((body) => cancel.run({ returnId: r.returnId, reason: body.reason }))();
        }}
      >
        <TextField label="Reason (optional)" maxLength={300} {...form.field('reason')} />
        {form.failure(cancel.error) && <Alert>{form.failure(cancel.error)}</Alert>}
        <div className="row dialog-actions">
          <Button type="submit" variant="danger" busy={cancel.running}>
            Cancel return
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Keep it
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ReturnPage({ returnId }: { returnId: number }) {
  const calls = useReturnCalls();
  const [open, setOpen] = useState<Open>(null);
  const detail = useRequest(() => calls.fetchReturn(returnId), { load: true });
  useOnInvalidate('return', () => detail.run());
  const [download, sendDownload] = useDocumentDownload();
  const close = () => setOpen(null);
  const cancelShipment = useRequest(calls.cancelShipment, {
    onDone: () => {
      notify({ kind: 'info', message: 'Pickup cancelled; its charge is back in your wallet' });
      close();
    },
    onError: (message) => notify({ kind: 'error', message }),
  });
  const exchange = useRequest(calls.createExchange, {
    onDone: (d) => {
      notify({ kind: 'info', message: `Replacement order ${d.exchangeOrderNumber ?? ''} created` });
      close();
    },
    onError: (message) => notify({ kind: 'error', message }),
  });
  const r = detail.data;
  return (
    <div className="page">
      <Breadcrumb to="/returns" label="Returns">
        {r?.returnNumber ?? 'Return'}
      </Breadcrumb>
      <Loadable loading={detail.loading && !r} error={!r ? detail.error : null} onRetry={detail.retry}>
        {() =>
          r && (
            <div className="stack">
              <header className="row list-toolbar">
                <div>
                  <h1>Return {r.returnNumber}</h1>
                  <p className="muted">
                    {formatDate(r.createdAt)} ·{' '}
                    {r.forwardOrderId ? (
                      <Link to={`/orders/${r.forwardOrderId}`}>Order {r.forwardOrderNumber}</Link>
                    ) : (
                      `Order ${r.forwardOrderNumber} (sold elsewhere)`
                    )}{' '}
                    · <Badge tone={returnStatusTone(r.status)}>{r.statusText}</Badge>
                    {r.exchangeOrderId && (
                      <>
                        {' '}
                        · <Link to={`/orders/${r.exchangeOrderId}`}>Replacement {r.exchangeOrderNumber}</Link>
                      </>
                    )}
                  </p>
                </div>
                <div className="row">
                  {r.actions.ship && <Button onClick={() => setOpen('ship')}>Book pickup</Button>}
                  {r.actions.reassign && (
                    <Button variant="secondary" onClick={() => setOpen('reassign')}>
                      Change courier
                    </Button>
                  )}
                  {r.actions.label && (
                    <Button
                      variant="secondary"
                      busy={download.matches('downloading')}
                      onClick={() =>
                        sendDownload({
                          type: 'DOWNLOAD',
                          kind: 'RETURN_LABEL',
                          params: { returnId: r.returnId, returnNumber: r.returnNumber },
                        })
                      }
                    >
                      Download label
                    </Button>
                  )}
                  {r.actions.exchange && (
                    <Button variant="secondary" onClick={() => setOpen('exchange')}>
                      Send a replacement
                    </Button>
                  )}
                  {r.actions.cancelShipment && (
                    <Button variant="secondary" onClick={() => setOpen('cancelShipment')}>
                      Cancel pickup
                    </Button>
                  )}
                  {r.actions.cancel && (
                    <Button variant="danger" onClick={() => setOpen('cancel')}>
                      Cancel return
                    </Button>
                  )}
                </div>
              </header>
              {download.matches('failed') && <Alert>{download.context.error}</Alert>}
              <div className="grid-stats">
                <Stat label="Value" value={formatRupees(r.valuePaise)} />
                <Stat label="Items" value={r.itemCount} />
                <Stat label="For the buyer" value={r.refundDecisionText} />
              </div>
              <div className="grid-2">
                <Card className="stack">
                  <h2>Pickup from the buyer</h2>
                  <p>
                    {r.pickup.name} · {formatPhone(r.pickup.phone)}
                  </p>
                  <p className="muted">{line(r.pickup)}</p>
                </Card>
                <Card className="stack">
                  <h2>Return to</h2>
                  <p>
                    {r.returnTo.entityName} · {formatPhone(r.returnTo.phone)}
                  </p>
                  <p className="muted">{line(r.returnTo)}</p>
                </Card>
              </div>
              <Card className="stack">
                <h2>Reverse pickup</h2>
                {r.shipment ? (
                  <>
                    <p>
                      {r.shipment.carrierName} · AWB <span className="awb">{r.shipment.awb}</span>
                      {r.shipment.qcChargePaise > 0 && ` · doorstep check ${formatRupees(r.shipment.qcChargePaise)}`}
                    </p>
                    {r.awb && (
                      <p>
                        <a href={RETURN_TRACKING_PAGE(r.awb)} target="_blank" rel="noopener">
                          Buyer’s return tracking page (opens a new tab)
                        </a>
                      </p>
                    )}
                  </>
                ) : (
                  <p className="muted">Not booked yet.</p>
                )}
              </Card>
              {r.qc && (
                <section aria-labelledby="qc-heading" className="stack">
                  <h2 id="qc-heading">Doorstep quality check</h2>
                  {r.qcFailure && (
                    <Alert>
                      <span>
                        Failed {formatDateTime(r.qcFailure.at)}: {r.qcFailure.reason}
                      </span>
                    </Alert>
                  )}
                  <DataTable
                    caption="Quality checks"
                    rows={r.qcChecks}
                    rowKey={(c) => c.kind}
                    columns={[
                      { header: 'Check', cell: (c) => c.kindText },
                      { header: 'Expected', cell: (c) => c.expected || '—' },
                      {
                        header: 'Result',
                        cell: (c) => (
                          <Badge
                            tone={c.result === 'PASSED' ? 'success' : c.result === 'FAILED' ? 'danger' : 'warning'}
                          >
                            {c.result === 'PASSED' ? 'Passed' : c.result === 'FAILED' ? 'Failed' : 'Pending'}
                          </Badge>
                        ),
                      },
                      { header: 'Courier’s note', cell: (c) => c.remark || '—' },
                    ]}
                  />
                  {r.qcFailure && r.qcFailure.photos.length > 0 && (
                    <ul className="list-plain row" aria-label="Courier’s photos">
                      {r.qcFailure.photos.map((p, i) => (
                        <li key={p.fileId}>
                          <img src={p.url} alt={`Courier’s photo ${i + 1}`} width={96} height={96} className="thumb" />
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              )}
              <DataTable
                caption="Products coming back"
                rows={r.items}
                rowKey={(i) => `${i.sku}-${i.name}`}
                columns={[
                  { header: 'Product', cell: (i) => i.name },
                  { header: 'SKU', cell: (i) => i.sku },
                  { header: 'Qty', cell: (i) => i.quantity },
                  { header: 'Unit price', cell: (i) => formatRupees(i.unitPricePaise) },
                ]}
              />
              <Card className="stack">
                <h2>Why it comes back</h2>
                <p>{r.subReasonText ? `${r.reasonText}: ${r.subReasonText}` : r.reasonText}</p>
                {r.comment && <p className="muted">“{r.comment}”</p>}
                {r.photos.length > 0 && (
                  <ul className="list-plain row" aria-label="Photos">
                    {r.photos.map((p, i) => (
                      <li key={p.fileId}>
                        <img src={p.url} alt={`Photo ${i + 1}`} width={96} height={96} className="thumb" />
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
              <section aria-labelledby="history-heading">
                <h2 id="history-heading">History</h2>
                <ol className="list-plain history">
                  {r.history.map((h, i) => (
                    <li key={i}>
                      <strong>{formatDateTime(h.at)}</strong> ·{' '}
                      {h.kind === 'STATUS'
                        ? `${RETURN_STATUSES[h.fromStatus as ReturnStatus] ?? h.fromStatus ?? 'New'} → ${RETURN_STATUSES[h.toStatus as ReturnStatus] ?? h.toStatus}`
                        : h.kind.charAt(0) + h.kind.slice(1).toLowerCase()}
                      {h.note && <span className="muted"> — {h.note}</span>}
                    </li>
                  ))}
                </ol>
              </section>
              {(open === 'ship' || open === 'reassign') && (
                <ShipDialog
                  orderId={r.returnId}
                  orderNumber={r.returnNumber}
                  calls={calls.shipCalls(open === 'reassign')}
                  title={
                    open === 'ship' ? `Book the pickup of ${r.returnNumber}` : `Change the courier of ${r.returnNumber}`
                  }
                  description="Couriers that pick up returns from the buyer. The wallet is charged when the pickup is booked."
                  words={PICKUP_WORDS}
                  onClose={close}
                  onShipped={close}
                />
              )}
              <ConfirmDialog
                open={open === 'cancelShipment'}
                title="Cancel the pickup?"
                message={`The courier will not come for ${r.returnNumber}; the pickup's charge goes back to your wallet.`}
                confirmLabel="Cancel pickup"
                busy={cancelShipment.running}
                onConfirm={() => cancelShipment.run(r.returnId)}
                onCancel={close}
              />
              <ConfirmDialog
                open={open === 'exchange'}
                title="Send a replacement?"
                message="A new order with the returned products is created for the buyer, linked to this return."
                confirmLabel="Create replacement order"
                busy={exchange.running}
                onConfirm={() => exchange.run(r.returnId)}
                onCancel={close}
              />
              {open === 'cancel' && <CancelReturnDialog r={r} onClose={close} />}
            </div>
          )
        }
      </Loadable>
    </div>
  );
}

export function ReturnDetailScreen() {
  const { returnId = '' } = useParams();
  return (
    <SellerShell>
      <ReturnPage key={returnId} returnId={Number(returnId)} />
    </SellerShell>
  );
}

import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { OrderDetail } from '../../../domain/orders-contract';
import { carrierName } from '../../../domain/shipping/carriers';
import { formatDate, formatDateTime, formatPhone, formatRupees } from '../../../domain/format';
import { FORWARD_STATUSES, type ForwardStatus } from '../../../domain/order-status';
import { DimensionsBody } from '../../../domain/schemas/order';
import {
  archiveOrders,
  cancelOrder,
  cloneOrder,
  escalateOrder,
  fetchOrder,
  updateDimensions,
  updateOrderNumber,
} from '../../../services/orders-client';
import { notify } from '../../../services/notify';
import { useHttp, useScreenSession } from '../../../services/screen-services';
import { numberOrUndefined, useForm } from '../../hooks/use-form';
import { useRequest } from '../../hooks/use-request';
import { Badge, Button, Card, ConfirmDialog, DataTable, Dialog, Loadable, Stat, TextField } from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { ShipDialog } from '../shipping/ship-dialog';
import { ShipmentPanel } from '../shipping/shipment-panel';
import { DisputeAction } from '../disputes/dispute-action';

// /orders/:orderId: one order, its history, and what may be done to it now (the server's
// `actions`, from the status table).

function WeightDialog({
  order,
  onClose,
  onSaved,
}: {
  order: OrderDetail;
  onClose: () => void;
  onSaved: (o: OrderDetail) => void;
}) {
  const http = useHttp();
  const [d, setD] = useState({
    lengthCm: String(order.dimensions.lengthCm),
    breadthCm: String(order.dimensions.breadthCm),
    heightCm: String(order.dimensions.heightCm),
    deadWeightKg: String(order.deadWeightKg),
  });
  const form = useForm(DimensionsBody, {});
  const save = useRequest(
    (b: { lengthCm: number; breadthCm: number; heightCm: number; deadWeightKg: number }) =>
      updateDimensions(http, order.orderId, b),
    { onDone: onSaved },
  );
  const field = (k: keyof typeof d, label: string) => (
    <TextField
      label={label}
      inputMode="decimal"
      value={d[k]}
      onChange={(e) => setD((o) => ({ ...o, [k]: e.target.value }))}
      error={form.errors[k]}
    />
  );
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Edit weight and size">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const body = form.parse(Object.fromEntries(Object.entries(d).map(([k, v]) => [k, numberOrUndefined(v)])));
          if (body) save.run(body);
        }}
      >
        <div className="grid-2">
          {field('lengthCm', 'Length (cm)')}
          {field('breadthCm', 'Breadth (cm)')}
          {field('heightCm', 'Height (cm)')}
          {field('deadWeightKg', 'Dead weight (kg)')}
        </div>
        {save.error && (
          <p className="field-error" role="alert">
            {save.error}
          </p>
        )}
        <div className="row dialog-actions">
          <Button type="submit" busy={save.running}>
            Save
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function TextDialog({
  title,
  label,
  initial,
  hint,
  onClose,
  run,
}: {
  title: string;
  label: string;
  initial: string;
  hint?: string;
  onClose: () => void;
  run: (text: string) => void;
}) {
  const [text, setText] = useState(initial);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          run(text.trim());
        }}
      >
        <TextField label={label} value={text} onChange={(e) => setText(e.target.value)} hint={hint} />
        <div className="row dialog-actions">
          <Button type="submit" disabled={!text.trim()}>
            Save
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function OrderDetailScreen() {
  const { orderId = '' } = useParams();
  // a new order (a clone) is a new page: its own loads and dialogs
  return <OrderPage key={orderId} orderId={orderId} />;
}

function OrderPage({ orderId }: { orderId: string }) {
  const http = useHttp();
  const navigate = useNavigate();
  const order = useRequest(() => fetchOrder(http, orderId), { load: true });
  const [dialog, setDialog] = useState<'weight' | 'number' | 'escalate' | 'cancel' | 'ship' | 'archive' | null>(null);
  const [shipmentVersion, setShipmentVersion] = useState(0);
  // a shipment booked or cancelled changes the order: read it again, and the panel with it
  const session = useScreenSession();
  const reloadAll = () => {
    setShown(null);
    order.run();
    setShipmentVersion((v) => v + 1);
    // the wallet in the header changed too
    session.reloadAccount();
  };
  const [shown, setShown] = useState<OrderDetail | null>(null);
  const o = shown ?? order.data;
  const saved = (message: string) => (next: OrderDetail) => {
    setShown(next);
    setDialog(null);
    notify({ kind: 'info', message });
  };
  const failed = (message: string) => notify({ kind: 'error', message });
  const act = useRequest((job: () => Promise<OrderDetail>) => job(), {
    onDone: saved('Order updated'),
    onError: failed,
  });
  const clone = useRequest((id: number) => cloneOrder(http, id), {
    onDone: (c) => {
      notify({ kind: 'info', message: `Order ${c.orderNumber} created as a copy` });
      setShown(null);
      navigate(`/orders/${c.orderId}`);
    },
    onError: failed,
  });
  const archive = useRequest(
    (args: { id: number; archived: boolean }) => archiveOrders(http, [args.id], args.archived),
    {
      onDone: (a) => {
        setDialog(null);
        if (a.refused.length) failed(a.refused[0].reason);
        else order.run();
        setShown(null);
      },
      onError: failed,
    },
  );
  return (
    <SellerShell>
      <div className="page">
        <nav aria-label="Breadcrumb" className="small-print">
          <Link to="/orders">Orders</Link> / {o?.orderNumber ?? 'Order'}
        </nav>
        <Loadable loading={order.loading && !o} error={order.error} onRetry={order.retry}>
          {() =>
            o && (
              <div className="stack" key={o.orderId}>
                <header className="row list-toolbar">
                  <div>
                    <h1>Order {o.orderNumber}</h1>
                    <p className="muted">
                      {formatDate(`${o.orderDate}T00:00:00+05:30`)} · {o.channel} ·{' '}
                      {o.paymentMethod === 'COD' ? 'Cash on delivery' : 'Prepaid'} · <Badge>{o.statusText}</Badge>
                      {o.archived && (
                        <>
                          {' '}
                          <Badge tone="warning">Archived</Badge>
                        </>
                      )}
                      {o.escalated && (
                        <>
                          {' '}
                          <Badge tone="danger">Escalated</Badge>
                        </>
                      )}
                    </p>
                  </div>
                  <div className="row">
                    {o.actions.ship && <Button onClick={() => setDialog('ship')}>Ship now</Button>}
                    {o.actions.edit && (
                      <Button variant="secondary" onClick={() => setDialog('weight')}>
                        Edit weight
                      </Button>
                    )}
                    {o.actions.edit && (
                      <Button variant="secondary" onClick={() => setDialog('number')}>
                        Change number
                      </Button>
                    )}
                    <Button variant="secondary" busy={clone.running} onClick={() => clone.run(o.orderId)}>
                      Clone
                    </Button>
                    {o.actions.escalate && (
                      <Button variant="secondary" onClick={() => setDialog('escalate')}>
                        Escalate
                      </Button>
                    )}
                    {(o.actions.archive || o.archived) && (
                      <Button
                        variant="secondary"
                        busy={archive.running}
                        onClick={() =>
                          o.archived ? archive.run({ id: o.orderId, archived: false }) : setDialog('archive')
                        }
                      >
                        {o.archived ? 'Unarchive' : 'Archive'}
                      </Button>
                    )}
                    {o.actions.cancel && (
                      <Button variant="danger" onClick={() => setDialog('cancel')}>
                        Cancel order
                      </Button>
                    )}
                  </div>
                </header>
                <div className="grid-stats">
                  <Stat label="Total" value={formatRupees(o.totalPaise)} />
                  <Stat label="Collect on delivery" value={formatRupees(o.codAmountPaise)} />
                  <Stat
                    label="Charged weight"
                    value={<span data-testid="charged-weight">{o.chargedWeightKg} kg</span>}
                  />
                  <Stat label="Dead / volumetric" value={`${o.deadWeightKg} / ${o.volWeightKg} kg`} />
                </div>
                <div className="grid-2">
                  <Card className="stack">
                    <h2>Buyer</h2>
                    <p>
                      {o.buyerName} · {formatPhone(o.buyerPhone)}
                      {o.buyerEmail ? ` · ${o.buyerEmail}` : ''}
                    </p>
                    <p className="muted">
                      Ship to:{' '}
                      {[o.shipping.line1, o.shipping.line2, o.shipping.city, o.shipping.state, o.shipping.pincode]
                        .filter(Boolean)
                        .join(', ')}
                    </p>
                    <p className="muted">
                      Bill to:{' '}
                      {[o.billing.line1, o.billing.line2, o.billing.city, o.billing.state, o.billing.pincode]
                        .filter(Boolean)
                        .join(', ')}
                    </p>
                  </Card>
                  <Card className="stack">
                    <h2>Package and pickup</h2>
                    <p>
                      {o.dimensions.lengthCm} × {o.dimensions.breadthCm} × {o.dimensions.heightCm} cm, {o.deadWeightKg}{' '}
                      kg
                    </p>
                    <p className="muted">
                      Pickup from {o.pickup.entityName}, {o.pickup.city} ({formatPhone(o.pickup.phone)})
                    </p>
                    {o.awb && (
                      <p>
                        AWB <span className="awb">{o.awb}</span> · {carrierName(o.carrierCode ?? '')}
                      </p>
                    )}
                  </Card>
                </div>
                {o.awb && <DisputeAction key={`${o.orderId}-${o.status}`} orderId={o.orderId} />}
                {o.awb && (
                  <ShipmentPanel
                    orderId={o.orderId}
                    orderStatus={o.status}
                    version={shipmentVersion}
                    onChanged={reloadAll}
                    onStatusSeen={() => (setShown(null), order.run())}
                  />
                )}
                <DataTable
                  caption="Products"
                  rows={o.items}
                  rowKey={(i) => `${i.sku}-${i.name}`}
                  columns={[
                    { header: 'Product', cell: (i) => i.name },
                    { header: 'SKU', cell: (i) => i.sku },
                    { header: 'Qty', cell: (i) => i.quantity },
                    { header: 'Unit price', cell: (i) => formatRupees(Math.round(i.unitPrice * 100)) },
                    { header: 'GST', cell: (i) => `${i.taxRatePercent}%` },
                  ]}
                />
                <section aria-labelledby="history-heading">
                  <h2 id="history-heading">History</h2>
                  <ol className="list-plain history">
                    {o.history.map((h, i) => (
                      <li key={i}>
                        <strong>{formatDateTime(h.at)}</strong> ·{' '}
                        {h.kind === 'STATUS'
                          ? `${FORWARD_STATUSES[h.fromStatus as ForwardStatus] ?? h.fromStatus} → ${FORWARD_STATUSES[h.toStatus as ForwardStatus] ?? h.toStatus}`
                          : h.kind.charAt(0) + h.kind.slice(1).toLowerCase()}
                        {h.note && <span className="muted"> — {h.note}</span>}
                      </li>
                    ))}
                  </ol>
                </section>
                {dialog === 'ship' && (
                  <ShipDialog
                    orderId={o.orderId}
                    orderNumber={o.orderNumber}
                    onClose={() => (setDialog(null), reloadAll())}
                    onShipped={(sh) => {
                      setDialog(null);
                      notify({ kind: 'info', message: `Shipped with ${sh.carrierName}: AWB ${sh.awb}` });
                      reloadAll();
                    }}
                  />
                )}
                {dialog === 'weight' && (
                  <WeightDialog order={o} onClose={() => setDialog(null)} onSaved={saved('Weight and size saved')} />
                )}
                {dialog === 'number' && (
                  <TextDialog
                    title="Change order number"
                    label="Order number"
                    initial={o.orderNumber}
                    onClose={() => setDialog(null)}
                    run={(n) => act.run(() => updateOrderNumber(http, o.orderId, n))}
                  />
                )}
                {dialog === 'escalate' && (
                  <TextDialog
                    title="Escalate order"
                    label="Reason"
                    initial=""
                    hint="5 to 300 characters"
                    onClose={() => setDialog(null)}
                    run={(r) => act.run(() => escalateOrder(http, o.orderId, r))}
                  />
                )}
                <ConfirmDialog
                  open={dialog === 'archive'}
                  title="Archive this order?"
                  message={`Order ${o.orderNumber} for ${o.buyerName} moves to the Archived tab and cannot be shipped until you unarchive it.`}
                  confirmLabel="Archive order"
                  busy={archive.running}
                  onCancel={() => setDialog(null)}
                  onConfirm={() => archive.run({ id: o.orderId, archived: true })}
                />
                <ConfirmDialog
                  open={dialog === 'cancel'}
                  title="Cancel this order?"
                  message={`Order ${o.orderNumber} for ${o.buyerName} will be cancelled.`}
                  confirmLabel="Cancel order"
                  busy={act.running}
                  onCancel={() => setDialog(null)}
                  onConfirm={() => act.run(() => cancelOrder(http, o.orderId))}
                />
              </div>
            )
          }
        </Loadable>
      </div>
    </SellerShell>
  );
}

import { useNavigate, useParams } from 'react-router-dom';
import { RiskCard } from '../../risk/risk-card';
import type { OrderDetail } from '../../../domain/orders-contract';
import { carrierName } from '../../../domain/shipping/carriers';
import { formatDay, formatDateTime, formatPhone, formatRupees } from '../../../domain/format';
import { paiseOf } from '../../../domain/money';
import { channelName } from '../../../domain/display-labels';
import { FORWARD_STATUSES, type ForwardStatus } from '../../../domain/order-status';
import { useOrderActions } from '../../../services/use-order-actions';
import { Badge, Button, Card, ConfirmDialog, DataTable, Dialog, Loadable, Stat, TextField } from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { ShipDialog } from '../shipping/ship-dialog';
import { InitiateReturnDialog } from '../returns/initiate-return-dialog';
import { ShipmentPanel } from '../shipping/shipment-panel';
import { PackagesPanel } from './packages-panel';
import { AdvancePanel } from './advance-panel';
import { CodVerificationPanel } from './cod-verification-panel';
import { BuyerMessagesPanel } from './buyer-messages-panel';
import { DisputeAction } from '../disputes/dispute-action';
import { GetHelpLink } from '../help/get-help-link';
import { Breadcrumb } from '../../kit/breadcrumb';
import { PanelBoundary } from '../../kit/error-boundary';
import { useDraft } from '../../hooks/use-draft';

// /orders/:orderId: one order, its history, and what may be done to it now (the server's
// `actions`, from the status table).

function WeightDialog({
  order,
  errors,
  error,
  busy,
  onClose,
  onSubmit,
}: {
  order: OrderDetail;
  errors: Record<string, string>;
  error: string | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (draft: Record<string, string>) => void;
}) {
  const [d, setField] = useDraft({
    lengthCm: String(order.dimensions.lengthCm),
    breadthCm: String(order.dimensions.breadthCm),
    heightCm: String(order.dimensions.heightCm),
    deadWeightKg: String(order.deadWeightKg),
  });
  const field = (k: keyof typeof d, label: string) => (
    <TextField
      label={label}
      inputMode="decimal"
      value={d[k]}
      onChange={(e) => setField(k, e.target.value)}
      error={errors[k]}
    />
  );
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="Edit weight and size">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(d);
        }}
      >
        <div className="grid-2">
          {field('lengthCm', 'Length (cm)')}
          {field('breadthCm', 'Breadth (cm)')}
          {field('heightCm', 'Height (cm)')}
          {field('deadWeightKg', 'Dead weight (kg)')}
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="row dialog-actions">
          <Button type="submit" busy={busy}>
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
  busy,
  onClose,
  run,
}: {
  title: string;
  label: string;
  initial: string;
  hint?: string;
  busy: boolean;
  onClose: () => void;
  run: (text: string) => void;
}) {
  const [{ text }, setField] = useDraft({ text: initial });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          run(text.trim());
        }}
      >
        <TextField label={label} value={text} onChange={(e) => setField('text', e.target.value)} hint={hint} />
        <div className="row dialog-actions">
          <Button type="submit" busy={busy} disabled={!text.trim()}>
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

/** The parcel's size and weight, where it is picked up from, and its AWB once shipped. */
function PackageCard({ order }: { order: OrderDetail }) {
  return (
    <Card className="stack">
      <h2>Package and pickup</h2>
      <p>
        {order.dimensions.lengthCm} × {order.dimensions.breadthCm} × {order.dimensions.heightCm} cm,{' '}
        {order.deadWeightKg} kg
      </p>
      <p className="muted">
        Pickup from {order.pickup.entityName}, {order.pickup.city} ({formatPhone(order.pickup.phone)})
      </p>
      {order.awb && (
        <p>
          AWB <span className="awb">{order.awb}</span> · {carrierName(order.carrierCode ?? '')}
        </p>
      )}
    </Card>
  );
}

export function OrderDetailScreen() {
  const { orderId = '' } = useParams();
  // a new order (a clone) is a new page: its own loads and dialogs
  return <OrderPage key={orderId} orderId={orderId} />;
}

function OrderPage({ orderId }: { orderId: string }) {
  const navigate = useNavigate();
  const [state, send] = useOrderActions(orderId);
  const o = state.context.order;
  const dialog = state.matches({ ready: { dialog: 'none' } })
    ? null
    : (['ship', 'weight', 'number', 'escalate', 'cancel', 'archive', 'returning'] as const).find((d) =>
        state.matches({ ready: { dialog: d } }),
      );
  const saving = (d: 'weight' | 'number' | 'escalate' | 'cancel' | 'archive') =>
    state.matches({ ready: { dialog: { [d]: 'saving' } } });
  const close = () => send({ type: 'CLOSE' });
  return (
    <SellerShell>
      <div className="page">
        <Breadcrumb to="/orders" label="Orders">
          {o?.orderNumber ?? 'Order'}
        </Breadcrumb>
        <Loadable
          loading={state.matches('loading')}
          error={state.matches('failed') ? state.context.error : null}
          onRetry={() => send({ type: 'RETRY' })}
        >
          {() =>
            o && (
              <div className="stack" key={o.orderId}>
                <header className="row list-toolbar">
                  <div>
                    <h1>Order {o.orderNumber}</h1>
                    <p className="muted">
                      {formatDay(o.orderDate)} · {channelName(o.channel)} ·{' '}
                      {o.paymentMethod === 'COD' ? 'Cash on delivery' : 'Prepaid'}
                      {o.paymentModeCode ? ` (${o.paymentModeCode})` : ''} · <Badge>{o.statusText}</Badge>
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
                    {o.actions.ship && <Button onClick={() => send({ type: 'SHIP' })}>Ship now</Button>}
                    {o.actions.edit && (
                      <Button variant="secondary" onClick={() => send({ type: 'EDIT_WEIGHT' })}>
                        Edit weight
                      </Button>
                    )}
                    {o.actions.edit && (
                      <Button variant="secondary" onClick={() => send({ type: 'CHANGE_NUMBER' })}>
                        Change number
                      </Button>
                    )}
                    <Button
                      variant="secondary"
                      busy={state.matches({ ready: { dialog: 'cloning' } })}
                      onClick={() => send({ type: 'CLONE' })}
                    >
                      Clone
                    </Button>
                    <GetHelpLink
                      category={o.awb ? 'SHIPMENT' : 'OTHER'}
                      orderId={o.orderId}
                      orderNumber={o.orderNumber}
                      awb={o.awb}
                    />
                    {o.actions.escalate && (
                      <Button variant="secondary" onClick={() => send({ type: 'ESCALATE' })}>
                        Escalate
                      </Button>
                    )}
                    {(o.actions.archive || o.archived) && (
                      <Button
                        variant="secondary"
                        busy={state.matches({ ready: { dialog: 'unarchiving' } }) || saving('archive')}
                        onClick={() => send({ type: o.archived ? 'UNARCHIVE' : 'ARCHIVE' })}
                      >
                        {o.archived ? 'Unarchive' : 'Archive'}
                      </Button>
                    )}
                    {o.actions.return && (
                      <Button variant="secondary" onClick={() => send({ type: 'RETURN' })}>
                        Initiate return
                      </Button>
                    )}
                    {o.actions.cancel && (
                      <Button variant="danger" onClick={() => send({ type: 'CANCEL' })}>
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
                  <PanelBoundary label="Package and pickup">
                    <PackageCard order={o} />
                  </PanelBoundary>
                </div>
                {o.risk && <RiskCard risk={o.risk} />}
                {o.codVerification && (
                  <PanelBoundary label="COD confirmation">
                    <CodVerificationPanel
                      key={`${o.orderId}-${o.codVerification}`}
                      orderId={o.orderId}
                      orderNumber={o.orderNumber}
                    />
                  </PanelBoundary>
                )}
                {o.awb && (
                  <PanelBoundary label="Dispute">
                    <DisputeAction key={`${o.orderId}-${o.status}`} orderId={o.orderId} />
                  </PanelBoundary>
                )}
                {o.advancePaise > 0 && (
                  <PanelBoundary label="Advance payment">
                    <AdvancePanel orderId={o.orderId} />
                  </PanelBoundary>
                )}
                <PanelBoundary label="Packages">
                  <PackagesPanel orderId={o.orderId} orderNumber={o.orderNumber} />
                </PanelBoundary>
                {o.awb && o.splitMode !== 'BY_ITEM' && (
                  <PanelBoundary label="Shipment">
                    <ShipmentPanel orderId={o.orderId} orderStatus={o.status} splitMode={o.splitMode} />
                  </PanelBoundary>
                )}
                <PanelBoundary label="Buyer messages">
                  <BuyerMessagesPanel key={`${o.orderId}-${o.status}`} orderId={o.orderId} />
                </PanelBoundary>
                <DataTable
                  caption="Products"
                  rows={o.items}
                  rowKey={(i) => `${i.sku}-${i.name}`}
                  columns={[
                    { header: 'Product', cell: (i) => i.name },
                    { header: 'SKU', cell: (i) => i.sku },
                    { header: 'Qty', cell: (i) => i.quantity },
                    { header: 'Unit price', cell: (i) => formatRupees(paiseOf(i.unitPrice)) },
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
                          : (h.kind.charAt(0) + h.kind.slice(1).toLowerCase()).replace(/_/g, ' ')}
                        {h.note && <span className="muted"> — {h.note}</span>}
                      </li>
                    ))}
                  </ol>
                </section>
                {dialog === 'returning' && (
                  <InitiateReturnDialog
                    orderId={o.orderId}
                    orderNumber={o.orderNumber}
                    onClose={close}
                    onCreated={(r) => navigate(`/returns/${r.returnId}`)}
                  />
                )}
                {dialog === 'ship' && (
                  <ShipDialog
                    orderId={o.orderId}
                    orderNumber={o.orderNumber}
                    risk={o.risk}
                    onClose={close}
                    onShipped={(sh) => send({ type: 'SHIPPED', awb: sh.awb, carrierName: sh.carrierName })}
                  />
                )}
                {dialog === 'weight' && (
                  <WeightDialog
                    order={o}
                    errors={state.context.fieldErrors}
                    error={state.context.error}
                    busy={saving('weight')}
                    onClose={close}
                    onSubmit={(draft) => send({ type: 'SUBMIT', value: draft })}
                  />
                )}
                {dialog === 'number' && (
                  <TextDialog
                    title="Change order number"
                    label="Order number"
                    initial={o.orderNumber}
                    busy={saving('number')}
                    onClose={close}
                    run={(n) => send({ type: 'SUBMIT', value: n })}
                  />
                )}
                {dialog === 'escalate' && (
                  <TextDialog
                    title="Escalate order"
                    label="Reason"
                    initial=""
                    hint="5 to 300 characters"
                    busy={saving('escalate')}
                    onClose={close}
                    run={(r) => send({ type: 'SUBMIT', value: r })}
                  />
                )}
                <ConfirmDialog
                  open={dialog === 'archive'}
                  title="Archive this order?"
                  message={`Order ${o.orderNumber} for ${o.buyerName} moves to the Archived tab and cannot be shipped until you unarchive it.`}
                  confirmLabel="Archive order"
                  busy={saving('archive')}
                  onCancel={close}
                  onConfirm={() => send({ type: 'CONFIRM' })}
                />
                <ConfirmDialog
                  open={dialog === 'cancel'}
                  title="Cancel this order?"
                  message={`Order ${o.orderNumber} for ${o.buyerName} will be cancelled.`}
                  confirmLabel="Cancel order"
                  busy={saving('cancel')}
                  onCancel={close}
                  onConfirm={() => send({ type: 'CONFIRM' })}
                />
              </div>
            )
          }
        </Loadable>
      </div>
    </SellerShell>
  );
}

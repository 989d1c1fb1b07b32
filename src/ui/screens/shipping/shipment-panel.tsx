import { formatDate, formatDateTime, formatRupees } from '../../../domain/format';
import type { ShipmentInfo } from '../../../domain/shipping-contract';
import { bookedSlotLabel } from '../../../domain/shipping/hyperlocal';
import { canCancelShipment } from '../../../domain/shipping/shipment-rules';
import { canReassignShipment } from '../../../domain/shipping/reassign';
import { mayUse } from '../../../domain/permissions';
import { useScreenSession } from '../../../services/screen-services';
import { useShipmentFollow } from '../../../services/use-shipment-follow';
import { Badge, Button, Card, ConfirmDialog, Loadable, Stat } from '../../kit';
import { DocumentButtons } from './document-buttons';
import { ReassignCourierAction } from './reassign-courier-dialog';

// An order's shipment: courier, AWB, dates and charges, the scans as they come in (the
// shipment-follow machine reads them again on each live status event, or every 15 seconds while
// the live stream is down and the parcel is on the move), its documents, and before pickup moving it
// to another courier (for those who may ship orders) or cancelling it.

/** When the parcel arrives: the estimate while it is on its way, then what became of it. */
function deliveryStat(s: ShipmentInfo): { label: string; value: string } {
  if (s.orderStatus === 'DLV' && s.deliveredAt) return { label: 'Delivered', value: formatDate(s.deliveredAt) };
  if (s.orderStatus === 'RTO_INT') return { label: 'Delivery', value: 'Coming back to you' };
  if (s.orderStatus === 'RTO_DLV') return { label: 'Delivery', value: 'Returned to you' };
  return {
    label: 'Expected delivery',
    value: s.expectedDeliveryDate ? formatDate(s.expectedDeliveryDate) : '—',
  };
}

export function ShipmentPanel({
  orderId,
  orderStatus,
  splitMode = null,
}: {
  orderId: number;
  orderStatus: string;
  /** a split order's packages ship on their own: its shipment keeps its courier */
  splitMode?: string | null;
}) {
  const [state, send] = useShipmentFollow(orderId, orderStatus);
  const { account } = useScreenSession();
  const mayShip = !!account && mayUse(account.role, account.permissions, 'orders.ship');
  const { shipment, error } = state.context;
  return (
    <Card className="stack" aria-label="Shipment">
      <h2>Shipment</h2>
      <Loadable
        loading={state.matches('loading')}
        error={state.matches('failed') ? error : null}
        onRetry={() => send({ type: 'RETRY' })}
      >
        {() => {
          const s = shipment!;
          return (
            <>
              <div className="grid-stats">
                <Stat label="Courier" value={s.carrierName} />
                <Stat label="AWB" value={<span className="awb">{s.awb}</span>} />
                <Stat {...deliveryStat(s)} />
                <Stat label="Charged" value={formatRupees(s.totalPaise)} />
              </div>
              {s.deliverySlot && (
                <p>
                  <strong>Delivery slot</strong>{' '}
                  {`${bookedSlotLabel(s.deliverySlot)} IST${s.deliverySlot.riderName ? ` · Rider ${s.deliverySlot.riderName}` : ''}`}
                </p>
              )}
              {s.state === 'CANCELLED' ? (
                <p className="small-print">Cancelled; the charge went back to the wallet.</p>
              ) : (
                <div className="row">
                  <DocumentButtons
                    orderIds={[orderId]}
                    proofOfDelivery={s.orderStatus === 'DLV' ? { orderId, orderNumber: s.orderNumber } : null}
                  />
                  <Button variant="secondary" onClick={() => send({ type: 'REFRESH' })}>
                    Refresh tracking
                  </Button>
                  <a
                    className="btn btn-ghost"
                    href={`/s?r=${encodeURIComponent(s.shortCode)}`}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    Buyer’s tracking page
                  </a>
                  {mayShip && canReassignShipment({ ...s, splitMode }) && <ReassignCourierAction shipment={s} />}
                  {canCancelShipment(s) && (
                    <Button variant="danger" onClick={() => send({ type: 'CANCEL' })}>
                      Cancel shipment
                    </Button>
                  )}
                </div>
              )}
              <h3 className="row">Tracking {state.context.live && <Badge tone="success">Live</Badge>}</h3>
              {s.scans.length === 0 ? (
                <p className="small-print">No scans yet: the courier reports once it has the parcel.</p>
              ) : (
                <ol className="timeline" aria-label="Tracking scans">
                  {[...s.scans].reverse().map((x) => (
                    <li key={`${x.at}-${x.status}-${x.remark}`}>
                      <strong>{x.statusText}</strong>{' '}
                      <span className="small-print">
                        {formatDateTime(x.at)} · {x.location}
                      </span>
                      {x.remark && <div className="small-print">{x.remark}</div>}
                    </li>
                  ))}
                </ol>
              )}
              <ConfirmDialog
                open={state.matches({ shown: 'confirming' }) || state.matches({ shown: 'cancelling' })}
                title="Cancel shipment"
                message={`Cancel ${s.awb} with ${s.carrierName}? ${formatRupees(s.totalPaise)} goes back to your wallet and the order is ready to ship again.`}
                confirmLabel="Cancel shipment"
                busy={state.matches({ shown: 'cancelling' })}
                onConfirm={() => send({ type: 'CONFIRM' })}
                onCancel={() => send({ type: 'DISMISS' })}
              />
            </>
          );
        }}
      </Loadable>
    </Card>
  );
}

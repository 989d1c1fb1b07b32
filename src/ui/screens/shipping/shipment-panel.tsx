import { useEffect, useState } from 'react';
import type { ShipmentInfo } from '../../../domain/shipping-contract';
import { formatDate, formatDateTime, formatRupees } from '../../../domain/format';
import { IN_FLIGHT, type ForwardStatus } from '../../../domain/order-status';
import { notify } from '../../../services/notify';
import { cancelShipment, fetchShipment } from '../../../services/shipping-client';
import { useHttp } from '../../../services/screen-services';
import { useRequest } from '../../hooks/use-request';
import { Button, Card, ConfirmDialog, Loadable, Stat } from '../../kit';
import { DocumentButtons } from './document-buttons';

// An order's shipment: courier, AWB, dates and charges, the scans as they come in (looked at
// again every 15 seconds while the parcel is on the move), its documents, and cancelling it
// before pickup.

const POLL_MS = 15_000;

export function ShipmentPanel({
  orderId,
  orderStatus,
  version,
  onChanged,
  onStatusSeen,
}: {
  orderId: number;
  orderStatus: string;
  version: number;
  onChanged: () => void;
  onStatusSeen: () => void;
}) {
  const http = useHttp();
  const shipment = useRequest(() => fetchShipment(http, orderId), { load: true });
  const [confirm, setConfirm] = useState(false);
  const cancel = useRequest(() => cancelShipment(http, orderId), {
    onDone: (s: ShipmentInfo) => {
      setConfirm(false);
      notify({
        kind: 'info',
        message: `Shipment ${s.awb} cancelled; ${formatRupees(s.totalPaise)} refunded to the wallet`,
      });
      onChanged();
    },
    onError: (message) => notify({ kind: 'error', message }),
  });
  const reload = shipment.run;
  const moving = shipment.data
    ? IN_FLIGHT.includes(shipment.data.orderStatus as ForwardStatus) && shipment.data.state === 'BOOKED'
    : false;
  useEffect(() => {
    reload();
  }, [version]); // eslint-disable-line react-hooks/exhaustive-deps
  // the courier moved the order on: the page's order catches up
  const seen = shipment.data?.orderStatus;
  useEffect(() => {
    if (seen && seen !== orderStatus) onStatusSeen();
  }, [seen]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [moving, reload]);

  return (
    <Card className="stack" aria-label="Shipment">
      <h2>Shipment</h2>
      <Loadable loading={shipment.loading && !shipment.data} error={shipment.error} onRetry={shipment.retry}>
        {() => {
          const s = shipment.data!;
          return (
            <>
              <div className="grid-stats">
                <Stat label="Courier" value={s.carrierName} />
                <Stat label="AWB" value={<span className="awb">{s.awb}</span>} />
                <Stat
                  label="Expected delivery"
                  value={s.expectedDeliveryDate ? formatDate(s.expectedDeliveryDate) : '—'}
                />
                <Stat label="Charged" value={formatRupees(s.totalPaise)} />
              </div>
              {s.state === 'CANCELLED' ? (
                <p className="small-print">Cancelled; the charge went back to the wallet.</p>
              ) : (
                <div className="row">
                  <DocumentButtons orderIds={[orderId]} />
                  <Button variant="secondary" onClick={() => reload()}>
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
                  {s.orderStatus === 'PKP_SCH' && (
                    <Button variant="danger" onClick={() => setConfirm(true)}>
                      Cancel shipment
                    </Button>
                  )}
                </div>
              )}
              <h3>Tracking</h3>
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
                open={confirm}
                title="Cancel shipment"
                message={`Cancel ${s.awb} with ${s.carrierName}? ${formatRupees(s.totalPaise)} goes back to your wallet and the order is ready to ship again.`}
                confirmLabel="Cancel shipment"
                busy={cancel.running}
                onConfirm={() => cancel.run()}
                onCancel={() => setConfirm(false)}
              />
            </>
          );
        }}
      </Loadable>
    </Card>
  );
}

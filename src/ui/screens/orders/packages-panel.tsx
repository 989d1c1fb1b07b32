import { useState } from 'react';
import { formatRupees } from '../../../domain/format';
import { mayUse } from '../../../domain/permissions';
import { planAllowsFeature } from '../../../domain/plans';
import { API_SPLIT, type OrderPackage, type OrderPackages } from '../../../domain/split-contract';
import { packageOf } from '../../../domain/split-shipments';
import { invalidate, useOnInvalidate } from '../../../services/invalidate';
import { useHttp, useScreenSession } from '../../../services/screen-services';
import { call } from '../../../services/call';
import { useDocumentDownload } from '../../../services/use-document-download';
import { useRequest } from '../../hooks/use-request';
import { Alert, Badge, Button, Card, DataTable, Loadable } from '../../kit';
import { ShipDialog } from '../shipping/ship-dialog';
import { SplitShipmentDialog } from './split-shipment-dialog';

// The order page's packages (split shipments, Premium): the "Split shipment" action while the
// order is Ready To Ship, then each package with its items, status, AWB and label; by item each
// ships on its own, by box all go as one multi-piece shipment.

type Shipping = { kind: 'package'; packageNo: number } | { kind: 'boxes' } | null;

export function PackagesPanel({ orderId, orderNumber }: { orderId: number; orderNumber: string }) {
  const http = useHttp();
  const { account } = useScreenSession();
  const allowed =
    !!account &&
    planAllowsFeature(account.subscriptionType, 'splitShipments') &&
    mayUse(account.role, account.permissions, 'orders.ship');
  const packages = useRequest(() => call(http, API_SPLIT.packages, { params: { orderId } }), { load: allowed });
  const undo = useRequest(() => call(http, API_SPLIT.removeSplit, { params: { orderId } }), {
    onDone: () => invalidate('order'),
  });
  const [download, sendDownload] = useDocumentDownload();
  const [splitting, setSplitting] = useState(false);
  const [shipping, setShipping] = useState<Shipping>(null);
  useOnInvalidate('order', () => allowed && packages.run());
  if (!allowed) return null;
  const data = packages.data;
  if (data && !data.mode && !data.editable) return null;
  const labelOf = (p: OrderPackage) =>
    sendDownload({ type: 'DOWNLOAD', kind: 'PACKAGE_LABEL', params: { orderId, orderNumber, packageNo: p.packageNo } });
  return (
    <Card className="stack" aria-labelledby="packages-heading">
      <div className="row list-toolbar">
        <h2 id="packages-heading">Packages</h2>
        {data?.editable && (
          <div className="row">
            <Button variant="secondary" onClick={() => setSplitting(true)}>
              {data.mode ? 'Change split' : 'Split shipment'}
            </Button>
            {data.mode && (
              <Button variant="ghost" busy={undo.running} onClick={() => undo.run()}>
                Ship as one parcel
              </Button>
            )}
          </div>
        )}
      </div>
      <Loadable loading={packages.loading} error={packages.failed ? packages.error : null} onRetry={packages.retry}>
        {() =>
          data && (
            <>
              {!data.mode ? (
                <p className="small-print">
                  This order ships as one parcel. Split it to send some items now and the rest later, or several boxes
                  under one AWB.
                </p>
              ) : (
                <PackageRows
                  data={data}
                  onShip={(packageNo) => setShipping({ kind: 'package', packageNo })}
                  onLabel={labelOf}
                  labelBusy={download.matches('downloading')}
                />
              )}
              {data.mode === 'BY_BOX' && data.orderStatus === 'RTS' && (
                <div className="row">
                  <Button onClick={() => setShipping({ kind: 'boxes' })}>Ship all boxes</Button>
                </div>
              )}
            </>
          )
        }
      </Loadable>
      {undo.failed && (
        <Alert>
          <span>{undo.error}</span>
        </Alert>
      )}
      {download.matches('failed') && (
        <Alert>
          <span>{download.context.error}</span>
          <Button variant="ghost" onClick={() => sendDownload({ type: 'DISMISS' })}>
            Dismiss
          </Button>
        </Alert>
      )}
      {splitting && (
        <SplitShipmentDialog orderId={orderId} orderNumber={orderNumber} onClose={() => setSplitting(false)} />
      )}
      {shipping && data && (
        <ShipDialog
          orderId={orderId}
          orderNumber={orderNumber}
          title={
            shipping.kind === 'package'
              ? `Ship package ${packageOf(shipping.packageNo, data.packages.length)} of ${orderNumber}`
              : `Ship ${data.packages.length} boxes of ${orderNumber}`
          }
          description={
            shipping.kind === 'package'
              ? 'Choose a courier for this package. The wallet is charged when it is booked.'
              : 'Couriers that take the boxes as one multi-piece shipment. The wallet is charged once.'
          }
          calls={
            shipping.kind === 'package'
              ? {
                  loadQuotes: (id) =>
                    call(http, API_SPLIT.packageQuotes, { params: { orderId: id, packageNo: shipping.packageNo } }),
                  ship: (id, carrierCode, key, cover) =>
                    call(http, API_SPLIT.shipPackage, {
                      params: { orderId: id, packageNo: shipping.packageNo },
                      body: { carrierCode, idempotencyKey: key, ...cover },
                    }),
                }
              : {
                  loadQuotes: (id) => call(http, API_SPLIT.boxQuotes, { params: { orderId: id } }),
                  ship: (id, carrierCode, key, cover) =>
                    call(http, API_SPLIT.shipBoxes, {
                      params: { orderId: id },
                      body: { carrierCode, idempotencyKey: key, ...cover },
                    }),
                }
          }
          onClose={() => setShipping(null)}
          onShipped={() => {
            setShipping(null);
            invalidate('order', 'wallet');
          }}
        />
      )}
    </Card>
  );
}

function PackageRows({
  data,
  onShip,
  onLabel,
  labelBusy,
}: {
  data: OrderPackages;
  onShip: (packageNo: number) => void;
  onLabel: (p: OrderPackage) => void;
  labelBusy: boolean;
}) {
  const count = data.packages.length;
  return (
    <DataTable
      caption={data.mode === 'BY_BOX' ? 'Boxes of one multi-piece shipment' : 'Packages, each its own shipment'}
      rows={data.packages}
      rowKey={(p) => String(p.packageNo)}
      columns={[
        { header: 'Package', cell: (p) => packageOf(p.packageNo, count) },
        { header: 'Items', cell: (p) => p.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ') },
        {
          header: 'Weight and size',
          cell: (p) => `${p.deadWeightKg} kg · ${p.lengthCm} × ${p.breadthCm} × ${p.heightCm} cm`,
        },
        { header: 'Status', cell: (p) => <Badge>{p.statusText}</Badge> },
        {
          header: 'AWB',
          cell: (p) =>
            p.awb ? (
              <span className="awb">{data.mode === 'BY_BOX' ? `${p.childAwb} (master ${p.awb})` : p.awb}</span>
            ) : (
              '—'
            ),
        },
        { header: 'Courier', cell: (p) => p.carrierName ?? '—' },
        { header: 'Charged', cell: (p) => (p.totalPaise === null ? '—' : formatRupees(p.totalPaise)) },
        {
          header: 'Actions',
          cell: (p) =>
            p.awb ? (
              <Button variant="secondary" disabled={labelBusy} onClick={() => onLabel(p)}>
                Download label {p.packageNo}
              </Button>
            ) : data.mode === 'BY_ITEM' && p.status === 'RTS' ? (
              <Button onClick={() => onShip(p.packageNo)}>Ship package {p.packageNo}</Button>
            ) : (
              '—'
            ),
        },
      ]}
    />
  );
}

import { Link } from 'react-router-dom';
import { API_ORDERS, type OrderBatchRow } from '../../../domain/orders-contract';
import { formatDateTime } from '../../../domain/format';
import { Badge, Button, Tabs } from '../../kit';
import { ListView, type ListColumn } from '../../lists/list-view';
import { SellerShell } from '../shell/seller-shell';
import { CsvUploadPanel, useSampleDownload, type CsvUploadKind } from '../uploads/csv-upload-panel';

// /orders/upload: bulk orders from CSV. New orders, update-by-CSV of orders not yet shipped,
// and the batch history (each upload's orders and where they are now).

const NEW_ORDERS: CsvUploadKind = {
  ops: API_ORDERS.uploads,
  fileStem: 'orders',
  fileLabel: 'Orders CSV file',
  created: ['order', 'orders'],
  createdVerb: 'created',
};
const ORDER_UPDATES: CsvUploadKind = {
  ops: API_ORDERS.updates,
  fileStem: 'order-updates',
  fileLabel: 'Order updates CSV file',
  created: ['order', 'orders'],
  createdVerb: 'updated',
};

const n = (x: number) => x.toLocaleString('en-IN');

const BATCH_COLUMNS: ListColumn<OrderBatchRow>[] = [
  {
    header: 'Batch',
    cell: (b) => (
      <Link to={`/orders?batch=${b.batchId}`} aria-label={`Orders of batch #${b.batchId}`}>
        #{b.batchId}
      </Link>
    ),
  },
  { header: 'Uploaded', cell: (b) => formatDateTime(b.uploadedAt) },
  { header: 'File', cell: (b) => b.fileName },
  {
    header: 'Status',
    cell: (b) => (
      <Badge tone={b.status === 'DONE' ? 'success' : b.status === 'FAILED' ? 'danger' : 'warning'}>
        {b.status.replace('_', ' ')}
      </Badge>
    ),
  },
  { header: 'Orders', cell: (b) => n(b.orders) },
  { header: 'Ready To Ship', cell: (b) => n(b.readyToShip) },
  { header: 'In Transit', cell: (b) => n(b.inTransit) },
  { header: 'Delivered', cell: (b) => n(b.delivered) },
  { header: 'Cancelled', cell: (b) => n(b.cancelled) },
  { header: 'Rows rejected', cell: (b) => n(b.rowsRejected) },
];

function SampleButton({ kind, label }: { kind: CsvUploadKind; label: string }) {
  const sample = useSampleDownload(kind);
  return (
    <Button variant="secondary" busy={sample.running} onClick={() => sample.run()}>
      {label}
    </Button>
  );
}

export function OrdersUploadScreen() {
  return (
    <SellerShell>
      <div className="page stack">
        <header className="page-head">
          <p className="small-print">
            <Link to="/orders">Orders</Link> / Bulk upload
          </p>
          <h1>Bulk upload orders</h1>
          <p>
            Create or change many orders from a CSV file (UTF-8, up to 50 MB and 1,00,000 rows). Good orders go in; each
            bad row comes back with its row number and every problem (column and reason) in an error CSV you can fix and
            upload again.
          </p>
        </header>
        <Tabs.Root defaultValue="new">
          <Tabs.List aria-label="Bulk upload">
            <Tabs.Trigger value="new">New orders</Tabs.Trigger>
            <Tabs.Trigger value="update">Update orders</Tabs.Trigger>
            <Tabs.Trigger value="batches">Batches</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="new" className="stack">
            <p className="small-print">
              One row per order line: put the lines of one order on consecutive rows with the same orderNumber, or leave
              orderNumber blank to get the next ORD number. A SKU from your catalogue fills the name, price and tax;
              blank pickupAddress means your primary address.
            </p>
            <div className="row">
              <SampleButton kind={NEW_ORDERS} label="Download sample CSV" />
            </div>
            <CsvUploadPanel kind={NEW_ORDERS} />
          </Tabs.Content>
          <Tabs.Content value="update" className="stack">
            <p className="small-print">
              One row per order, named by orderNumber; fill only the cells to change. Orders already handed to a courier
              cannot change.
            </p>
            <div className="row">
              <SampleButton kind={ORDER_UPDATES} label="Download sample update CSV" />
            </div>
            <CsvUploadPanel kind={ORDER_UPDATES} />
          </Tabs.Content>
          <Tabs.Content value="batches" className="stack">
            <ListView
              caption="Upload batches"
              noun="batches"
              path={API_ORDERS.batches.path}
              columns={BATCH_COLUMNS}
              rowKey={(b) => b.batchId}
              sortBy="createdAt"
              refreshOn="uploads"
            />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </SellerShell>
  );
}

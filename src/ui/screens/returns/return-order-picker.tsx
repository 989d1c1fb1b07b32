import { formatDate, formatRupees } from '../../../domain/format';
import { API_ORDERS, type OrderRow } from '../../../domain/orders-contract';
import { Button, Dialog } from '../../kit';
import { ListView, type ListColumn } from '../../lists/list-view';

// "New return" starts from the seller's own delivered orders (their products come with them),
// found by order number, AWB or buyer; an order sold elsewhere is the second way in.

export function ReturnOrderPicker({
  onPick,
  onElsewhere,
  onClose,
}: {
  onPick: (order: { orderId: number; orderNumber: string }) => void;
  onElsewhere: () => void;
  onClose: () => void;
}) {
  const columns: ListColumn<OrderRow>[] = [
    { header: 'Order', cell: (o) => o.orderNumber },
    { header: 'Buyer', cell: (o) => `${o.buyerName}, ${o.city}` },
    { header: 'Ordered', cell: (o) => formatDate(o.orderDate) },
    { header: 'Value', cell: (o) => formatRupees(o.totalPaise) },
    {
      header: 'Return',
      cell: (o) => (
        <Button
          className="btn-small"
          aria-label={`Return from ${o.orderNumber}`}
          onClick={() => onPick({ orderId: o.orderId, orderNumber: o.orderNumber })}
        >
          Choose
        </Button>
      ),
    },
  ];
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="New return"
      description="Choose the delivered order the parcel comes back from."
      wide
    >
      <div className="stack">
        <ListView
          caption="Delivered orders"
          noun="delivered orders"
          path={API_ORDERS.orders.path}
          columns={columns}
          rowKey={(o) => o.orderId}
          rowLabel={(o) => o.orderNumber}
          sortBy="createdAt"
          sortOrder="DESC"
          searchLabel="Search order number, AWB or buyer"
          filters={{ orderStatusCodes: 'DLV' }}
        />
        <p className="row">
          <span className="muted">Sold on another channel and not in Dakiya?</span>
          <Button variant="secondary" onClick={onElsewhere}>
            Return of an order sold elsewhere
          </Button>
        </p>
      </div>
    </Dialog>
  );
}

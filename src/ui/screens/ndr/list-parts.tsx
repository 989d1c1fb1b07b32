import { Link } from 'react-router-dom';
import { CARRIERS } from '../../../domain/shipping/carriers';
import type { SelectFilter } from '../../lists/list-filters';
import type { ListColumn } from '../../lists/list-view';

// What the NDR and RTO lists share: the courier filter and their order and courier columns.

/** The courier filter of the NDR and RTO lists (?courier=). */
export const COURIER_FILTER: SelectFilter = {
  param: 'courier',
  label: 'Courier',
  options: CARRIERS.map((c) => ({ value: c.code, label: c.name })),
};

interface ParcelRow {
  orderId: number;
  orderNumber: string;
  carrierName: string;
  awb: string;
}

/** The order (its link, with a line under it) and the courier with the AWB. */
export function parcelColumns<T extends ParcelRow>(under: (row: T) => string): ListColumn<T>[] {
  return [
    {
      header: 'Order',
      cell: (r) => (
        <span>
          <Link to={`/orders/${r.orderId}`}>{r.orderNumber}</Link>
          <br />
          <span className="small-print">{under(r)}</span>
        </span>
      ),
    },
    {
      header: 'Courier',
      cell: (r) => (
        <span>
          {r.carrierName}
          <br />
          <span className="awb">{r.awb}</span>
        </span>
      ),
    },
  ];
}

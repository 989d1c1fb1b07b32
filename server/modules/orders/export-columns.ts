import type { ExportColumn } from '../../http/list-export';
import type { OrderRow } from '../../../src/domain/orders-contract';
import { formatDay } from '../../../src/domain/format';
import { rupeesOf } from '../../../src/domain/money';

// The orders list's columns as a file has them: its CSV export and the orders report.

export const ORDER_EXPORT_COLUMNS: ExportColumn<OrderRow>[] = [
  { header: 'orderNumber', value: (r) => r.orderNumber },
  { header: 'orderDate', value: (r) => formatDay(r.orderDate) },
  { header: 'status', value: (r) => r.statusText },
  { header: 'channel', value: (r) => r.channel },
  { header: 'paymentMethod', value: (r) => r.paymentMethod },
  { header: 'buyerName', value: (r) => r.buyerName },
  { header: 'buyerPhone', value: (r) => r.buyerPhone },
  { header: 'city', value: (r) => r.city },
  { header: 'pincode', value: (r) => r.pincode },
  { header: 'total', value: (r) => rupeesOf(r.totalPaise).toFixed(2) },
  { header: 'codAmount', value: (r) => rupeesOf(r.codAmountPaise).toFixed(2) },
  { header: 'chargedWeightKg', value: (r) => r.chargedWeightKg },
  { header: 'awb', value: (r) => r.awb ?? '' },
  { header: 'carrier', value: (r) => r.carrierCode ?? '' },
];

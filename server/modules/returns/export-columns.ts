import type { ExportColumn } from '../../http/list-export';
import { RETURN_STATUSES } from '../../../src/domain/order-status';
import { REFUND_DECISIONS } from '../../../src/domain/returns';
import type { ReturnRow } from '../../../src/domain/returns-contract';
import { rupeesOf } from '../../../src/domain/money';

// The returns list's columns as a file has them: its CSV export and the returns report.

export const RETURN_EXPORT_COLUMNS: ExportColumn<ReturnRow>[] = [
  { header: 'return_number', value: (r) => r.returnNumber },
  { header: 'order_number', value: (r) => r.forwardOrderNumber },
  { header: 'status', value: (r) => RETURN_STATUSES[r.status] },
  { header: 'created_at', value: (r) => r.createdAt },
  { header: 'customer_name', value: (r) => r.customerName },
  { header: 'customer_phone', value: (r) => r.customerPhone },
  { header: 'pincode', value: (r) => r.pincode },
  { header: 'reason', value: (r) => `${r.reasonText}: ${r.subReasonText}` },
  { header: 'items', value: (r) => r.itemCount },
  { header: 'value', value: (r) => rupeesOf(r.valuePaise).toFixed(2) },
  { header: 'qc', value: (r) => (r.qc ? (r.qcResult ?? 'PENDING') : 'NO') },
  { header: 'refund_decision', value: (r) => REFUND_DECISIONS[r.refundDecision] },
  { header: 'carrier_code', value: (r) => r.carrierCode ?? '' },
  { header: 'awb', value: (r) => r.awb ?? '' },
  { header: 'exchange_order', value: (r) => r.exchangeOrderNumber ?? '' },
];

import type { ExportColumn } from '../../http/list-export';
import { NDR_ACTIONS, NDR_REASONS, type NdrActionKind, type NdrRow } from '../../../src/domain/ndr-contract';

// The NDR list's columns as a file has them: its CSV export and the NDR report.

export const NDR_EXPORT_COLUMNS: ExportColumn<NdrRow>[] = [
  { header: 'channelName', value: (r) => r.channelName },
  { header: 'ndr_id', value: (r) => r.ndrId },
  { header: 'order_id', value: (r) => r.orderNumber },
  { header: 'customerName', value: (r) => r.customerName },
  { header: 'carrier_code', value: (r) => r.carrierCode },
  { header: 'exceptionInfo', value: (r) => `${NDR_REASONS[r.reason]}: ${r.exceptionInfo}` },
  {
    header: 'action',
    value: (r) =>
      r.action ? `${NDR_ACTIONS[r.action as NdrActionKind]} (${(r.actionSource ?? '').toLowerCase()})` : '',
  },
];

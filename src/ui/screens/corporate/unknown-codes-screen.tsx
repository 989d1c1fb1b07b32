import { API_NDR, type UnknownCourierCode } from '../../../domain/ndr-contract';
import { formatDateTime } from '../../../domain/format';
import { carrierName } from '../../../domain/shipping/carriers';
import { useOperation } from '../../hooks/use-operation';
import { Badge, DataTable, Loadable, type Column } from '../../kit';
import { StaffShell } from '../shell/staff-shell';

// /dakiya/courier-codes: the status and NDR reason codes couriers sent that no mapping table knows,
// most frequent first, with a sample parcel and remark: what to add to the tables next.

const KIND_LABELS: Record<UnknownCourierCode['kind'], string> = { STATUS: 'Status', NDR_REASON: 'NDR reason' };

const COLUMNS: Column<UnknownCourierCode>[] = [
  {
    header: 'Courier',
    cell: (r) => carrierName(r.carrierCode),
  },
  {
    header: 'Kind',
    cell: (r) => <Badge tone={r.kind === 'STATUS' ? 'brand' : 'warning'}>{KIND_LABELS[r.kind]}</Badge>,
  },
  { header: 'Code', cell: (r) => <code>{r.code}</code> },
  { header: 'Times seen', cell: (r) => r.count.toLocaleString('en-IN') },
  { header: 'First seen', cell: (r) => formatDateTime(r.firstSeenAt) },
  { header: 'Last seen', cell: (r) => formatDateTime(r.lastSeenAt) },
  {
    header: 'Sample',
    cell: (r) => (
      <>
        {r.sampleText || '—'}
        {r.sampleAwb && <div className="small-print">AWB {r.sampleAwb}</div>}
      </>
    ),
  },
];

export function StaffUnknownCodesScreen() {
  const codes = useOperation(API_NDR.unknownCodes, {}, { load: true });
  return (
    <StaffShell>
      <div className="page stack">
        <header className="page-head">
          <h1>Unknown courier codes</h1>
          <p>Status and NDR reason codes couriers sent that no mapping table knows yet, most frequent first.</p>
        </header>
        <Loadable loading={codes.loading && !codes.data} error={codes.error} onRetry={codes.retry}>
          {() => (
            <DataTable
              caption="Unknown courier codes"
              columns={COLUMNS}
              rows={codes.data ?? []}
              rowKey={(r) => `${r.carrierCode}-${r.kind}-${r.code}`}
              empty="No unknown codes: every code couriers sent is in the tables."
            />
          )}
        </Loadable>
      </div>
    </StaffShell>
  );
}

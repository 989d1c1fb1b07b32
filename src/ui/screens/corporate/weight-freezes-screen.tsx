import { useState } from 'react';
import {
  API_WEIGHT,
  FREEZE_STATUS_LABELS,
  FREEZE_STATUSES,
  type FreezeStatus,
  type WeightFreezeRow,
} from '../../../domain/weight-contract';
import { formatDateTime } from '../../../domain/format';
import { call } from '../../../services/call';
import { useHttp } from '../../../services/screen-services';
import { useOperation } from '../../hooks/use-operation';
import { useRequest } from '../../hooks/use-request';
import { Alert, Badge, Button, DataTable, Loadable, TextField, type Column } from '../../kit';
import { StaffShell } from '../shell/staff-shell';
import { Breadcrumb } from '../../kit/breadcrumb';

// /dakiya/weight-freezes: sellers' requests to freeze a product's weight, with their photos;
// staff approve one (its parcels then raise no discrepancy for the seller) or reject it with a note.

export function StaffWeightFreezesScreen() {
  const http = useHttp();
  const [status, setStatus] = useState<FreezeStatus>('PENDING');
  const [note, setNote] = useState('');
  const list = useOperation(
    API_WEIGHT.freezes,
    (s: FreezeStatus | undefined) => ({ query: { status: s ?? 'PENDING' } }),
    {
      load: true,
    },
  );
  const decide = useRequest(
    async ({ id, approve }: { id: number; approve: boolean }) =>
      approve
        ? call(http, API_WEIGHT.approveFreeze, { params: { freezeId: id } })
        : call(http, API_WEIGHT.rejectFreeze, { params: { freezeId: id }, body: { note } }),
    { onDone: () => list.run(status) },
  );
  const show = (s: FreezeStatus) => {
    setStatus(s);
    list.run(s);
  };
  const columns: Column<WeightFreezeRow>[] = [
    { header: 'Seller', cell: (r) => r.companyName },
    { header: 'Product', cell: (r) => `${r.productName} (${r.sku})` },
    {
      header: 'Weight and size',
      cell: (r) => `${r.weightKg} kg · ${r.lengthCm} × ${r.breadthCm} × ${r.heightCm} cm → ${r.chargedKg} kg`,
    },
    {
      header: 'Photos',
      cell: (r) => (
        <span className="row">
          {r.photos.map((p, i) => (
            <a key={i} href={p.url} target="_blank" rel="noreferrer">
              <img src={p.url} alt={`${r.productName} photo ${i + 1}`} width={48} height={48} />
            </a>
          ))}
        </span>
      ),
    },
    { header: 'Asked', cell: (r) => formatDateTime(r.requestedAt) },
    {
      header: 'Decision',
      cell: (r) =>
        r.status === 'PENDING' ? (
          <span className="row">
            <Button busy={decide.running} onClick={() => decide.run({ id: r.freezeId, approve: true })}>
              Approve {r.sku}
            </Button>
            <Button
              variant="danger"
              busy={decide.running}
              onClick={() => decide.run({ id: r.freezeId, approve: false })}
            >
              Reject {r.sku}
            </Button>
          </span>
        ) : (
          <Badge tone={r.status === 'APPROVED' ? 'success' : 'danger'}>{r.statusText}</Badge>
        ),
    },
  ];
  return (
    <StaffShell>
      <div className="page stack">
        <Breadcrumb to="/dakiya/weight-discrepancies" label="Weight discrepancies">
          Weight freezes
        </Breadcrumb>
        <header className="page-head">
          <h1>Weight freezes</h1>
          <p>A frozen product&apos;s parcels raise no weight discrepancy for the seller; Dakiya answers the courier.</p>
        </header>
        <nav aria-label="Freeze status" className="row">
          {FREEZE_STATUSES.map((s) => (
            <Button
              key={s}
              variant={status === s ? 'primary' : 'secondary'}
              aria-pressed={status === s}
              onClick={() => show(s)}
            >
              {FREEZE_STATUS_LABELS[s]} ({list.data?.counts[s] ?? 0})
            </Button>
          ))}
        </nav>
        {status === 'PENDING' && (
          <TextField
            label="Note for a rejection"
            value={note}
            hint="5 to 500 characters: what the seller should fix"
            onChange={(e) => setNote(e.target.value)}
          />
        )}
        {decide.error && <Alert>{decide.error}</Alert>}
        <Loadable loading={list.loading && !list.data} error={list.error} onRetry={list.retry}>
          {() => (
            <DataTable
              caption="Weight freeze requests"
              columns={columns}
              rows={list.data?.items ?? []}
              rowKey={(r) => r.freezeId}
              busy={list.running}
              empty="No requests"
            />
          )}
        </Loadable>
      </div>
    </StaffShell>
  );
}

import { formatDate, istDay } from '../../../domain/format';
import { API_PICKUPS, PICKUP_STATE_LABELS, type PickupRequestRow } from '../../../domain/pickups-contract';
import { useOnInvalidate } from '../../../services/invalidate';
import { useOperation } from '../../hooks/use-operation';
import { Badge, DataTable, Loadable, type Column } from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { PickupDateAction } from './pickup-date-dialog';

// /pickups: the seller's courier pickup requests, one a warehouse, courier and day: the coming
// ones (their date can change while no parcel is picked up) and the past ones.

const STATE_TONES = { PENDING: 'brand', REQUESTED: 'success', FAILED: 'danger' } as const;

function columns(today: string, upcoming: boolean): Column<PickupRequestRow>[] {
  return [
    { header: 'Date', cell: (r) => formatDate(r.pickupDate) },
    { header: 'Warehouse', cell: (r) => r.addressName },
    { header: 'Courier', cell: (r) => r.carrierName },
    { header: 'Parcels', cell: (r) => r.parcels },
    {
      header: 'State',
      cell: (r) => (
        <span className="stack-tight">
          <Badge tone={STATE_TONES[r.state]}>{PICKUP_STATE_LABELS[r.state]}</Badge>
          {r.state === 'FAILED' && r.lastError && <span className="small-print">{r.lastError}</span>}
        </span>
      ),
    },
    { header: 'Courier pickup id', cell: (r) => r.courierPickupId ?? '—' },
    ...(upcoming
      ? [
          {
            header: 'Date change',
            cell: (r: PickupRequestRow) =>
              r.movable ? <PickupDateAction pickup={r} today={today} /> : <span className="muted">Picked up</span>,
          },
        ]
      : []),
  ];
}

export function PickupsScreen() {
  const pickups = useOperation(API_PICKUPS.list, {}, { load: true });
  useOnInvalidate('pickups', () => pickups.run());
  const today = istDay(new Date());
  const items = pickups.data?.items ?? [];
  // the coming days soonest first; the past ones newest first, as the server lists them
  const upcoming = items.filter((r) => r.pickupDate >= today).reverse();
  const past = items.filter((r) => r.pickupDate < today);
  return (
    <SellerShell>
      <div className="page stack">
        <div className="page-head">
          <h1>Pickups</h1>
          <p>
            Each courier collects from a warehouse once a day, on one pickup request with the parcels booked for it.
          </p>
        </div>
        <Loadable loading={pickups.loading && !pickups.data} error={pickups.error} onRetry={pickups.retry}>
          {() => (
            <>
              <h2 className="h3">Upcoming</h2>
              <DataTable<PickupRequestRow>
                caption="Upcoming pickups"
                rows={upcoming}
                rowKey={(r) => r.pickupRequestId}
                empty="No pickups coming: ship an order and its courier's pickup shows here"
                columns={columns(today, true)}
              />
              <h2 className="h3">Past</h2>
              <DataTable<PickupRequestRow>
                caption="Past pickups"
                rows={past}
                rowKey={(r) => r.pickupRequestId}
                empty="No past pickups"
                columns={columns(today, false)}
              />
            </>
          )}
        </Loadable>
      </div>
    </SellerShell>
  );
}

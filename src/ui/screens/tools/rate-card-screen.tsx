import { Link } from 'react-router-dom';
import { API_PRICING, type SellerRateCardView } from '../../../domain/pricing-contract';
import { formatDate, formatRupees } from '../../../domain/format';
import { ZONES, ZONE_NAMES } from '../../../domain/shipping/zones';
import { useOperation } from '../../hooks/use-operation';
import { Badge, Card, DataTable, Loadable } from '../../kit';
import { SellerShell } from '../shell/seller-shell';

// /tools/rate-card (Premium): the seller's own rate card, read-only. Every courier's slab prices
// by zone and its COD and RTO terms as they price today: the seller's own where their card names
// the courier, the default card elsewhere. The rate calculator and every booking use the same.

type CourierRow = SellerRateCardView['couriers'][number];

export function RateCardScreen() {
  const view = useOperation(API_PRICING.sellerCard, {}, { load: true });
  const v = view.data;
  return (
    <SellerShell>
      <div className="page stack">
        <header className="page-head">
          <h1>My rate card</h1>
          <p>
            What each courier charges you per 0.5 kg slab, before GST. Try a parcel in the{' '}
            <Link to="/tools/rate-calculator">rate calculator</Link>.
          </p>
        </header>
        <Loadable loading={view.loading && !v} error={view.error} onRetry={view.retry}>
          {() =>
            v && (
              <div className="stack">
                <Card>
                  <p data-testid="rate-card-validity">
                    {v.card
                      ? `Your own rates, valid ${v.card.validUntil ? `${formatDate(v.card.validFrom)} to ${formatDate(v.card.validUntil)}` : `from ${formatDate(v.card.validFrom)}`}. Shipments already booked keep the price they were booked at.`
                      : 'No card of your own is in force today: every courier prices at its standard rates.'}
                  </p>
                </Card>
                <DataTable<CourierRow>
                  caption="Courier rates"
                  rows={v.couriers}
                  rowKey={(c) => c.carrierCode}
                  columns={[
                    {
                      header: 'Courier',
                      cell: (c) => (
                        <>
                          {c.carrierName} {c.own ? <Badge tone="success">Your rate</Badge> : <Badge>Standard</Badge>}
                        </>
                      ),
                    },
                    ...ZONES.map((z) => ({
                      header: `Zone ${z}`,
                      cell: (c: CourierRow) => (
                        <span title={ZONE_NAMES[z]}>
                          {formatRupees(c.zones[z].firstSlabPaise)} + {formatRupees(c.zones[z].nextSlabPaise)}
                        </span>
                      ),
                    })),
                    {
                      header: 'COD',
                      cell: (c) => `${formatRupees(c.codFixedPaise)} or ${c.codPercent}%, whichever is higher`,
                    },
                    { header: 'RTO', cell: (c) => `${c.rtoPercent}% of freight` },
                  ]}
                />
                <p className="muted">
                  Zone prices read: the first 0.5 kg + each further 0.5 kg. Zones:{' '}
                  {ZONES.map((z) => `${z} ${ZONE_NAMES[z]}`).join(' · ')}.
                </p>
              </div>
            )
          }
        </Loadable>
      </div>
    </SellerShell>
  );
}

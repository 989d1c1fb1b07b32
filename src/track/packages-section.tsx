import type { TrackedPackage } from '../domain/tracking-contract';
import { formatDate, formatDay, formatDateTime } from '../domain/format';

// A split order on the buyer's page: every package with what is in it, its own tracking number
// and its own journey, whichever package's link the buyer opened.

export function PackagesSection({ packages }: { packages: TrackedPackage[] }) {
  return (
    <section className="t-card" aria-labelledby="t-packages">
      <h2 id="t-packages">Your order comes in {packages.length} packages</h2>
      {packages.map((p) => (
        <article key={p.packageNo} className="t-package" aria-label={`Package ${p.of}`}>
          <h3>
            Package {p.of} · {p.statusDesc}
          </h3>
          <p className="t-small">{p.items.map((i) => `${i.quantity} × ${i.name}`).join(', ')}</p>
          <p className="t-small">
            {p.trackingNumber
              ? `${p.carrierName ?? ''} · Tracking number ${p.trackingNumber}`
              : 'Being packed: it ships separately'}
            {p.deliveredDate
              ? ` · Delivered ${formatDate(p.deliveredDate)}`
              : p.expectedDeliveryDate
                ? ` · Expected ${formatDay(p.expectedDeliveryDate)}`
                : ''}
          </p>
          {p.trackingDetails.length > 0 && (
            <ol className="t-timeline" aria-label={`Tracking updates of package ${p.of}`} tabIndex={0}>
              {p.trackingDetails.map((s, i) => (
                <li key={`${s.scanDateTime}-${i}`}>
                  <strong>{s.scanStatus}</strong>
                  <span className="t-small">
                    {formatDateTime(s.scanDateTime)}
                    {s.scanLocation ? ` · ${s.scanLocation}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </article>
      ))}
    </section>
  );
}

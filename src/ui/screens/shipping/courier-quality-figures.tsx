import type { CourierQuote } from '../../../domain/shipping-contract';
import { QUALITY_BASIS_TEXT } from '../../../domain/quality/lane-quality';

// Under a courier's date: how its parcels on this lane ended over the last 90 days (delivered,
// returned, with a failed attempt), its average days to deliver and how often it picked up in
// time, with how many parcels and from which level; or that there were too few parcels to say.

export function CourierQualityFigures({ quote }: { quote: CourierQuote }) {
  const q = quote.quality;
  if (!q) return null;
  if (q.basis === 'NONE')
    return (
      <span className="quote-quality small-print" data-testid="courier-quality">
        Too few parcels on this lane in the last 90 days for delivery figures
      </span>
    );
  const figures = [
    `${q.deliveredPct} % delivered`,
    `${q.rtoPct} % RTO`,
    `${q.ndrPct} % NDR`,
    ...(q.avgDays === null ? [] : [`${q.avgDays.toFixed(1)} days avg`]),
    q.pickupPct === null ? 'pickups: too few parcels' : `${q.pickupPct} % picked up on time`,
  ];
  return (
    <span className="quote-quality small-print" data-testid="courier-quality">
      <span className="quote-quality-figures">
        {figures.map((f) => (
          <span key={f}>{f}</span>
        ))}
      </span>
      <span>
        {q.sample.toLocaleString('en-IN')} parcels, {QUALITY_BASIS_TEXT[q.basis]}, last 90 days
      </span>
    </span>
  );
}

import type { CourierQuote } from '../../../domain/shipping-contract';
import { PROMISE_BASIS_TEXT } from '../../../domain/promises/promise-contract';

// Under a courier's delivery date: what the date rests on. From this lane's history, the share of
// its delivered parcels (last 90 days) that arrived by a date this far out, and how many; from
// the courier's published zone days, that it is those.

export function CourierLaneFigures({ quote }: { quote: CourierQuote }) {
  const p = quote.promise;
  if (!p) return null;
  const text =
    p.basis === 'ZONE_TABLE' || p.confidencePct === null
      ? 'From the courier’s published days for this zone (too few parcels on this lane yet)'
      : `${p.confidencePct} % of ${p.sample.toLocaleString('en-IN')} parcels to ${PROMISE_BASIS_TEXT[p.basis]} arrived by then (last 90 days)`;
  return (
    <span className="quote-promise small-print" data-testid="courier-lane-figures">
      {text}
    </span>
  );
}

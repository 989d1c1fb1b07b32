import type { CourierQuote } from '../../../domain/shipping-contract';
import { formatDate, formatRupees } from '../../../domain/format';
import { modeBesideName } from '../../../domain/shipping/carriers';
import { TAG_LABELS } from '../../../domain/shipping/recommend';
import { Badge } from '../../kit';
import { CourierLaneFigures } from './courier-lane-figures';
import { CourierQualityFigures } from './courier-quality-figures';

// The couriers that can take a parcel, one choice each: price with its breakdown, delivery date,
// the courier's delivered, RTO and NDR shares on the lane, and the cheapest / fastest / best value tags. Without `onChoose` it is a plain comparison;
// `disabled` keeps the choices in place but not changeable (while a booking is under way).
// `current` marks the courier a shipment is booked with now, not to be chosen again.
// `recommended` (Premium) marks the courier the seller's recommendation rule picks, with why.

export function QuoteList({
  quotes,
  chosen,
  onChoose,
  disabled = false,
  name = 'courier',
  slotId = null,
  onChooseSlot,
  recommended = null,
  current = null,
}: {
  /** the courier the shipment is booked with now (changing courier): marked, not a choice */
  current?: string | null;
  recommended?: { carrierCode: string; reason: string } | null;
  quotes: CourierQuote[];
  chosen?: string | null;
  onChoose?: (code: string) => void;
  /** the chosen hyperlocal partner's delivery slot, and how to change it */
  slotId?: string | null;
  onChooseSlot?: (slotId: string) => void;
  disabled?: boolean;
  name?: string;
}) {
  return (
    <ul className="quote-list" aria-label="Couriers">
      {quotes.map((q) => (
        <li key={q.carrierCode} className={`quote${chosen === q.carrierCode ? ' is-chosen' : ''}`}>
          <label className={`quote-main${onChoose ? '' : ' quote-main-plain'}`}>
            {onChoose && (
              <input
                type="radio"
                name={name}
                value={q.carrierCode}
                checked={chosen === q.carrierCode}
                disabled={disabled || current === q.carrierCode}
                onChange={() => onChoose(q.carrierCode)}
              />
            )}
            <span className="quote-name">
              <strong>{q.carrierName}</strong>{' '}
              {modeBesideName(q.carrierName, q.mode) && <span className="small-print">{q.mode}</span>}
              {current === q.carrierCode && <Badge>Current courier</Badge>}
              {recommended?.carrierCode === q.carrierCode && <Badge tone="success">Recommended</Badge>}
              {q.tags.map((t) => (
                <Badge key={t} tone={t === 'CHEAPEST' ? 'success' : t === 'FASTEST' ? 'warning' : 'brand'}>
                  {TAG_LABELS[t]}
                </Badge>
              ))}
            </span>
            <span className="quote-price">{formatRupees(q.totalPaise)}</span>
            <span className="quote-edd small-print">
              {q.hyperlocal
                ? `${q.hyperlocal.distanceKm.toFixed(1)} km away · first slot ${q.hyperlocal.slots[0]?.label ?? ''}`
                : `Delivers by ${formatDate(q.edd)} (${q.days} ${q.days === 1 ? 'day' : 'days'})`}
            </span>
            {!q.hyperlocal && <CourierLaneFigures quote={q} />}
            {!q.hyperlocal && <CourierQualityFigures quote={q} />}
          </label>
          {q.hyperlocal && chosen === q.carrierCode && onChooseSlot && (
            <fieldset className="quote-slots">
              <legend>Delivery slot (IST)</legend>
              {q.hyperlocal.slots.map((x) => (
                <label key={x.id} className="quote-slot">
                  <input
                    type="radio"
                    name={`${name}-slot`}
                    value={x.id}
                    checked={slotId === x.id}
                    disabled={disabled}
                    onChange={() => onChooseSlot(x.id)}
                  />
                  {x.label}
                </label>
              ))}
            </fieldset>
          )}
          {recommended?.carrierCode === q.carrierCode && <p className="small-print">{recommended.reason}</p>}
          <details className="small-print">
            <summary>How the price is worked out</summary>
            <ul>
              {q.steps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
            {q.rtoChargePaise > 0 && <p>If it comes back to you (RTO): {formatRupees(q.rtoChargePaise)} + GST</p>}
          </details>
        </li>
      ))}
    </ul>
  );
}

import type { B2bCarrierQuote, B2bChargeLine } from '../../../domain/b2b-contract';
import { formatRupees } from '../../../domain/format';

// A freight quote line by line (freight, fuel, docket, FOV, …, GST, total), each with how it was
// worked out; or the carrier's refusal in its words.

export function ChargeLines({
  lines,
  gst,
  totalPaise,
  caption,
}: {
  lines: B2bChargeLine[];
  gst?: { percent: number; paise: number };
  totalPaise: number;
  caption: string;
}) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Charge</th>
            <th scope="col">How it is worked out</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.code}>
              <th scope="row">{l.label}</th>
              <td className="small-print">{l.basis}</td>
              <td>{formatRupees(l.amountPaise)}</td>
            </tr>
          ))}
          {gst && (
            <tr>
              <th scope="row">GST</th>
              <td className="small-print">{gst.percent}% of the charges</td>
              <td>{formatRupees(gst.paise)}</td>
            </tr>
          )}
          <tr>
            <th scope="row">Total</th>
            <td />
            <td>
              <strong>{formatRupees(totalPaise)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** One carrier's quote (its weight, lines and total) or its refusal. */
export function CarrierQuote({ q }: { q: B2bCarrierQuote }) {
  if (!q.quote)
    return (
      <section aria-label={`${q.carrierName} quote`} className="stack">
        <h3>{q.carrierName}</h3>
        <p className="muted">{q.refusal}</p>
      </section>
    );
  const { quote } = q;
  return (
    <section aria-label={`${q.carrierName} quote`} className="stack">
      <h3>
        {q.carrierName} · {formatRupees(quote.totalPaise)}
      </h3>
      <p className="small-print">
        {quote.weight.boxCount} boxes · charged at {quote.weight.chargeableKg} kg ({quote.weight.reason})
      </p>
      <ChargeLines
        caption={`${q.carrierName} charges`}
        lines={quote.lines}
        gst={{ percent: quote.gstPercent, paise: quote.gstPaise }}
        totalPaise={quote.totalPaise}
      />
      {quote.bookingChargePaise !== quote.totalPaise && (
        <p className="small-print">Booking takes {formatRupees(quote.bookingChargePaise)} from the wallet.</p>
      )}
    </section>
  );
}

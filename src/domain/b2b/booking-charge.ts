import { percentOfPaise, type B2bQuote, type FreightPayer } from './quote';

// What booking a B2B quote takes from the seller's wallet (docs/decisions/b2b-orders.md, "Money"):
// paid freight, the quote's whole total with GST; to-pay freight, only the to-pay fee line with
// the GST on it (the consignee pays the freight to the carrier on delivery, and GST is due on the
// fee as on every freight service). A card without a to-pay fee charges nothing at booking.

export function bookingChargeOf(quote: B2bQuote, payer: FreightPayer): number {
  if (payer === 'PAID') return quote.totalPaise;
  const fee = quote.lines.find((l) => l.code === 'TO_PAY')?.amountPaise ?? 0;
  return fee + percentOfPaise(fee, quote.gstPercent);
}

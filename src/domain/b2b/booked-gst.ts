// The GST on a booked quote: the booking keeps the quote's lines (before GST) and its total (with
// GST), so the GST is what lies between them; shown as its own line, the lines add up to the total.

export function bookedGstPaise(lines: readonly { amountPaise: number }[], totalPaise: number | null): number | null {
  if (totalPaise === null) return null;
  return totalPaise - lines.reduce((n, l) => n + l.amountPaise, 0);
}

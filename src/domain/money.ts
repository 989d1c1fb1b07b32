// Money in one place. Amounts are kept and sent in paise (whole numbers, so sums are exact); people
// type and read rupees. Every conversion between the two, and every ₹ on screen, goes through here.

const PAISE_PER_RUPEE = 100;

/**
 * Rupees (as typed, or as an API field in rupees) in paise, rounded to the paisa: 19.99 → 1999
 * although 19.99 * 100 is 1998.9999999999998 in floating point. Halves, as written in decimals,
 * round away from zero (1.005 → 101, though 1.005 * 100 is 100.49999999999999).
 */
export function paiseOf(rupees: number): number {
  // whole rupees (most prices) are exact in paise; `+ 0` turns -0 into 0, as below
  if (Number.isSafeInteger(rupees) && Math.abs(rupees) < 1e13) return rupees * PAISE_PER_RUPEE + 0;
  // 15 significant digits drop the binary noise of the multiplication, not a typed digit
  const paise = Math.round(Number((Math.abs(rupees) * PAISE_PER_RUPEE).toPrecision(15)));
  return rupees < 0 && paise !== 0 ? -paise : paise;
}

/** Paise in rupees (a number, for a field or an API body that takes rupees): 1999 → 19.99. */
export function rupeesOf(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}

/** Whether an amount in rupees has at most two decimals (nothing finer than a paisa). */
export function isWholePaise(rupees: number): boolean {
  return Math.abs(Math.round(rupees * PAISE_PER_RUPEE) - rupees * PAISE_PER_RUPEE) < 1e-6;
}

/** Paise rounded down to whole rupees (cash a courier's agent collects): 12345 → 12300. */
export function wholeRupeesDown(paise: number): number {
  return Math.floor(paise / PAISE_PER_RUPEE) * PAISE_PER_RUPEE;
}

/** Paise rounded up to whole rupees (what a recharge or a gateway takes): 12301 → 12400. */
export function wholeRupeesUp(paise: number): number {
  return Math.ceil(paise / PAISE_PER_RUPEE) * PAISE_PER_RUPEE;
}

// formatters are costly to make and cheap to use: each is made once
const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
const AMOUNT = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const WHOLE_RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** ₹1,23,456.50: paise as rupees with the sign, Indian grouping and paise. */
export function formatRupees(paise: number): string {
  return RUPEES.format(rupeesOf(paise));
}

/** 1,23,456.50: rupees with Indian grouping and paise, no sign (a table column whose header says ₹). */
export function formatAmount(paise: number): string {
  return AMOUNT.format(rupeesOf(paise));
}

/** Whole rupees as price cards show them, e.g. ₹2,450 (no paise). Takes rupees. */
export function formatRupeesWhole(rupees: number): string {
  return WHOLE_RUPEES.format(rupees);
}

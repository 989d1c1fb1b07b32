// The monthly wallet statement's sections: which ledger entry kinds each one gathers, in the
// order the statement shows them. A kind no section names (a future one) lands in "Other", so
// the statement still reconciles to the ledger.

export const STATEMENT_SECTIONS = [
  { key: 'freight', title: 'Freight', kinds: ['SHIPPING_CHARGE'] },
  { key: 'codFees', title: 'COD fees', kinds: ['COD_CHARGE'] },
  { key: 'rtoCharges', title: 'RTO charges', kinds: ['RTO_CHARGE'] },
  { key: 'weightCharges', title: 'Weight charges', kinds: ['WEIGHT_CHARGE'] },
  { key: 'refunds', title: 'Refunds', kinds: ['SHIPMENT_REFUND', 'WEIGHT_REFUND', 'DISPUTE_CREDIT'] },
  { key: 'cover', title: 'Insurance and delay protection', kinds: ['INSURANCE_PREMIUM', 'DELAY_PROTECTION_CHARGE'] },
  { key: 'coverCredits', title: 'Insurance claims and delay credits', kinds: ['INSURANCE_CLAIM', 'DELAY_CREDIT'] },
  { key: 'remittances', title: 'COD remittances', kinds: ['COD_REMITTANCE_CREDIT'] },
  { key: 'recharges', title: 'Recharges and coupon bonuses', kinds: ['RECHARGE', 'COUPON_BONUS'] },
  {
    key: 'adjustments',
    title: 'Adjustments and reversals',
    kinds: ['ADJUSTMENT_DEBIT', 'ADJUSTMENT_CREDIT', 'REVERSAL'],
  },
] as const;

export const OTHER_SECTION = { key: 'other', title: 'Other', kinds: [] as string[] } as const;

/** The section key an entry kind belongs to ('other' for a kind no section names). */
export function statementSectionOf(kind: string): string {
  return STATEMENT_SECTIONS.find((s) => (s.kinds as readonly string[]).includes(kind))?.key ?? OTHER_SECTION.key;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A statement month: yyyy-mm in this century (the ledger holds nothing older). */
export const STATEMENT_MONTH = /^20\d{2}-(0[1-9]|1[0-2])$/;

/** 'Nov 2026' for '2026-11' (long: 'November 2026'). */
export function monthLabel(month: string, long = false): string {
  const m = Number(month.slice(5)) - 1;
  return `${(long ? MONTH_LONG : MONTH_NAMES)[m]} ${month.slice(0, 4)}`;
}

const IST_OFFSET_MS = 330 * 60_000;

/** The IST calendar month of a moment, as yyyy-mm. */
export function istMonth(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 7);
}

/** The month before yyyy-mm. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The IST month of `at` and the (count − 1) before it, newest first. */
export function recentMonths(at: Date, count: number): string[] {
  const out = [istMonth(at)];
  while (out.length < count) out.push(previousMonth(out[out.length - 1]));
  return out;
}

/** The first instant of an IST month, and of the month after it (ISO, UTC). */
export function istMonthBounds(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  const start = Date.UTC(y, m - 1, 1) - IST_OFFSET_MS;
  const end = Date.UTC(m === 12 ? y + 1 : y, m === 12 ? 0 : m, 1) - IST_OFFSET_MS;
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}

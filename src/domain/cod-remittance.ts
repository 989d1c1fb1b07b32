// COD remittance rules, pure: payout days, due dates, the early-COD fee. Shared by the server's
// cycle and forecast and the seller's screen (the fee shown before opting in is this one).

/** Payout days in India: Monday, Wednesday and Friday (0 = Sunday). */
export const PAYOUT_WEEKDAYS: readonly number[] = [1, 3, 5];
export const PAYOUT_WEEKDAY_NAMES = 'Monday, Wednesday and Friday';

/** Early COD: paid D+2 or D+3 after delivery for a fee in basis points of the COD amount. */
export const EARLY_COD_OPTIONS = [
  { days: 2, feeBps: 99 },
  { days: 3, feeBps: 75 },
] as const;
export type EarlyCodDays = (typeof EARLY_COD_OPTIONS)[number]['days'];

export const earlyCodOption = (days: number) => EARLY_COD_OPTIONS.find((o) => o.days === days) ?? null;

/** "0.99%" of basis points. */
export const formatPercentBps = (bps: number) => `${(bps / 100).toFixed(2)}%`;

/**
 * The early-COD fee of one shipment in paise: the percent of its COD amount, rounded half up to
 * the paisa (integer arithmetic, no float drift).
 */
export function earlyCodFeePaise(amountPaise: number, feeBps: number): number {
  return Math.floor((amountPaise * feeBps + 5_000) / 10_000);
}

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;

/** The calendar day in India of a moment, yyyy-mm-dd. */
export const istDate = (at: Date): string => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** yyyy-mm-dd plus n days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
export const isPayoutDay = (day: string) => PAYOUT_WEEKDAYS.includes(weekday(day));

/** The first payout day on or after a day. */
export function payoutDayOnOrAfter(day: string): string {
  let d = day;
  while (!isPayoutDay(d)) d = addDays(d, 1);
  return d;
}

/** The last payout day on or before a day (a cycle that runs late pays as of that day). */
export function payoutDayOnOrBefore(day: string): string {
  let d = day;
  while (!isPayoutDay(d)) d = addDays(d, -1);
  return d;
}

/** The moment a payout day ends in India (the promise staff see as time left). */
export const payoutDayEnd = (day: string): Date => new Date(Date.parse(`${day}T23:59:59Z`) - IST_OFFSET_MS);

/** The first day a shipment delivered at a moment may be paid: its IST delivery day + N. */
export const dueDay = (deliveredAt: Date, days: number) => addDays(istDate(deliveredAt), days);

/** The payout day a delivered shipment is expected on, not before today. */
export function expectedPayoutDay(deliveredAt: Date, days: number, today: string): string {
  const due = dueDay(deliveredAt, days);
  return payoutDayOnOrAfter(due > today ? due : today);
}

/** "2 days 4 hours left" / "5 hours left" / "overdue by 3 hours" until a moment. */
export function timeLeft(until: Date, now: Date): string {
  const ms = until.getTime() - now.getTime();
  const hours = Math.floor(Math.abs(ms) / 3_600_000);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const text =
    days > 0
      ? `${days} day${days === 1 ? '' : 's'} ${rest} hour${rest === 1 ? '' : 's'}`
      : `${hours} hour${hours === 1 ? '' : 's'}`;
  return ms >= 0 ? `${text} left` : `overdue by ${text}`;
}

export const PAYOUT_STATUSES = ['ON_HOLD', 'AWAITING_TRANSFER', 'PAID'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  ON_HOLD: 'On hold',
  AWAITING_TRANSFER: 'Waiting for bank transfer',
  PAID: 'Paid',
};

export const HOLD_CODES = ['KYC', 'BANK_ACCOUNT', 'STAFF'] as const;
export type HoldCode = (typeof HOLD_CODES)[number];

export const PAYOUT_LINE_LABELS = {
  SHIPMENT: 'COD collected',
  EARLY_COD_FEE: 'Early COD fee',
  WALLET_DEDUCTION: 'Deducted to clear the negative wallet',
} as const;
export type PayoutLineKind = keyof typeof PAYOUT_LINE_LABELS;

/** A bank UTR: 12 to 22 letters and digits (NEFT 16, RTGS 22, IMPS 12). */
export const UTR_PATTERN = /^[A-Za-z0-9]{12,22}$/;

/** The early-COD fee on an example COD amount, to show before opting in. */
export const EXAMPLE_COD_PAISE = 100_000;

export const EARLY_COD_TEXT = {
  chooseOption: 'Choose D+2 or D+3',
  acceptTerms: 'Accept the early COD terms and fee to opt in',
  terms: (days: number, feeText: string) =>
    `Shipments delivered from now on are paid ${days} days after delivery, on the next payout day, whether or not the courier has remitted them yet. ` +
    `A fee of ${feeText} of each shipment's COD amount is deducted from the payout, shown as its own line. ` +
    'You may stop early COD at any time; shipments delivered before then keep their early date.',
} as const;

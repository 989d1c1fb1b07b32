import { B2B_MSG } from './messages';

// What may be done with an e-way bill, and when (shared/b2b.md §B4 "Lifecycle"):
//   cancel   within 24 hours of generation (and while it is active), for one of four reasons;
//   extend   for an exceptional reason (natural calamity, law and order, transhipment, accident,
//            others), once Part B (the vehicle) is in. The window: from 8 hours before the bill
//            expires to 8 hours after (⚠ not in b2b.md: the NIC API's error 382, "EWB can be
//            Extended only 8 hour before or after w.r.t Validity of EWB", as integrators list it);
//   statuses ACT (active), CNL (cancelled), EXP (expired), REJ (rejected by the recipient).
//   Part B   a new vehicle (or transport document), for one of NIC's four reasons.
// The reason codes are NIC's: cancel 1–4 as b2b.md lists them; extension 1, 2, 4, 5 and 99 (⚠ the
// codes are NIC's as integrators send them; b2b.md names the reasons only); Part B 1–4, named as
// the portal names them (⚠ integrators' lists: "Due to Break Down", "Due to Transhipment",
// "Others", "First Time"). The seller sees the names; only the API speaks in codes. "Others" asks
// for remarks that say what happened (the portal's "Others (please specify)"); an extension's
// remarks are required whatever the reason (NIC 386: "Reason Code, Remarks is mandatory").

export const CANCEL_WINDOW_HOURS = 24;
export const EXTEND_WINDOW_HOURS = 8;
const HOUR_MS = 3600_000;

export const EWAY_BILL_STATUSES = ['ACT', 'CNL', 'EXP', 'REJ'] as const;
export type EwayBillStatus = (typeof EWAY_BILL_STATUSES)[number];
export const EWAY_BILL_STATUS_LABELS: Record<EwayBillStatus, string> = {
  ACT: 'Active',
  CNL: 'Cancelled',
  EXP: 'Expired',
  REJ: 'Rejected by the recipient',
};

export const CANCEL_REASONS = { 1: 'Duplicate', 2: 'Data entry mistake', 3: 'Order cancelled', 4: 'Others' } as const;
export type CancelReason = keyof typeof CANCEL_REASONS;

export const EXTEND_REASONS = {
  1: 'Natural calamity',
  2: 'Law and order situation',
  4: 'Transhipment',
  5: 'Accident',
  99: 'Others',
} as const;
export type ExtendReason = keyof typeof EXTEND_REASONS;
export const EXTEND_OTHERS: ExtendReason = 99;

export const PART_B_REASONS = {
  1: 'Due to break down',
  2: 'Due to transhipment',
  /** remarks say what happened (the portal's "Others (please specify)") */
  3: 'Others',
  /** the first vehicle of a bill made without one */
  4: 'First time',
} as const;
export type PartBReason = keyof typeof PART_B_REASONS;
export const PART_B_OTHERS: PartBReason = 3;

/** A list of reasons in words: "Due to break down, Due to transhipment, Others or First time". */
export function reasonNames(reasons: Record<number, string>): string {
  const names = Object.values(reasons);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

export interface BillState {
  status: EwayBillStatus;
  generatedAt: number;
  expiresAt: number;
  /** whether Part B (the vehicle or transport document) has been given */
  hasPartB: boolean;
}

/** Why the bill cannot be cancelled now, or null when it can. */
export function cancelRefusal(bill: BillState, now: number): string | null {
  if (bill.status === 'CNL') return B2B_MSG.cancelled;
  if (bill.status !== 'ACT') return B2B_MSG.notActive;
  if (now - bill.generatedAt > CANCEL_WINDOW_HOURS * HOUR_MS) return B2B_MSG.cancelTooLate;
  return null;
}

/** When the bill's extension window opens and closes. */
export function extensionWindow(expires: number): { opensAt: number; closesAt: number } {
  return { opensAt: expires - EXTEND_WINDOW_HOURS * HOUR_MS, closesAt: expires + EXTEND_WINDOW_HOURS * HOUR_MS };
}

/** Why the bill cannot be extended now, or null when it can. An expired bill may still be, within 8 hours. */
export function extendRefusal(bill: BillState, now: number): string | null {
  if (bill.status === 'CNL') return B2B_MSG.cancelled;
  if (bill.status !== 'ACT' && bill.status !== 'EXP') return B2B_MSG.notActive;
  if (!bill.hasPartB) return B2B_MSG.extendNeedsPartB;
  const { opensAt, closesAt } = extensionWindow(bill.expiresAt);
  if (now < opensAt) return B2B_MSG.extendTooEarly(opensAt);
  if (now > closesAt) return B2B_MSG.extendTooLate(closesAt);
  return null;
}

/** Whether the seller should be warned: the bill is active and its extension window has opened. */
export function expiresSoon(bill: BillState, now: number): boolean {
  return bill.status === 'ACT' && now >= extensionWindow(bill.expiresAt).opensAt && now < bill.expiresAt;
}

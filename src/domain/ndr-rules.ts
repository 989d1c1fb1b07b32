import type { BuyerNdrAnswerKind, NdrActionKind, NdrReason, NdrStatus, NdrTab, RtoStage, RtoTab } from './ndr-contract';
import { formatDay, istDay } from './format';

// The rules of failed deliveries, pure: the seller's window, the attempt limit, the re-attempt
// date window, and which actions each reason admits. Server and browser read the same ones.

/** Hours the seller (or the buyer) has to act on a failed attempt before the product acts. */
export const NDR_WINDOW_HOURS = 24;
/** Delivery attempts before the parcel goes back to the seller. */
export const MAX_DELIVERY_ATTEMPTS = 3;
/** How far ahead a re-attempt may be asked for (couriers' limit: the first pending day + 6). */
export const REATTEMPT_MAX_DAYS_AHEAD = 6;
/** Failed deliveries to the seller on the way back before the courier holds the parcel. */
export const RTO_MAX_ATTEMPTS = 2;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function ndrDeadline(raisedAt: Date): Date {
  return new Date(raisedAt.getTime() + NDR_WINDOW_HOURS * HOUR);
}

/** The window's last hours, when the seller's badge turns late. */
export const NDR_LATE_HOURS = 6;

/**
 * The seller's badge: the time left in the window to the minute ('Act within 5 h 07 min'), late
 * in its last NDR_LATE_HOURS; past it, the product acts.
 */
export function ndrTimeLeft(deadlineAt: Date, now: Date): { text: string; late: boolean } {
  const minutes = Math.ceil((deadlineAt.getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return { text: 'Window over: the product acts', late: true };
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const text = h ? `Act within ${h} h ${String(m).padStart(2, '0')} min` : `Act within ${m} min`;
  return { text, late: minutes <= NDR_LATE_HOURS * 60 };
}

/** Past the window: the product acts by itself. */
export function isPastDeadline(deadlineAt: Date, now: Date): boolean {
  return now.getTime() >= deadlineAt.getTime();
}

/** The re-attempt dates one may ask for from `now` (IST days): tomorrow up to six days ahead. */
export function reattemptDates(now: Date): { min: string; max: string } {
  return {
    min: istDay(new Date(now.getTime() + DAY)),
    max: istDay(new Date(now.getTime() + REATTEMPT_MAX_DAYS_AHEAD * DAY)),
  };
}

/** A yyyy-mm-dd the courier can honour, or why not. */
export function reattemptDateProblem(date: string, now: Date): string | null {
  const { min, max } = reattemptDates(now);
  if (date < min) return `Re-attempt date must be from ${formatDay(min)}`;
  if (date > max) return `Re-attempt date must be within ${REATTEMPT_MAX_DAYS_AHEAD} days (by ${formatDay(max)})`;
  return null;
}

const ALL: readonly NdrActionKind[] = ['REATTEMPT', 'CHANGE_ADDRESS', 'CHANGE_PHONE', 'RTO', 'FAKE_ATTEMPT'];

/** Actions each reason admits: a refusal or cash not ready is not fixed by new contact details. */
export const ACTIONS_BY_REASON: Record<NdrReason, readonly NdrActionKind[]> = {
  CONSIGNEE_UNAVAILABLE: ALL,
  REFUSED: ['REATTEMPT', 'RTO', 'FAKE_ATTEMPT'],
  ADDRESS_ISSUE: ALL,
  NOT_CONTACTABLE: ALL,
  FUTURE_DELIVERY: ['REATTEMPT', 'CHANGE_ADDRESS', 'CHANGE_PHONE', 'RTO'],
  COD_NOT_READY: ['REATTEMPT', 'CHANGE_PHONE', 'RTO', 'FAKE_ATTEMPT'],
  AREA_NOT_REACHABLE: ['REATTEMPT', 'CHANGE_ADDRESS', 'RTO', 'FAKE_ATTEMPT'],
  COURIER_FAILURE: ALL,
  OTHER: ALL,
};

/** The action a reason points to first (the form opens on it). */
export const SUGGESTED_ACTION: Record<NdrReason, NdrActionKind> = {
  CONSIGNEE_UNAVAILABLE: 'REATTEMPT',
  REFUSED: 'RTO',
  ADDRESS_ISSUE: 'CHANGE_ADDRESS',
  NOT_CONTACTABLE: 'CHANGE_PHONE',
  FUTURE_DELIVERY: 'REATTEMPT',
  COD_NOT_READY: 'REATTEMPT',
  AREA_NOT_REACHABLE: 'CHANGE_ADDRESS',
  COURIER_FAILURE: 'FAKE_ATTEMPT',
  OTHER: 'REATTEMPT',
};

/**
 * What may be done about a record now: nothing once acted on or closed; after the last attempt
 * only a return (the courier will not try a fourth time).
 */
export function allowedActions(reason: NdrReason, status: NdrStatus, attempt: number): NdrActionKind[] {
  if (status !== 'ACTION_REQUIRED') return [];
  if (attempt >= MAX_DELIVERY_ATTEMPTS) return ['RTO'];
  return [...ACTIONS_BY_REASON[reason]];
}

/** The buyer asked for a later day: a re-attempt must say which. */
export function reattemptDateRequired(reason: NdrReason, action: NdrActionKind): boolean {
  return reason === 'FUTURE_DELIVERY' && action === 'REATTEMPT';
}

/** Actions that send the parcel out again. */
export function leadsToReattempt(action: NdrActionKind): boolean {
  return action !== 'RTO';
}

export type NdrNoAnswerAction = 'REATTEMPT' | 'RTO';

/**
 * What happens to a failed delivery nobody answers, in one sentence from the seller's setting
 * (automaticAction below is the same rule in code). The seller's NDR page and notification say
 * it to the seller; the buyer's page and messages say it to the buyer.
 */
export function ndrNoAnswerRule(setting: NdrNoAnswerAction, to: 'SELLER' | 'BUYER'): string {
  const back = to === 'SELLER' ? 'the parcel comes back to you' : 'the parcel goes back to the seller';
  const window = `${NDR_WINDOW_HOURS} hours`;
  return setting === 'RTO'
    ? `Without an answer within ${window}, ${back}.`
    : `Without an answer within ${window}, the courier tries again, up to ${MAX_DELIVERY_ATTEMPTS} attempts in all; after the last one ${back}.`;
}

/** What the product does at the deadline: the seller's preference, or RTO once attempts are spent. */
export function automaticAction(attempt: number, preference: NdrNoAnswerAction): NdrActionKind {
  return attempt >= MAX_DELIVERY_ATTEMPTS ? 'RTO' : preference;
}

/** The buyer's choices on the page, by reason (a refusal can still be taken back). */
export function buyerOptions(reason: NdrReason, status: NdrStatus, attempt: number): BuyerNdrAnswerKind[] {
  const allowed = allowedActions(reason, status, attempt);
  if (!allowed.some(leadsToReattempt)) return allowed.length ? ['DECLINE'] : [];
  const canCorrect = allowed.includes('CHANGE_ADDRESS') || allowed.includes('CHANGE_PHONE');
  return canCorrect ? ['REATTEMPT', 'UPDATE_DETAILS', 'DECLINE'] : ['REATTEMPT', 'DECLINE'];
}

export function tabOf(status: NdrStatus): NdrTab | null {
  return status === 'SUPERSEDED' ? null : status;
}

export function rtoTabOf(stage: RtoStage): RtoTab {
  return stage === 'INITIATED' ? 'INITIATED' : stage === 'DELIVERED' ? 'DELIVERED' : 'IN_TRANSIT';
}

/** The six-digit pincode of India. */
export function isPincode(text: string): boolean {
  return /^[1-9]\d{5}$/.test(text);
}

/**
 * The courier's remark as a seller reads it: its words without the courier's own reason code
 * (spec's exceptionInfo is "code · words"; the code is the courier's, not the seller's).
 */
export function courierRemark(row: { courierReasonCode: string; exceptionInfo: string }): string {
  const words = row.courierReasonCode
    ? row.exceptionInfo.replace(`${row.courierReasonCode} · `, '')
    : row.exceptionInfo;
  return words === row.courierReasonCode ? '' : words;
}

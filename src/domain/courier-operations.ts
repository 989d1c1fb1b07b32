import { formatDateTime, formatTime, istDay } from './format';

// What a seller reads of a request a courier answers later (Delhivery's NDR actions answer a UPL
// id, confirmed or refused a while after): "Re-attempt requested; courier confirmed 02:02 pm".

export const COURIER_OPERATION_STATES = ['PENDING', 'DONE', 'FAILED'] as const;
export type CourierOperationState = (typeof COURIER_OPERATION_STATES)[number];

export interface CourierOperationView {
  /** what was asked, in the seller's words ("Re-attempt requested") */
  label: string;
  state: CourierOperationState;
  /** the courier's reference when done, its reason when failed */
  result: string | null;
  /** when the courier confirmed or refused */
  settledAt: string | null;
}

/** A time today in IST as a time; another day's with its date. */
const whenText = (at: string, now: Date) =>
  istDay(new Date(at)) === istDay(now) ? formatTime(at) : formatDateTime(at);

export function courierOperationText(op: CourierOperationView, now: Date): string {
  if (op.state === 'PENDING') return `${op.label}; waiting for the courier's confirmation`;
  const at = op.settledAt ? ` ${whenText(op.settledAt, now)}` : '';
  if (op.state === 'DONE') return `${op.label}; courier confirmed${at}`;
  return `${op.label}; the courier refused${at}: ${op.result ?? 'no reason given'}`;
}

import type { NdrInstruction } from '../adapter';
import { istDay } from '../../../src/domain/format';
import { tenDigits } from './shipment-body';

// An NDR instruction in Ekart's terms: a re-attempt on a day from tomorrow to seven days ahead
// (its `date`, epoch milliseconds; we send the start of that day in IST) with any new phone,
// address or words for the rider, or a return to origin. Ekart has no separate address or phone
// change: those ride on a re-attempt.

const DAY = 86_400_000;
/** Ekart re-attempts at most this many days ahead */
const MAX_DAYS_AHEAD = 7;

export interface EkartNdr {
  action: 'Re-Attempt' | 'RTO';
  wbn: string;
  date?: number;
  phone?: string;
  address?: string;
  instructions?: string;
}

/** Ekart's NDR body, or why it would refuse it, in a sentence for the seller. */
export function ndrBody(awb: string, instruction: NdrInstruction, now: Date): EkartNdr | string {
  if (instruction.action === 'RTO')
    return { action: 'RTO', wbn: awb, ...(instruction.remarks ? { instructions: instruction.remarks } : {}) };
  const first = istDay(new Date(now.getTime() + DAY));
  const last = istDay(new Date(now.getTime() + MAX_DAYS_AHEAD * DAY));
  const day = instruction.date ?? first;
  if (day < first || day > last)
    return `Ekart re-attempts from tomorrow up to seven days ahead: choose a date from ${first} to ${last}.`;
  const a = instruction.address;
  const words = [
    instruction.action === 'FAKE_ATTEMPT' ? 'The buyer reports that no delivery attempt was made.' : '',
    instruction.remarks ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    action: 'Re-Attempt',
    wbn: awb,
    date: Date.parse(`${day}T00:00:00+05:30`),
    ...(instruction.phone ? { phone: tenDigits(instruction.phone) } : {}),
    ...(a ? { address: [a.line1, a.line2, a.landmark, a.pincode].filter(Boolean).join(', ') } : {}),
    ...(words ? { instructions: words } : {}),
  };
}

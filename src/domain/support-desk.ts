import { planAllowsFeature } from './plans';
import { PREMIUM_TICKET_SLA_HOURS, TICKET_SLA_HOURS, type TicketPriority } from './tickets-contract';

// The support line a plan promises (spec section 1: "24/7 support" is a Pro promise, which Lite
// does not make). Pro and Premium (`roundTheClockSupport`): support answers every hour of every
// day, the first answer within two hours at most, and the phone line is open around the clock.
// Free and Lite: support works Monday to Saturday, 9:00 to 19:00 IST, and a ticket's clocks run
// only in those hours. The ticket records the line and its due times when it is raised, reopened
// or reprioritised. docs/decisions/round-the-clock-support.md

export const SUPPORT_LINES = ['ROUND_THE_CLOCK', 'WORKING_HOURS'] as const;
export type SupportLine = (typeof SUPPORT_LINES)[number];

export const SUPPORT_LINE_LABELS: Record<SupportLine, string> = {
  ROUND_THE_CLOCK: '24×7',
  WORKING_HOURS: 'Working hours',
};

/** Working hours of the Free and Lite support line, in IST: Monday (1) to Saturday (6), 9:00 to 19:00. */
export const SUPPORT_HOURS = { firstDay: 1, lastDay: 6, openHour: 9, closeHour: 19 } as const;
export const SUPPORT_HOURS_TEXT = 'Mon–Sat 9:00–19:00 IST';

/** The support team's mailbox, which tickets copy (no phone line is published yet: tickets and mail carry 24×7). */
export const SUPPORT_CONTACT = { email: 'support@dakiya.in' };

/** The longest wait for a first answer on the round-the-clock line, whatever the priority. */
export const ROUND_THE_CLOCK_FIRST_RESPONSE_HOURS = 2;

export const supportLineOf = (subscriptionType: string): SupportLine =>
  planAllowsFeature(subscriptionType, 'roundTheClockSupport') ? 'ROUND_THE_CLOCK' : 'WORKING_HOURS';

type SlaTable = Record<TicketPriority, { firstResponse: number; resolution: number }>;

/** The hours a plan's tickets get: Premium's SLA table, else the standard one; round the clock, the first answer within two hours. */
export function supportHoursOf(subscriptionType: string): SlaTable {
  const base = planAllowsFeature(subscriptionType, 'slaSupport') ? PREMIUM_TICKET_SLA_HOURS : TICKET_SLA_HOURS;
  if (supportLineOf(subscriptionType) === 'WORKING_HOURS') return base;
  return Object.fromEntries(
    Object.entries(base).map(([p, h]) => [
      p,
      { ...h, firstResponse: Math.min(h.firstResponse, ROUND_THE_CLOCK_FIRST_RESPONSE_HOURS) },
    ]),
  ) as SlaTable;
}

const HOUR_MS = 3_600_000;
const IST_OFFSET_MS = 5.5 * HOUR_MS;

/** The moment `hours` of support time after `from`: every hour on the 24×7 line, only working hours (IST) on the other. */
export function addSupportHours(from: Date, hours: number, line: SupportLine): Date {
  if (line === 'ROUND_THE_CLOCK') return new Date(from.getTime() + hours * HOUR_MS);
  let left = Math.round(hours * HOUR_MS);
  // walk in IST wall-clock milliseconds (IST has no daylight saving)
  let t = from.getTime() + IST_OFFSET_MS;
  for (;;) {
    const day = new Date(t);
    const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
    const weekday = day.getUTCDay();
    const open = midnight + SUPPORT_HOURS.openHour * HOUR_MS;
    const close = midnight + SUPPORT_HOURS.closeHour * HOUR_MS;
    const workDay = weekday >= SUPPORT_HOURS.firstDay && weekday <= SUPPORT_HOURS.lastDay;
    if (!workDay || t >= close) {
      t = midnight + 24 * HOUR_MS + SUPPORT_HOURS.openHour * HOUR_MS;
      continue;
    }
    if (t < open) t = open;
    if (left <= close - t) return new Date(t + left - IST_OFFSET_MS);
    left -= close - t;
    t = midnight + 24 * HOUR_MS + SUPPORT_HOURS.openHour * HOUR_MS;
  }
}

/** When a ticket's first answer and resolution fall due, raised (or reopened) at `from` on this plan. */
export function supportDue(
  priority: TicketPriority,
  from: Date,
  subscriptionType: string,
): { supportLine: SupportLine; firstResponseDue: Date; resolutionDue: Date } {
  const line = supportLineOf(subscriptionType);
  const h = supportHoursOf(subscriptionType)[priority];
  return {
    supportLine: line,
    firstResponseDue: addSupportHours(from, h.firstResponse, line),
    resolutionDue: addSupportHours(from, h.resolution, line),
  };
}

const hoursText = (h: number) => (h < 1 ? `${h * 60} minutes` : h === 1 ? '1 hour' : `${h} hours`);

/** What the help desk tells a seller about their support line. */
export function supportPromise(subscriptionType: string): {
  line: SupportLine;
  headline: string;
  hours: string;
  firstResponse: string;
} {
  const line = supportLineOf(subscriptionType);
  const table = supportHoursOf(subscriptionType);
  if (line === 'ROUND_THE_CLOCK')
    return {
      line,
      headline: 'Support answers 24×7',
      hours: `Every day, every hour: raise a ticket or write to ${SUPPORT_CONTACT.email} at any time.`,
      firstResponse: `First answer within ${hoursText(table.URGENT.firstResponse)} for urgent tickets and ${hoursText(
        Math.max(...Object.values(table).map((h) => h.firstResponse)),
      )} at most for the rest, nights, Sundays and holidays included.`,
    };
  return {
    line,
    headline: `Support hours: ${SUPPORT_HOURS_TEXT}`,
    hours: `We answer tickets and email in working hours, ${SUPPORT_HOURS_TEXT}; a ticket raised outside them is answered from the next opening.`,
    firstResponse: `First answer within ${hoursText(table.URGENT.firstResponse)} of working time for urgent tickets and ${hoursText(
      table.LOW.firstResponse,
    )} at most for the rest.`,
  };
}

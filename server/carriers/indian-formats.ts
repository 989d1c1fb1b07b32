import { istDay } from '../../src/domain/format';
import * as money from '../../src/domain/money';

// How Indian couriers want the product's values: a phone as its ten digits (no +91, no spaces),
// money in rupees, days and times in IST.

/** The subscriber's ten digits of an Indian phone number (+91 98450 12345 → 9845012345). */
export function tenDigitPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 10 && digits.startsWith('91') ? digits.slice(-10) : digits;
}

/** Paise as rupees with two decimals, as couriers take amounts. */
export const rupeesOf = (paise: number): number => money.rupeesOf(Math.round(paise));

/** The IST day after `at`, yyyy-mm-dd: a courier's next working day when none was asked. */
export const nextIstDay = (at: Date): string => istDay(new Date(at.getTime() + 86_400_000));

/** A courier's IST wall time without a zone ("2026-11-20 14:05", "2026-11-20 14:05:09") as an instant. */
export function fromIstWallTime(text: string): Date {
  const [day, time = '00:00'] = text.trim().split(/[ T]/);
  const hms = time.length === 5 ? `${time}:00` : time.slice(0, 8);
  return new Date(`${day}T${hms}+05:30`);
}

import { describe, expect, it } from 'vitest';
import {
  awaitingPickup,
  dateCard,
  deliveryCard,
  deliveryTone,
  eddCard,
  ordinal,
  ratingImage,
  showDelayedBanner,
  showSoonBanner,
  statusTitle,
} from '../../src/domain/tracking/display';
import { FORWARD_STATUS_CODES, RETURN_STATUSES } from '../../src/domain/order-status';

describe('the buyer’s tracking page rules', () => {
  it.each([
    ['RTS', false, 'Order Confirmed'],
    ['INT', false, 'Order Shipped'],
    ['DLV', false, 'Delivered'],
    ['RTO_INT', false, 'RTO In Transit'],
    ['PKP_SCH', false, 'Pickup Scheduled'],
    ['RFP', true, 'Return Confirmed'],
    ['RINT', true, 'Return Shipped'],
    ['INT', true, 'Return Shipped'],
    ['RDLV', true, 'Return Delivered'],
  ])('%s (return: %s) reads %s', (code, isReturn, title) => {
    expect(statusTitle(code, isReturn)).toBe(title);
  });

  it('puts the right suffix on every day of a month', () => {
    expect(Array.from({ length: 31 }, (_, i) => ordinal(i + 1))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '5th',
      '6th',
      '7th',
      '8th',
      '9th',
      '10th',
      '11th',
      '12th',
      '13th',
      '14th',
      '15th',
      '16th',
      '17th',
      '18th',
      '19th',
      '20th',
      '21st',
      '22nd',
      '23rd',
      '24th',
      '25th',
      '26th',
      '27th',
      '28th',
      '29th',
      '30th',
      '31st',
    ]);
    expect(ordinal(111)).toBe('111th');
    expect(eddCard('2026-11-28')).toEqual({ month: 'November', day: '28th' });
    expect(dateCard('2026-11-28')).toEqual({ weekday: 'Saturday', day: 28, month: 'November', year: 2026 });
  });

  it.each(FORWARD_STATUS_CODES.map((s) => [s]))('banners for %s follow spec section 4', (status) => {
    const past = '2026-11-20';
    const now = new Date('2026-11-23T06:00:00Z');
    expect(showDelayedBanner(status, past, now)).toBe(!['DLV', 'RTO_DLV', 'LST'].includes(status));
    expect(showSoonBanner(status)).toBe(!['DLV', 'RTO_DLV', 'LST', 'RTO_INT'].includes(status));
    expect(showDelayedBanner(status, '2026-11-30', now)).toBe(false);
    expect(showDelayedBanner(status, null, now)).toBe(false);
  });

  it('colours the delivery state around the day boundary in India', () => {
    // 23 Nov 2026, 23:59 IST is 18:29 UTC; a minute later it is the 24th in India
    const lateOn23rd = new Date('2026-11-23T18:29:00Z');
    const justAfterMidnight = new Date('2026-11-23T18:31:00Z');
    expect(deliveryTone('2026-11-23', lateOn23rd)).toBe('warning');
    expect(deliveryTone('2026-11-23', justAfterMidnight)).toBe('overdue');
    expect(deliveryTone('2026-11-24', lateOn23rd)).toBe('warning');
    expect(deliveryTone('2026-11-25', lateOn23rd)).toBe('ok');
    expect(deliveryTone('2026-11-25', justAfterMidnight)).toBe('warning');
    expect(showDelayedBanner('INT', '2026-11-23', lateOn23rd)).toBe(false);
    expect(showDelayedBanner('INT', '2026-11-23', justAfterMidnight)).toBe(true);
  });

  it('picks one of five rating images per pair of scores', () => {
    expect(Array.from({ length: 11 }, (_, i) => ratingImage(i))).toEqual([null, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    expect(ratingImage(11)).toBeNull();
    expect(ratingImage(2.5)).toBeNull();
  });
});

describe('the delivery card', () => {
  const now = new Date('2026-11-25T06:00:00Z');
  it('shows the delivery day (in India) once delivered, never the old estimate', () => {
    expect(deliveryCard('DLV', '2026-11-28', '2026-11-26T20:00:00Z', now)).toEqual({
      kind: 'delivered',
      ymd: '2026-11-27',
    });
    expect(deliveryCard('DLV', '2026-11-28', null, now)).toEqual({ kind: 'delivered', ymd: null });
    // a return: back with the seller, cancelled, lost
    expect(deliveryCard('RDLV', '2026-11-28', null, now)).toEqual({ kind: 'delivered', ymd: null });
    expect(deliveryCard('RCAN', '2026-11-28', null, now)).toEqual({ kind: 'cancelled' });
    expect(deliveryCard('RLST', '2026-11-28', null, now)).toEqual({ kind: 'lost' });
  });
  it('says plainly that a parcel goes or went back to the seller, or was lost', () => {
    expect(deliveryCard('RTO_INT', '2026-11-28', null, now)).toEqual({ kind: 'returning' });
    expect(deliveryCard('RTO_DLV', '2026-11-28', null, now)).toEqual({ kind: 'returned' });
    expect(deliveryCard('LST', '2026-11-28', null, now)).toEqual({ kind: 'lost' });
  });
  it('shows the expected day with its colour while on the way, and nothing without one', () => {
    expect(deliveryCard('INT', '2026-11-28', null, now)).toEqual({ kind: 'expected', ymd: '2026-11-28', tone: 'ok' });
    expect(deliveryCard('INT', '2026-11-24', null, now)).toEqual({
      kind: 'expected',
      ymd: '2026-11-24',
      tone: 'overdue',
    });
    expect(deliveryCard('RTS', null, null, now)).toBeNull();
  });
});

describe('a journey with no scans', () => {
  it('is still to come before pickup, and withheld by the courier once it has the parcel', () => {
    const before = [...FORWARD_STATUS_CODES, ...Object.keys(RETURN_STATUSES)].filter(awaitingPickup).sort();
    expect(before).toEqual(['CAN', 'PKP_SCH', 'RCAN', 'RFP', 'RPA', 'RPF', 'RPS', 'RTS']);
    for (const taken of ['PKD', 'INT', 'OFD', 'NDR', 'DLV', 'RTO_INT', 'RTO_DLV', 'LST', 'RPKD', 'RINT', 'RDLV'])
      expect(awaitingPickup(taken), taken).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { OrderStatusEvent, SimulationOrder } from '../../src/domain/live-events-contract';
import {
  eventIdAfter,
  parseInterval,
  parseOrderRef,
  runPath,
  sellerAccountOptions,
  withLiveEvent,
} from '../../src/domain/live/simulation';

// The staff simulation screen's rules.

const ev = (eventId: string, status: string): OrderStatusEvent => ({
  eventId,
  orderId: 7,
  orderNumber: 'ORD-000007',
  trackingNumber: '14000000000007',
  status,
  statusText: status,
  at: '2026-11-26T06:30:00.000Z',
  location: null,
  remark: null,
});

describe('order simulation rules', () => {
  it('takes an order id or an AWB, nothing else', () => {
    expect(parseOrderRef(' 42 ')).toEqual({ orderId: 42 });
    expect(parseOrderRef('14000000000007')).toEqual({ awb: '14000000000007' });
    expect(parseOrderRef('XB1234567890')).toEqual({ awb: 'XB1234567890' });
    expect(['', '0', 'ORD#7', 'abc', '1'.repeat(31)].map(parseOrderRef)).toEqual([null, null, null, null, null]);
  });

  it('an interval is a whole number of seconds from 1 to 60', () => {
    expect(['1', ' 60 ', '5'].map(parseInterval)).toEqual([1, 60, 5]);
    expect(['0', '61', '2.5', '', 'x'].map(parseInterval)).toEqual([null, null, null, null, null]);
  });

  it('a run takes the fewest courier steps to its end through the status table', () => {
    expect(runPath('PKP_SCH', 'DLV')).toEqual(['PKD', 'INT', 'OFD', 'DLV']);
    expect(runPath('OFD', 'DLV')).toEqual(['DLV']);
    expect(runPath('PKP_SCH', 'RTO_DLV')).toEqual(['PKD', 'RTO_INT', 'RTO_DLV']);
    expect(runPath('OFD', 'RTO_DLV')).toEqual(['NDR', 'RTO_INT', 'RTO_DLV']);
    expect(runPath('DLV', 'DLV')).toEqual([]);
    expect(runPath('RTO_INT', 'DLV')).toEqual([]);
  });

  it('event ids compare as numbers', () => {
    expect(eventIdAfter('10', '9')).toBe(true);
    expect(eventIdAfter('9', '10')).toBe(false);
    expect(eventIdAfter('12', '11')).toBe(true);
  });

  it('a live event joins the order once, in order, and moves the status only when newest', () => {
    const order = {
      orderId: 7,
      status: 'INT',
      statusText: 'INT',
      events: [ev('5', 'PKD'), ev('9', 'INT')],
    } as SimulationOrder;
    const next = withLiveEvent(order, ev('10', 'OFD'));
    expect(next.events.map((e) => e.eventId)).toEqual(['5', '9', '10']);
    expect(next.status).toBe('OFD');
    expect(withLiveEvent(next, ev('9', 'INT'))).toBe(next);
    const late = withLiveEvent(order, ev('7', 'PKD'));
    expect([late.status, late.events.map((e) => e.eventId)]).toEqual(['INT', ['5', '7', '9']]);
    expect(withLiveEvent(order, { ...ev('11', 'DLV'), orderId: 8 })).toBe(order);
  });

  it('the account picker lists seller logins with a company', () => {
    const row = { accountId: 1, firstName: 'Asha', lastName: 'Rao', email: 'a@x.in', companyName: null, orgId: 3 };
    expect(
      sellerAccountOptions([
        row,
        { ...row, accountId: 2, companyName: 'Kirana Kart' },
        { ...row, accountId: 3, orgId: null },
      ] as never),
    ).toEqual([
      { accountId: 1, label: 'Asha Rao · a@x.in' },
      { accountId: 2, label: 'Kirana Kart · a@x.in' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  allows,
  canMove,
  FORWARD_STATUS_CODES,
  FORWARD_STATUSES,
  FORWARD_TRANSITIONS,
  IN_FLIGHT,
  refusal,
  RETURN_STATUSES,
  RETURN_TRANSITIONS,
  TERMINAL_FORWARD,
} from '../../src/domain/order-status';

describe('order statuses', () => {
  it('keep the codes and texts the spec shows', () => {
    for (const code of ['DLV', 'RTO_DLV', 'LST', 'RTO_INT']) expect(FORWARD_STATUS_CODES).toContain(code);
    expect(FORWARD_STATUSES.RTS).toBe('Ready To Ship');
    expect(FORWARD_STATUSES.INT).toBe('In Transit');
    expect(RETURN_STATUSES.RFP).toBe('Ready For Pickup');
  });

  it('only move to known statuses, and every status is reachable from Ready To Ship', () => {
    const seen = new Set(['RTS']);
    const queue = ['RTS'];
    while (queue.length) {
      for (const next of FORWARD_TRANSITIONS[queue.shift() as keyof typeof FORWARD_TRANSITIONS]) {
        expect(FORWARD_STATUS_CODES).toContain(next);
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    expect([...seen].sort()).toEqual([...FORWARD_STATUS_CODES].sort());
    for (const [from, tos] of Object.entries(RETURN_TRANSITIONS))
      for (const to of tos) expect(Object.keys(RETURN_STATUSES), from).toContain(to);
  });

  it('end in delivered, RTO delivered, lost, damaged or cancelled', () => {
    expect([...TERMINAL_FORWARD].sort()).toEqual(['CAN', 'DLV', 'DMG', 'LST', 'RTO_DLV']);
  });

  it('allow editing only before shipping, cancelling until pickup, escalating only in flight', () => {
    expect(FORWARD_STATUS_CODES.filter((s) => allows(s, 'edit'))).toEqual(['RTS']);
    expect(FORWARD_STATUS_CODES.filter((s) => allows(s, 'cancel'))).toEqual(['RTS', 'PKP_SCH']);
    expect(FORWARD_STATUS_CODES.filter((s) => allows(s, 'escalate'))).toEqual([...IN_FLIGHT]);
    expect(FORWARD_STATUS_CODES.filter((s) => allows(s, 'archive'))).toEqual([
      'RTS',
      'DLV',
      'RTO_DLV',
      'LST',
      'DMG',
      'CAN',
    ]);
    expect(canMove('DLV', 'CAN')).toBe(false);
    expect(refusal('DLV', 'cancel')).toBe('An order that is Delivered cannot be cancelled');
  });
});

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
  SPLIT_ORDER_TRANSITIONS,
  TERMINAL_FORWARD,
  type ForwardStatus,
} from '../../src/domain/order-status';

describe('order statuses', () => {
  it('keep the codes and texts the spec shows', () => {
    for (const code of ['DLV', 'RTO_DLV', 'LST', 'RTO_INT']) expect(FORWARD_STATUS_CODES).toContain(code);
    expect(FORWARD_STATUSES.RTS).toBe('Ready To Ship');
    expect(FORWARD_STATUSES.INT).toBe('In Transit');
    expect(RETURN_STATUSES.RFP).toBe('Ready For Pickup');
  });

  it('only move to known statuses, and every status is reachable from Ready To Ship', () => {
    const reach = (moves: (from: ForwardStatus) => readonly ForwardStatus[]) => {
      const seen = new Set<ForwardStatus>(['RTS']);
      const queue: ForwardStatus[] = ['RTS'];
      while (queue.length)
        for (const next of moves(queue.shift()!)) {
          expect(FORWARD_STATUS_CODES).toContain(next);
          if (!seen.has(next)) {
            seen.add(next);
            queue.push(next);
          }
        }
      return [...seen].sort();
    };
    // a single parcel reaches every status but a split order's partial ones; a split order reaches those too
    const partial = ['PART_DLV', 'PART_SHP'];
    expect(reach((s) => FORWARD_TRANSITIONS[s])).toEqual(
      FORWARD_STATUS_CODES.filter((s) => !partial.includes(s)).sort(),
    );
    expect(reach((s) => [...FORWARD_TRANSITIONS[s], ...(SPLIT_ORDER_TRANSITIONS[s] ?? [])])).toEqual(
      [...FORWARD_STATUS_CODES].sort(),
    );
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
    expect(FORWARD_STATUS_CODES.filter((s) => allows(s, 'return'))).toEqual(['DLV']);
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

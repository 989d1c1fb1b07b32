import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { RETURN_STATUS_CODES, RETURN_TRANSITIONS, canMoveStatus } from '../../src/domain/order-status';
import {
  RETURN_REASONS,
  RETURN_TAB_CODES,
  RETURN_TAB_STATUSES,
  returnActions,
  returnAllows,
  returnNumber,
  subReasonOf,
} from '../../src/domain/returns';
import { InitiateReturnBody } from '../../src/domain/schemas/returns';
import { issueText } from '../../src/domain/schemas/labels';
import { statusTitle } from '../../src/domain/tracking/display';

describe('returns: rules shared by the form and the server', () => {
  it('puts every return status in exactly one tab besides All', () => {
    const tabbed = RETURN_TAB_CODES.filter((t) => t !== 'ALL').flatMap((t) => [
      ...RETURN_TAB_STATUSES[t as Exclude<typeof t, 'ALL'>],
    ]);
    expect([...tabbed].sort()).toEqual([...RETURN_STATUS_CODES].sort());
  });

  it('moves a return only within its own table, never into a forward status', () => {
    expect(canMoveStatus('RFP', 'RPS')).toBe(true);
    expect(canMoveStatus('RPS', 'RPA')).toBe(true);
    expect(canMoveStatus('RPF', 'RPS')).toBe(true);
    expect(canMoveStatus('RDLV', 'RFP')).toBe(false);
    expect(canMoveStatus('RFP', 'PKP_SCH')).toBe(false);
    expect(canMoveStatus('RTS', 'RPS')).toBe(false);
    for (const to of RETURN_TRANSITIONS.RPKD) expect(['RINT', 'RDLV', 'RLST']).toContain(to);
  });

  it('says what a seller may do at each status', () => {
    expect(returnActions('RFP', false)).toEqual({
      ship: true,
      cancelShipment: false,
      reassign: false,
      cancel: true,
      label: false,
      exchange: true,
    });
    expect(returnAllows('RPS', 'cancelShipment')).toBe(true);
    expect(returnAllows('RPA', 'reassign')).toBe(false);
    expect(returnAllows('RPKD', 'cancel')).toBe(false);
    expect(returnAllows('RINT', 'exchange', true)).toBe(false);
  });

  it('knows which sub-reasons belong to which reason', () => {
    expect(subReasonOf('DAMAGED', 'BROKEN')).toBe(true);
    expect(subReasonOf('DAMAGED', 'TOO_SMALL')).toBe(false);
    for (const r of Object.values(RETURN_REASONS)) expect(Object.keys(r.subReasons).length).toBeGreaterThan(0);
    expect(returnNumber(42)).toBe('RET-000042');
  });

  it('names the field by its label when the form is wrong', () => {
    const res = v.safeParse(InitiateReturnBody, {
      forwardOrderId: 1,
      items: [{ orderItemId: 1, quantity: 1 }],
      reason: 'DAMAGED',
      subReason: 'TOO_SMALL',
      returnToKind: 'PICKUP_ADDRESS',
      returnToId: 1,
      refundDecision: 'REFUND',
    });
    expect(res.success).toBe(false);
    expect(issueText(res.issues![0])).toBe('Sub-reason is not one of the reason’s sub-reasons');
  });

  it("shows a return's first steps in the buyer's words", () => {
    expect(statusTitle('RFP', true)).toBe('Return Confirmed');
    expect(statusTitle('RPS', true)).toBe('Return Confirmed');
    expect(statusTitle('RINT', true)).toBe('Return Shipped');
    expect(statusTitle('RPA', true)).toBe('Return Pickup Attempted');
  });
});

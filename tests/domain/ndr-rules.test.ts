import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  automaticAction,
  courierRemark,
  buyerOptions,
  MAX_DELIVERY_ATTEMPTS,
  ndrDeadline,
  reattemptDateProblem,
  reattemptDateRequired,
  reattemptDates,
} from '../../src/domain/ndr-rules';
import { NDR_REASON_CODES } from '../../src/domain/ndr-contract';
import { CARRIER_CODES } from '../../src/domain/shipping/carriers';
import {
  COURIER_CODE_TABLES,
  mapCourierStatus,
  mapNdrReason,
  ndrReasonCodes,
} from '../../src/domain/shipping/courier-codes';

describe('NDR rules', () => {
  const now = new Date('2026-11-20T06:30:00Z'); // 12:00 IST

  it('gives 24 hours to act and re-attempt dates from tomorrow up to six days ahead (IST)', () => {
    expect(ndrDeadline(now).toISOString()).toBe('2026-11-21T06:30:00.000Z');
    expect(reattemptDates(now)).toEqual({ min: '2026-11-21', max: '2026-11-26' });
    expect(reattemptDateProblem('2026-11-20', now)).toBe('Re-attempt date must be from 21 Nov 2026');
    expect(reattemptDateProblem('2026-11-27', now)).toMatch(/within 6 days/);
    expect(reattemptDateProblem('2026-11-26', now)).toBeNull();
  });

  it('allows by reason, only a return after the last attempt, nothing once acted on', () => {
    expect(allowedActions('REFUSED', 'ACTION_REQUIRED', 1)).toEqual(['REATTEMPT', 'RTO', 'FAKE_ATTEMPT']);
    expect(allowedActions('ADDRESS_ISSUE', 'ACTION_REQUIRED', 1)).toContain('CHANGE_ADDRESS');
    expect(allowedActions('ADDRESS_ISSUE', 'ACTION_REQUIRED', MAX_DELIVERY_ATTEMPTS)).toEqual(['RTO']);
    expect(allowedActions('OTHER', 'ACTION_TAKEN', 1)).toEqual([]);
    expect(reattemptDateRequired('FUTURE_DELIVERY', 'REATTEMPT')).toBe(true);
    expect(reattemptDateRequired('FUTURE_DELIVERY', 'CHANGE_PHONE')).toBe(false);
    for (const reason of NDR_REASON_CODES) expect(allowedActions(reason, 'ACTION_REQUIRED', 1)).toContain('RTO');
  });

  it('acts by the seller’s preference at the deadline, returning once the attempts are spent', () => {
    expect(automaticAction(1, 'REATTEMPT')).toBe('REATTEMPT');
    expect(automaticAction(2, 'RTO')).toBe('RTO');
    expect(automaticAction(3, 'REATTEMPT')).toBe('RTO');
  });

  it('offers the buyer what the reason admits', () => {
    expect(buyerOptions('ADDRESS_ISSUE', 'ACTION_REQUIRED', 1)).toEqual(['REATTEMPT', 'UPDATE_DETAILS', 'DECLINE']);
    expect(buyerOptions('REFUSED', 'ACTION_REQUIRED', 1)).toEqual(['REATTEMPT', 'DECLINE']);
    expect(buyerOptions('OTHER', 'ACTION_REQUIRED', 3)).toEqual(['DECLINE']);
    expect(buyerOptions('OTHER', 'DELIVERED', 1)).toEqual([]);
  });
});

describe('courier code tables', () => {
  it('has one table per courier, each mapping its NDR reason codes onto every reason of ours', () => {
    expect(Object.keys(COURIER_CODE_TABLES).sort()).toEqual([...CARRIER_CODES].sort());
    for (const code of CARRIER_CODES) {
      const reasons = new Set(ndrReasonCodes(code).map((c) => mapNdrReason(code, c)!.reason));
      expect(reasons.size).toBeGreaterThanOrEqual(NDR_REASON_CODES.length - 1);
      expect(mapCourierStatus(code, 'UNDELIVERED')).toBe('UNDELIVERED');
    }
  });

  it('reads Delhivery’s own words and leaves unknown codes unknown', () => {
    expect(mapNdrReason('DE', 'EOD-11')).toEqual({ reason: 'CONSIGNEE_UNAVAILABLE', text: 'Consignee unavailable' });
    expect(mapNdrReason('DE', 'EOD-74')?.reason).toBe('ADDRESS_ISSUE');
    expect(mapCourierStatus('DEHW', 'DL-RTO')).toBe('RTO_DELIVERED');
    expect(mapNdrReason('DE', 'EOD-999')).toBeUndefined();
    expect(mapCourierStatus('XB', 'UD-Pending')).toBeUndefined();
    expect(mapCourierStatus('NOPE', 'DELIVERED')).toBeUndefined();
  });
});

describe('courierRemark', () => {
  it("gives the courier's words without its reason code", () => {
    expect(courierRemark({ courierReasonCode: 'UB-CNA', exceptionInfo: 'UB-CNA · Consignee not available' })).toBe(
      'Consignee not available',
    );
    expect(courierRemark({ courierReasonCode: 'UB-CNA', exceptionInfo: 'UB-CNA' })).toBe('');
    expect(courierRemark({ courierReasonCode: '', exceptionInfo: 'Door locked' })).toBe('Door locked');
  });
});

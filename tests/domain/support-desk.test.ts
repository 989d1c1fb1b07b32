import { describe, expect, it } from 'vitest';
import {
  addSupportHours,
  supportDue,
  supportLineOf,
  supportPromise,
  SUPPORT_HOURS_TEXT,
} from '../../src/domain/support-desk';

// 24×7 support (Pro, Premium) against working hours, Mon–Sat 9:00–19:00 IST (Free, Lite).

const ist = (wall: string) => new Date(`${wall}+05:30`);

describe('support line by plan', () => {
  it('Pro and Premium answer round the clock; Free and Lite in working hours', () => {
    expect(['FREE', 'LITE', 'PRO', 'PREMIUM'].map(supportLineOf)).toEqual([
      'WORKING_HOURS',
      'WORKING_HOURS',
      'ROUND_THE_CLOCK',
      'ROUND_THE_CLOCK',
    ]);
  });

  it('counts working hours only Monday to Saturday, 9:00 to 19:00 IST', () => {
    const w = (from: string, h: number) => addSupportHours(ist(from), h, 'WORKING_HOURS');
    expect(w('2026-11-20T12:00:00', 4)).toEqual(ist('2026-11-20T16:00:00'));
    // past closing: the rest from the next opening
    expect(w('2026-11-20T17:00:00', 4)).toEqual(ist('2026-11-21T11:00:00'));
    // Saturday evening runs over Sunday to Monday
    expect(w('2026-11-21T18:30:00', 1)).toEqual(ist('2026-11-23T09:30:00'));
    // raised at night or on Sunday: the clock starts at the opening
    expect(w('2026-11-22T03:00:00', 0.5)).toEqual(ist('2026-11-23T09:30:00'));
    expect(w('2026-11-23T06:00:00', 10)).toEqual(ist('2026-11-23T19:00:00'));
    expect(w('2026-11-23T06:00:00', 11)).toEqual(ist('2026-11-24T10:00:00'));
    // round the clock: calendar hours
    expect(addSupportHours(ist('2026-11-21T18:30:00'), 2, 'ROUND_THE_CLOCK')).toEqual(ist('2026-11-21T20:30:00'));
  });

  it('a ticket records its line and due times: Pro answers within 2 hours, Lite on the standard hours in working time', () => {
    const sunday = ist('2026-11-22T22:00:00');
    expect(supportDue('LOW', sunday, 'PRO')).toEqual({
      supportLine: 'ROUND_THE_CLOCK',
      firstResponseDue: ist('2026-11-23T00:00:00'),
      resolutionDue: ist('2026-11-26T22:00:00'),
    });
    expect(supportDue('URGENT', sunday, 'LITE')).toEqual({
      supportLine: 'WORKING_HOURS',
      firstResponseDue: ist('2026-11-23T10:00:00'),
      resolutionDue: ist('2026-11-23T17:00:00'),
    });
    // Premium keeps its tighter SLA table
    expect(supportDue('URGENT', sunday, 'PREMIUM').firstResponseDue).toEqual(ist('2026-11-22T22:30:00'));
  });

  it('says what is promised', () => {
    expect(supportPromise('PRO')).toMatchObject({ line: 'ROUND_THE_CLOCK', headline: 'Support answers 24×7' });
    expect(supportPromise('PRO').hours).toContain('support@dakiya.in');
    expect(supportPromise('PRO').firstResponse).toContain('2 hours at most');
    expect(supportPromise('LITE')).toMatchObject({
      line: 'WORKING_HOURS',
      headline: `Support hours: ${SUPPORT_HOURS_TEXT}`,
    });
    expect(SUPPORT_HOURS_TEXT).toBe('Mon–Sat 9:00–19:00 IST');
  });
});

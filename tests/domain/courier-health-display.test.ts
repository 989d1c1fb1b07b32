import { describe, expect, it } from 'vitest';
import {
  callWindowText,
  courierTotals,
  headroomText,
  latencyText,
  modeReasonText,
  webhookAuthText,
} from '../../src/domain/courier-health-display';
import type { CourierHealth } from '../../src/domain/courier-health-contract';

// How the staff couriers page words a courier's figures.

const idle = { calls: 0, failures: 0, errorRatePercent: null, averageLatencyMs: null };
const courier = (over: Partial<CourierHealth>): CourierHealth => ({
  code: 'DE',
  name: 'Delhivery Surface',
  mode: 'SANDBOX',
  modeReason: 'NO_CREDENTIALS',
  active: true,
  hyperlocal: false,
  lastSuccessAt: null,
  lastError: null,
  lastErrorAt: null,
  lastHour: idle,
  lastDay: idle,
  rateLimit: null,
  webhookAuth: null,
  unknownCodes: 0,
  ...over,
});

describe('courier health in words', () => {
  it('says calls and errors with Indian grouping, or that there were none', () => {
    expect(callWindowText(idle)).toBe('No calls');
    expect(latencyText(idle)).toBe('');
    const busy = { calls: 123456, failures: 1, errorRatePercent: 0, averageLatencyMs: 1480 };
    expect(callWindowText(busy)).toBe('1,23,456 calls, 1 error (0%)');
    expect(callWindowText({ calls: 1, failures: 0, errorRatePercent: 0, averageLatencyMs: 90 })).toBe(
      '1 call, 0 errors (0%)',
    );
    expect(latencyText(busy)).toBe('1,480 ms average');
  });

  it('gives the headroom of a live courier and says the sandbox has no limit', () => {
    expect(headroomText(courier({}))).toBe('No limit (sandbox)');
    expect(
      headroomText(
        courier({ rateLimit: { callsPerWindow: 750, windowSeconds: 300, callsInWindow: 4, remaining: 746 } }),
      ),
    ).toBe('746 of 750 left in 5 min');
    expect(
      headroomText(courier({ rateLimit: { callsPerWindow: 10, windowSeconds: 90, callsInWindow: 12, remaining: 0 } })),
    ).toBe('0 of 10 left in 90 s');
  });

  it('names the mode’s reason and the webhook scheme, never more', () => {
    expect(modeReasonText(courier({ modeReason: 'NO_ADAPTER' }))).toBe('Credentials set but no adapter yet');
    expect(webhookAuthText(courier({}))).toBe('None set');
    expect(webhookAuthText(courier({ webhookAuth: 'hmac' }))).toBe('HMAC signature');
  });

  it('totals live and sandbox couriers and the last day’s calls', () => {
    const day = { calls: 10, failures: 2, errorRatePercent: 20, averageLatencyMs: 100 };
    expect(courierTotals([courier({ mode: 'LIVE', lastDay: day }), courier({ lastDay: day }), courier({})])).toEqual({
      live: 1,
      sandbox: 2,
      calls: 20,
      failures: 4,
    });
  });
});

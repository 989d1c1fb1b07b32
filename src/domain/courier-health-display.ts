import type { CallWindow, CourierHealth } from './courier-health-contract';
import { COURIER_MODE_REASONS, WEBHOOK_AUTH_SCHEMES } from './courier-health-contract';

// How the staff couriers page words a courier's figures: counts with Indian grouping, an error
// rate to one decimal, the rate-limit headroom, and the webhook scheme by name.

const count = (n: number) => n.toLocaleString('en-IN');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** "12 calls, 1 error (8.3%)", or "No calls" */
export function callWindowText(w: CallWindow): string {
  if (!w.calls) return 'No calls';
  return `${plural(w.calls, 'call', 'calls')}, ${plural(w.failures, 'error', 'errors')} (${w.errorRatePercent}%)`;
}

/** "240 ms average", or '' with no calls */
export function latencyText(w: CallWindow): string {
  return w.averageLatencyMs === null ? '' : `${count(w.averageLatencyMs)} ms average`;
}

/** "746 of 750 left in 5 min", or that the sandbox has no limit */
export function headroomText(c: Pick<CourierHealth, 'rateLimit'>): string {
  const r = c.rateLimit;
  if (!r) return 'No limit (sandbox)';
  const window = r.windowSeconds % 60 === 0 ? `${r.windowSeconds / 60} min` : `${r.windowSeconds} s`;
  return `${count(r.remaining)} of ${count(r.callsPerWindow)} left in ${window}`;
}

export function modeReasonText(c: Pick<CourierHealth, 'modeReason'>): string {
  return COURIER_MODE_REASONS[c.modeReason];
}

export function webhookAuthText(c: Pick<CourierHealth, 'webhookAuth'>): string {
  return c.webhookAuth ? WEBHOOK_AUTH_SCHEMES[c.webhookAuth] : 'None set';
}

/** The page's totals: how many couriers are live, and the calls and errors of the last 24 h. */
export function courierTotals(rows: readonly CourierHealth[]) {
  return {
    live: rows.filter((r) => r.mode === 'LIVE').length,
    sandbox: rows.filter((r) => r.mode === 'SANDBOX').length,
    calls: rows.reduce((s, r) => s + r.lastDay.calls, 0),
    failures: rows.reduce((s, r) => s + r.lastDay.failures, 0),
  };
}

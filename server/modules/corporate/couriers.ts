import { gte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { carriers, courierCallStats, courierUnknownCodes } from '../../db/schema';
import { queryRows } from '../../db/rows';
import { hasCredentials } from '../../carriers/settings';
import { trackingLimitsOf } from '../../carriers/tracking-limits';
import { CARRIER_BY_CODE } from '../../../src/domain/shipping/carriers';
import { HYPERLOCAL_PARTNERS } from '../../../src/domain/shipping/hyperlocal';
import type { CallWindow, CourierHealth, CourierModeReason } from '../../../src/domain/courier-health-contract';

// The staff couriers page: every courier's mode and the health of the calls made to it, from the
// per-minute counts every process saves (courier_call_stats). This process's counts not yet saved
// are saved first, so a call made a moment ago shows. Webhook authentication is named by its
// scheme only: nothing here reads a token or secret into the answer.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;

interface StatsRow {
  carrier_code: string;
  hour_calls: number;
  hour_failures: number;
  hour_latency: number;
  day_calls: number;
  day_failures: number;
  day_latency: number;
  last_success_at: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function windowOf(calls: number, failures: number, latencyMs: number): CallWindow {
  return {
    calls,
    failures,
    errorRatePercent: calls ? Math.round((failures / calls) * 1000) / 10 : null,
    averageLatencyMs: calls ? Math.round(latencyMs / calls) : null,
  };
}

/** The first minute of a rate window of this length ending in the current minute. */
const windowStart = (now: Date, windowSeconds: number) =>
  new Date(Math.floor(now.getTime() / MINUTE) * MINUTE - (Math.ceil(windowSeconds / 60) - 1) * MINUTE);

export async function courierHealth(deps: AppDeps): Promise<CourierHealth[]> {
  await deps.courierCalls.flush();
  const now = deps.now();
  const hourAgo = new Date(now.getTime() - HOUR);
  const dayAgo = new Date(now.getTime() - DAY);
  const t = courierCallStats;
  const [rows, stats, errors, recent, unknown] = await Promise.all([
    deps.db.select({ code: carriers.code, name: carriers.name, active: carriers.active }).from(carriers),
    queryRows<StatsRow>(
      deps.db,
      sql`select carrier_code,
            coalesce(sum(calls) filter (where minute >= ${hourAgo}), 0)::int as hour_calls,
            coalesce(sum(failures) filter (where minute >= ${hourAgo}), 0)::int as hour_failures,
            coalesce(sum(total_latency_ms) filter (where minute >= ${hourAgo}), 0)::float8 as hour_latency,
            coalesce(sum(calls) filter (where minute >= ${dayAgo}), 0)::int as day_calls,
            coalesce(sum(failures) filter (where minute >= ${dayAgo}), 0)::int as day_failures,
            coalesce(sum(total_latency_ms) filter (where minute >= ${dayAgo}), 0)::float8 as day_latency,
            max(last_success_at) as last_success_at
          from ${t} group by carrier_code`,
    ),
    queryRows<{ carrier_code: string; last_error: string; last_error_at: Date | string }>(
      deps.db,
      sql`select distinct on (carrier_code) carrier_code, last_error, last_error_at from ${t}
          where last_error is not null order by carrier_code, last_error_at desc`,
    ),
    // the last hour's minutes: every courier's rate window (tracking-limits.ts) is shorter
    deps.db.select({ code: t.carrierCode, minute: t.minute, calls: t.calls }).from(t).where(gte(t.minute, hourAgo)),
    queryRows<{ carrier_code: string; codes: number }>(
      deps.db,
      sql`select carrier_code, count(*)::int as codes from ${courierUnknownCodes} group by carrier_code`,
    ),
  ]);
  const statsOf = new Map(stats.map((s) => [s.carrier_code, s]));
  const errorOf = new Map(errors.map((e) => [e.carrier_code, e]));
  const unknownOf = new Map(unknown.map((u) => [u.carrier_code, Number(u.codes)]));
  const order = [...CARRIER_BY_CODE.keys()];
  const couriers = [...rows]
    .sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code))
    .map((r) => ({ ...r, hyperlocal: false }));
  const partners = HYPERLOCAL_PARTNERS.map((p) => ({ code: p.code, name: p.name, active: true, hyperlocal: true }));

  return [...couriers, ...partners].map((c): CourierHealth => {
    const live = deps.carriers.live.includes(c.code);
    const settings = deps.carriers.settings(c.code);
    const modeReason: CourierModeReason = live
      ? 'CREDENTIALS_SET'
      : hasCredentials(settings)
        ? 'NO_ADAPTER'
        : 'NO_CREDENTIALS';
    const s = statsOf.get(c.code);
    const e = errorOf.get(c.code);
    let rateLimit: CourierHealth['rateLimit'] = null;
    if (live) {
      const limits = trackingLimitsOf(c.code);
      const from = windowStart(now, limits.windowSeconds).getTime();
      const callsInWindow = recent
        .filter((x) => x.code === c.code && x.minute.getTime() >= from)
        .reduce((sum, x) => sum + x.calls, 0);
      rateLimit = {
        callsPerWindow: limits.callsPerWindow,
        windowSeconds: limits.windowSeconds,
        callsInWindow,
        remaining: Math.max(0, limits.callsPerWindow - callsInWindow),
      };
    }
    return {
      code: c.code,
      name: c.name,
      mode: live ? 'LIVE' : 'SANDBOX',
      modeReason,
      active: c.active,
      hyperlocal: c.hyperlocal,
      lastSuccessAt: iso(s?.last_success_at ?? null),
      lastError: e?.last_error ?? null,
      lastErrorAt: iso(e?.last_error_at ?? null),
      lastHour: windowOf(Number(s?.hour_calls ?? 0), Number(s?.hour_failures ?? 0), Number(s?.hour_latency ?? 0)),
      lastDay: windowOf(Number(s?.day_calls ?? 0), Number(s?.day_failures ?? 0), Number(s?.day_latency ?? 0)),
      rateLimit,
      webhookAuth: settings?.push?.scheme ?? null,
      unknownCodes: unknownOf.get(c.code) ?? 0,
    };
  });
}

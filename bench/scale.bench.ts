import { pathOf } from '../src/domain/operation';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import type { Paged } from '../src/domain/paging';
import { API_ORDERS, type OrderDetail, type OrderRow } from '../src/domain/orders-contract';
import { API_SHIPPING, type RateAnswer } from '../src/domain/shipping-contract';
import { freshCluster, MEERA_LOGIN, readySeller, STAFF_LOGIN, tokenOf } from '../scripts/live-cluster';
import { startReplicaStack, stackUrls, stopReplicaStack, waitForReplay } from '../scripts/pg-replica-stack';
import type { ServerProcess } from '../scripts/server-process';
import { median, writeReport } from './lib';
import { shippableOrderBody } from '../tests/server/order-body';

// `npm run bench -- scale`: Dakiya as it scales out on PostgreSQL's own machinery, on this
// machine: a streaming replica and PgBouncer in transaction mode (scripts/pg-replica-stack.ts),
// two API processes (WORKERS=off) and a worker, every pool through PgBouncer, lists read from
// the replica. Rounds alternate between sending every request to one API process and spreading
// them over both (the order turned round each round), each round a seller mix from concurrent
// clients: list orders, open an order, create one, ship one (its courier quotes, then the
// booking). Right after each create its client reads the list and the order, through the other
// process when there are two: a new order missing from either is a stale read (goal 0).

const ROUNDS = 5;
const SECONDS = 8;
const CLIENTS = 16;
const FROM = { 'x-forwarded-for': '127.0.0.1', 'content-type': 'application/json' };

interface RoundResult {
  processes: 1 | 2;
  requestsPerSec: number;
  requests: number;
  failed: number;
  creates: number;
  ships: number;
  staleList: number;
  staleDetail: number;
  p50Ms: number;
  p99Ms: number;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 10) / 10 : NaN;
};

/** A new order of one vase, every third one prepaid, as a seller's day mixes them. */
const orderBody = (pickupId: number, i: number, orderNumber: string) =>
  shippableOrderBody(pickupId, {
    orderNumber,
    orderDate: new Date().toISOString().slice(0, 10),
    paymentMethod: i % 3 === 0 ? 'PPD' : 'COD',
  });

let rounds = 0;

/** One round: CLIENTS clients for SECONDS seconds against `apis` (one or two processes). */
async function round(apis: string[], token: string, pickupId: number): Promise<RoundResult> {
  const latencies: number[] = [];
  let requests = 0;
  let failed = 0;
  let creates = 0;
  let ships = 0;
  let staleList = 0;
  let staleDetail = 0;
  // orders created and not yet shipped, for the ship step
  const toShip: number[] = [];
  let turn = 0;
  const call = async <T>(url: string, path: string, init: { method?: string; json?: unknown } = {}) => {
    const t = performance.now();
    const res = await fetch(url + path, {
      method: init.method ?? 'GET',
      headers: { ...FROM, authorization: `Bearer ${token}` },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const body = (await res.json()) as { data: T };
    latencies.push(performance.now() - t);
    requests++;
    if (!res.ok) failed++;
    return res.ok ? body.data : null;
  };
  const listPath = `${API_ORDERS.orders.path}?pageNumber=0&recordsPerPage=25&sortBy=createdAt&sortOrder=DESC`;
  const run = (rounds++).toString(36);
  const deadline = Date.now() + SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      let step = client;
      while (Date.now() < deadline) {
        const at = apis[turn++ % apis.length];
        const other = apis[turn % apis.length];
        const kind = step++ % 10;
        if (kind < 5) {
          await call<Paged<OrderRow>>(at, listPath);
        } else if (kind < 7) {
          const id = toShip.at(-1 - (step % 5)) ?? toShip[0];
          if (id) await call<OrderDetail>(at, pathOf(API_ORDERS.order, { orderId: id }));
          else await call<Paged<OrderRow>>(at, listPath);
        } else if (kind < 9) {
          const orderNumber = `SC-${run}-${client}-${step}`;
          const created = await call<OrderDetail>(at, API_ORDERS.orders.path, {
            method: 'POST',
            json: orderBody(pickupId, step, orderNumber),
          });
          if (!created) continue;
          creates++;
          // read your write at once, through the other process when there are two: the list
          // searched for its number (a page of the newest could have moved on under 16 clients)
          const list = await call<Paged<OrderRow>>(other, `${listPath}&searchPattern=${orderNumber}`);
          if (!list?.items.some((o) => o.orderId === created.orderId)) staleList++;
          const detail = await call<OrderDetail>(other, pathOf(API_ORDERS.order, { orderId: created.orderId }));
          if (!detail) staleDetail++;
          toShip.push(created.orderId);
        } else {
          const id = toShip.shift();
          if (!id) continue;
          const quotes = await call<RateAnswer>(at, pathOf(API_SHIPPING.courierQuotes, { orderId: id }));
          const carrier = quotes?.quotes[0]?.carrierCode;
          if (!carrier) continue;
          const shipped = await call(at, pathOf(API_SHIPPING.ship, { orderId: id }), {
            method: 'POST',
            json: { carrierCode: carrier, idempotencyKey: `scale-${id}` },
          });
          if (shipped) ships++;
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return {
    processes: apis.length as 1 | 2,
    requestsPerSec: Math.round(requests / seconds),
    requests,
    failed,
    creates,
    ships,
    staleList,
    staleDetail,
    p50Ms: pct(latencies, 50),
    p99Ms: pct(latencies, 99),
  };
}

/** Table scans of `orders` on one server: where the order lists and counts were read. */
async function orderScans(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ n: string }>(
      `select coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as n from pg_stat_user_tables where relname = 'orders'`,
    );
    return Number(r.rows[0]?.n ?? 0);
  } finally {
    await c.end();
  }
}

export async function run(): Promise<boolean> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const loadAverage1m = Math.round(loadavg()[0] * 10) / 10;
  const stack = await startReplicaStack(base, { log: (l) => console.log(`  ${l}`) });
  const cluster = await freshCluster(base);
  const started: ServerProcess[] = [];
  try {
    const database = new URL(cluster.url).pathname.slice(1);
    const urls = stackUrls(stack, database);
    await waitForReplay(stack);
    const env = {
      DATABASE_URL: urls.bouncer,
      DATABASE_POOL_MODE: 'transaction',
      DATABASE_LISTEN_URL: urls.primary,
      DATABASE_REPLICA_URL: urls.replica,
    };
    const a = await cluster.api(undefined, env);
    const b = await cluster.api(undefined, env);
    started.push(a, b, await cluster.worker(env));
    const staff = await tokenOf(a.url, STAFF_LOGIN);
    await readySeller(cluster, a.url, staff);
    const [pickup] = await cluster.sql<{ id: number }>(
      `select p.id from pickup_addresses p join accounts a on a.org_id = p.org_id
        where a.email = $1 and p.verified_at is not null order by p.id desc limit 1`,
      [MEERA_LOGIN.email],
    );
    const token = await tokenOf(a.url, MEERA_LOGIN);
    // a warm-up on both: connections opened, statements planned, the replica's caches filled
    await round([a.url, b.url], token, pickup.id);

    const rounds: RoundResult[] = [];
    const replicaScans0 = await orderScans(urls.replica);
    const primaryScans0 = await orderScans(urls.primary);
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? [1, 2] : [2, 1];
      for (const n of order) {
        const result = await round(n === 1 ? [a.url] : [a.url, b.url], token, pickup.id);
        rounds.push(result);
        console.log(
          `  round ${r + 1}, ${n} API process${n === 1 ? '' : 'es'}: ${result.requestsPerSec} req/s, ${result.creates} created, ${result.ships} shipped, stale ${result.staleList}/${result.staleDetail}, failed ${result.failed}`,
        );
      }
    }
    const replicaScans = (await orderScans(urls.replica)) - replicaScans0;
    const primaryScans = (await orderScans(urls.primary)) - primaryScans0;
    // each API process says at its end where its reads went (server/main.ts)
    await a.stop();
    await b.stop();
    const routed = { replica: 0, primaryLagging: 0, primaryFailed: 0 };
    for (const p of [a, b]) {
      const m = /\[db\] reads: (\d+) from the replica, (\d+) from the primary \(replica behind\), (\d+)/.exec(p.logs());
      if (!m) continue;
      routed.replica += Number(m[1]);
      routed.primaryLagging += Number(m[2]);
      routed.primaryFailed += Number(m[3]);
    }
    const side = (n: 1 | 2) => {
      const rs = rounds.filter((x) => x.processes === n);
      return {
        requestsPerSec: median(rs.map((x) => x.requestsPerSec)),
        roundsPerSec: rs.map((x) => x.requestsPerSec),
        p50Ms: median(rs.map((x) => x.p50Ms)),
        p99Ms: median(rs.map((x) => x.p99Ms)),
        creates: rs.reduce((s, x) => s + x.creates, 0),
        ships: rs.reduce((s, x) => s + x.ships, 0),
        staleReads: rs.reduce((s, x) => s + x.staleList + x.staleDetail, 0),
        failed: rs.reduce((s, x) => s + x.failed, 0),
      };
    };
    const one = side(1);
    const two = side(2);
    const ratios = rounds
      .filter((x) => x.processes === 2)
      .map((x, i) => x.requestsPerSec / rounds.filter((y) => y.processes === 1)[i].requestsPerSec);
    const stale = one.staleReads + two.staleReads;
    const failed = one.failed + two.failed;
    const met = stale === 0 && failed === 0;
    writeReport(
      {
        bench: 'scale',
        figures: {
          cpus: cpus().length,
          loadAverage1m,
          loadAverageAfter1m: Math.round(loadavg()[0] * 10) / 10,
          clients: CLIENTS,
          secondsPerRound: SECONDS,
          rounds: ROUNDS,
          mix: 'of 10 steps: 5 list orders, 2 open an order, 2 create (then list and open it at once, through the other process), 1 ship (quotes, then booking)',
          stack:
            'PgBouncer 1.18 transaction pooling (DATABASE_POOL_MODE=transaction), a streaming replica (DATABASE_REPLICA_URL), LISTEN direct, one worker',
          oneProcess: one,
          twoProcesses: two,
          twoOverOneMedianRatio: Math.round(median(ratios) * 100) / 100,
          staleReads: stale,
          orderScansOnReplica: replicaScans,
          orderScansOnPrimary: primaryScans,
          // the warm-up round included
          routedReads: routed,
          replicaShareOfRoutedReads:
            Math.round(
              (100 * routed.replica) / Math.max(1, routed.replica + routed.primaryLagging + routed.primaryFailed),
            ) / 100,
          replicaShareOfOrderScans: Math.round((100 * replicaScans) / Math.max(1, replicaScans + primaryScans)) / 100,
        },
        goal: 'no stale read after a write (a new order missing from the list or its page right after its create), no failed request',
        met,
      },
      [
        ['API processes', 'req/s (median)', 'p50 ms', 'p99 ms', 'created', 'shipped', 'stale reads', 'failed'],
        [1, one.requestsPerSec, one.p50Ms, one.p99Ms, one.creates, one.ships, one.staleReads, one.failed],
        [2, two.requestsPerSec, two.p50Ms, two.p99Ms, two.creates, two.ships, two.staleReads, two.failed],
      ],
    );
    return met;
  } finally {
    for (const p of started) await p.stop();
    await cluster.drop();
    await stopReplicaStack(stack);
  }
}

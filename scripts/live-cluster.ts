import { API_SIMULATION } from '../src/domain/simulation-contract';
import { pathOf } from '../src/domain/operation';
import { randomBytes } from 'node:crypto';
import { get } from 'node:http';
import pg from 'pg';
import type { SimulationOrder } from '../src/domain/live-events-contract';
import { API_SETUP } from '../src/domain/setup-contract';
import { API_WALLET } from '../src/domain/wallet-contract';
import { serverScript, startServerProcess, type ServerProcess } from './server-process';
import { SseReader } from './sse-reader';
import { API_AUTH } from '../src/domain/auth-contract';

// Dakiya as it runs on more than one machine, in child processes on one PostgreSQL database: API
// processes without workers, and a worker process. The multi-process test and the events
// benchmark share it.

export const STAFF_LOGIN = { email: 'ops@dakiya.in', password: 'Staff@123' };
export const MEERA_LOGIN = { email: 'meera@demo.dakiya.in', password: 'Seller@123' };
const FROM = { 'x-forwarded-for': '127.0.0.1' };
const READY = '/api/openapi.json';

export interface Cluster {
  url: string;
  /** a web process (WORKERS=off) on its own port; the first one migrated and seeded the database */
  api(port?: number, extra?: Record<string, string>): Promise<ServerProcess>;
  /** a worker process; `extra` sets more of its environment (a beat's period, …) */
  worker(extra?: Record<string, string>): Promise<ServerProcess>;
  sql<T>(text: string, values?: unknown[]): Promise<T[]>;
  /** a bare listener of a channel (the benchmark's witness of each commit) */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  drop(): Promise<void>;
}

export async function freshCluster(base: string): Promise<Cluster> {
  const name = `dakiya_live_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // its idle connections are cut when the database is dropped
  pool.on('error', () => {});
  const env = {
    DATABASE_URL: url.toString(),
    NODE_ENV: 'development',
    // nothing moves by itself: the test or benchmark drives every change
    SANDBOX_COURIER_TICK_S: '0',
    NDR_SWEEP_S: '0',
    DIST_DIR: '/nonexistent',
    // a job whose worker died is retried after 2 s rather than pg-boss's 15 minutes
    JOB_LEASE_S: '2',
  };
  const started: ServerProcess[] = [];
  const listeners: (() => Promise<void>)[] = [];
  return {
    url: url.toString(),
    async api(port, extra) {
      const p = await startServerProcess(
        serverScript('main'),
        { ...env, ...extra, WORKERS: 'off', PORT: String(port ?? '') },
        READY,
      );
      started.push(p);
      return p;
    },
    async worker(extra) {
      // no HTTP: ready once it says so
      const p = await startServerProcess(
        serverScript('worker'),
        { ...env, ...extra },
        '',
        60_000,
        'Dakiya worker is running',
      );
      started.push(p);
      return p;
    },
    async listen(channel, onPayload) {
      const client = new pg.Client({ connectionString: url.toString() });
      client.on('error', () => {});
      client.on('notification', (n) => n.payload && onPayload(n.payload));
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      const stop = () => client.end().catch(() => {});
      listeners.push(stop);
      return stop;
    },
    async sql(text, values) {
      return (await pool.query(text, values)).rows;
    },
    async drop() {
      for (const p of started) if (p.proc.exitCode === null) p.proc.kill('SIGKILL');
      for (const stop of listeners) await stop();
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export async function tokenOf(url: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(url + API_AUTH.login.path, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${who.email}:${who.password}`).toString('base64')}`, ...FROM },
  });
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

export async function call<T>(
  url: string,
  path: string,
  token: string,
  init: { method?: string; json?: unknown } = {},
) {
  const res = await fetch(url + path, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...FROM },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const body = (await res.json()) as { data: T; errorMessage?: string };
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${body.errorMessage}`);
  return body.data;
}

/** Meera's account ready to ship test orders: a verified pickup address and money in the wallet. */
export async function readySeller(cluster: Cluster, url: string, staff: string): Promise<{ accountId: number }> {
  const meera = await tokenOf(url, MEERA_LOGIN);
  const address = await call<{ addressId: number }>(url, API_SETUP.addresses.path, meera, {
    method: 'POST',
    json: {
      entityName: 'Meera Jaipur',
      phoneNumber: '9123456780',
      email: 'p@m.in',
      addressLine1: 'Johari Bazaar',
      pincode: '302003',
    },
  });
  const [row] = await cluster.sql<{ org_id: number }>(
    'update pickup_addresses set verified_at = now() where id = $1 returning org_id',
    [address.addressId],
  );
  await call(url, pathOf(API_WALLET.adjust, { orgId: row.org_id }), staff, {
    method: 'POST',
    json: { direction: 'CREDIT', amount: 500_000, reason: 'Float for live events', idempotencyKey: `float-${name()}` },
  });
  const [account] = await cluster.sql<{ id: number }>('select id from accounts where email = $1', [MEERA_LOGIN.email]);
  return { accountId: account.id };
}

const name = () => randomBytes(6).toString('hex');

export const testOrder = (url: string, staff: string, accountId: number) =>
  call<SimulationOrder>(url, API_SIMULATION.testOrder.path, staff, { method: 'POST', json: { accountId } });

export const step = (url: string, staff: string, orderId: number, s: string) =>
  call<SimulationOrder>(url, pathOf(API_SIMULATION.step, { orderId }), staff, { method: 'POST', json: { step: s } });

/** A stream of one order on one process, resuming after `lastEventId` when given (node:http: light enough for thousands). */
export function openStream(
  url: string,
  path: string,
  token: string | null,
  lastEventId?: string,
): Promise<SseReader & { abort(): void }> {
  const headers: Record<string, string> = { ...FROM, accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (lastEventId) headers['last-event-id'] = lastEventId;
  return new Promise((resolve, reject) => {
    const req = get(url + path, { headers, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`${path}: ${res.statusCode}`));
        return;
      }
      resolve(Object.assign(new SseReader(res), { abort: () => req.destroy() }));
    });
    req.on('error', reject);
  });
}

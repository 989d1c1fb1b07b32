import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { PGLITE_TEMPLATE } from './template-path';
import { copyOfTemplate, createTestDatabase, onServer, releaseCopy, withDatabase } from '../../scripts/pg-admin';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { buildDeps, stopDeps } from '../../server/bootstrap';
import { createApp } from '../../server/app';
import { seedReference } from '../../server/seeds/reference';
import type { AppDeps } from '../../server/deps';

/**
 * A fresh database per test file: PostgreSQL (a new database on DATABASE_URL's server) when
 * TEST_DB=postgres, else in-memory PGlite. The clock is controllable.
 */
export interface TestServer {
  deps: AppDeps;
  /** Send a request through the whole app, as a browser would (no socket). */
  request(path: string, init?: RequestInit & { json?: unknown; token?: string; cookie?: string }): Promise<Response>;
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

function pgTemplate(): string | undefined {
  try {
    return inject('pgTemplate');
  } catch {
    // outside vitest's server project (a script): no template
    return undefined;
  }
}

export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  // a copy of the run's migrated template (global-setup.ts) when there is one, dropped with it at
  // the run's end (copyOfTemplate says why)
  const template = pgTemplate();
  const name = template ? copyOfTemplate(template, suffix) : `dakiya_t_${suffix}`;
  await createTestDatabase(base, name, template);
  return {
    url: withDatabase(base, name),
    drop: template
      ? () => releaseCopy(base, name)
      : () => onServer(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A migrated database of the test's own (PostgreSQL with TEST_DB=postgres, else embedded); drop() after closing it. */
export async function freshTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const fresh = await freshPostgres();
    return { database: await openDatabase({ databaseUrl: fresh.url, poolSize: 5 }), drop: fresh.drop };
  }
  const template = existsSync(PGLITE_TEMPLATE) ? new Blob([readFileSync(PGLITE_TEMPLATE)]) : undefined;
  return { database: await openDatabase({ dataDir: null, loadDataDir: template }), drop: async () => {} };
}

export async function startTestServer(
  opts: { seed?: (deps: AppDeps) => Promise<void>; config?: Partial<Config> } = {},
): Promise<TestServer> {
  const clock = {
    now: new Date('2026-11-20T06:30:00.000Z'),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const { database, drop } = await freshTestDatabase();
  // the sandbox couriers run on the test's clock at courier speed and report only when a test asks
  const config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    publicUrl: 'http://dakiya.test',
    trustProxy: true,
    sandboxCourier: { speed: 1, tickSeconds: 0 },
    // NDR deadlines pass on the test's clock: tests run the job themselves
    ndrSweepSeconds: 0,
    ...opts.config,
  };
  // a carrier's job polls (1 + 2 + 4 + 8 s) pass at once: the stand-ins' own clocks say what is settled
  const deps = await buildDeps(config, database, {
    now: () => clock.now,
    wait: () => new Promise((resolve) => setImmediate(resolve)),
  });
  await seedReference(deps.db);
  await opts.seed?.(deps);
  const { app } = createApp(deps);
  // calls to the server's own public URL (the sandbox gateway) go straight into the app
  deps.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.startsWith(config.publicUrl)) return app.request(url.slice(config.publicUrl.length), init);
    return globalThis.fetch(input, init);
  };
  return {
    deps,
    clock,
    async request(path, init = {}) {
      const headers = new Headers(init.headers);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      if (init.token) headers.set('authorization', `Bearer ${init.token}`);
      if (init.cookie) headers.set('cookie', init.cookie);
      if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', '203.0.113.7');
      return app.request(path, { ...init, headers, body });
    },
    async close() {
      await stopDeps(deps);
      await database.close();
      await drop();
    },
  };
}

/**
 * The { data } of a development route's answer (the mailbox, the sandbox courier's controls: no
 * operation of the API, so no contract to type it), or a thrown error naming the status and
 * message. An operation's answer is read with answer() or answerOf() (./call.ts).
 */
export async function dataOf<T = unknown>(res: Response): Promise<T> {
  const body = (await res.json()) as { data?: T; errorMessage?: string };
  if (!res.ok) throw new Error(`${res.status} ${body.errorMessage}`);
  return body.data as T;
}

export async function errorOf(res: Response): Promise<{ status: number; message: string; header: string | null }> {
  const body = (await res.json()) as { errorMessage?: string };
  return { status: res.status, message: body.errorMessage ?? '', header: res.headers.get('x-error-message') };
}

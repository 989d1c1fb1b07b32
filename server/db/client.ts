import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema';
import { fencedReads, type ReadRouting } from './read-routing';

export type Schema = typeof schema;
/** One type for both drivers: services never know which one they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction on Db, for code that must run inside one (a savepoint nests through its `transaction`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a statement runs on: the database or a transaction in it. A Tx is a Db, so neither needs a cast. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** where read-only seller queries run: a caught-up replica when one is configured, else `db` */
  reads: ReadRouting;
  /** Run a multi-statement SQL text without parameters (jobs adapter, test setup). */
  exec(text: string): Promise<void>;
  /** One parameterised statement on the raw driver (the jobs adapter). */
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Hears NOTIFY on a channel: on PostgreSQL through one dedicated connection that reconnects
   * after an error (onReconnect then runs: what was sent meanwhile was missed), on PGlite in process.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  /** postgres://… switches to PostgreSQL; otherwise PGlite in dataDir (or in memory when dataDir is null). */
  databaseUrl?: string;
  dataDir?: string | null;
  /** a PGlite dump (from dumpDataDir) to start from instead of an empty database */
  loadDataDir?: Blob;
  poolSize?: number;
  /** LISTEN's own connection when databaseUrl is a pooler in transaction mode (LISTEN needs a session) */
  listenUrl?: string;
  /** 'transaction': databaseUrl is a pooler in transaction mode, so statements run unnamed */
  poolMode?: 'session' | 'transaction';
  /** a streaming replica of databaseUrl for read-only seller queries (db/read-routing.ts) */
  replicaUrl?: string;
}

const primaryOnly = (db: Db): ReadRouting => ({
  readDb: async () => db,
  stats: { replica: 0, primaryLagging: 0, primaryFailed: 0 },
});

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pg = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.default.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    const unnamed = opts.poolMode === 'transaction' ? (await import('./unnamed-statements')).sendUnnamed : null;
    let closing = false;
    // an idle connection the server drops (restart, failover, a dropped test database) must not
    // crash the process: the pool replaces it on the next query
    pool.on('error', (e) => {
      if (!closing) console.error('[db] idle connection lost:', e.message);
    });
    // a connection lost while it is checked out (a transaction open, a query running) emits its
    // 'error' on the client, where the pool listens only while it is idle: without a listener of
    // its own the process would exit. The query or transaction fails and the pool drops the client.
    pool.on('connect', (client) => {
      unnamed?.(client);
      client.on('error', (e) => {
        if (!closing) console.error('[db] connection lost:', e.message);
      });
    });
    const db = drizzle(pool, { schema }) as unknown as Db;
    // the replica is read directly (a standby takes no writes, so it needs no pooler's fairness)
    const replica = opts.replicaUrl
      ? await openDatabase({ databaseUrl: opts.replicaUrl, poolSize: opts.poolSize, poolMode: opts.poolMode })
      : null;
    return {
      db,
      kind: 'postgres',
      reads: replica ? fencedReads(db, replica.db) : primaryOnly(db),
      exec: async (text) => {
        await pool.query(text);
      },
      query: async (text, values) => {
        const r = await pool.query(text, values);
        return { rows: r.rows };
      },
      listen: async (channel, onPayload, onReconnect) => {
        const { listenWithReconnect } = await import('./listen');
        return listenWithReconnect(opts.listenUrl ?? opts.databaseUrl!, channel, onPayload, onReconnect);
      },
      close: async () => {
        closing = true;
        await replica?.close();
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  // pg_trgm: the order search's trigram index (migration 0056), as on PostgreSQL
  const client = await PGlite.create(opts.dataDir ?? undefined, {
    extensions: { pg_trgm },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    reads: primaryOnly(db),
    exec: async (text) => {
      await client.exec(text);
    },
    // PGlite's query() takes one statement; pg-boss sends multi-statement scripts without values
    query: async (text, values) => {
      if (values && values.length) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    await run(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  }
}

export async function ping(db: Db): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}

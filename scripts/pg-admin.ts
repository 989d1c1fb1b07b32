import pg from 'pg';
import { migrate, openDatabase } from '../server/db/client';
import { startJobQueue } from '../server/jobs/queue';

// Databases on a PostgreSQL server for test runs: made, copied and dropped through a connection
// of their own to the server's maintenance database.

/** Runs one statement on the PostgreSQL server at `url` through a connection of its own. */
export async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `url` pointing at another database on the same server. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A new database `name` on `url`'s server for one test run (a copy of `template` when given). Its
 * commits do not wait for the disk (synchronous_commit off): what a session sees is the same, only
 * a crash of the server itself could lose the last commits, and a test database is dropped anyway.
 * Otherwise every commit of a test waits for its WAL flush: 300 one-row commits took 7.7 s with it
 * and 3.7 s without on the shared test server.
 */
export async function createTestDatabase(url: string, name: string, template?: string): Promise<void> {
  await onServer(url, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await onServer(url, `ALTER DATABASE ${name} SET synchronous_commit TO off`);
}

/**
 * A database `name` on `url`'s server, migrated and with the jobs schema, to copy from
 * (`CREATE DATABASE … TEMPLATE name`); drop() removes it. One left by a killed run is replaced.
 */
export async function createMigratedTemplate(
  url: string,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const drop = () => onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await drop();
  await createTestDatabase(url, name);
  const templateUrl = withDatabase(url, name);
  const database = await openDatabase({ databaseUrl: templateUrl, poolSize: 1 });
  await migrate(database);
  await (await startJobQueue(database)).stop();
  await database.close();
  return { url: templateUrl, drop };
}

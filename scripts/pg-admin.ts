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
 * A database `name` on `url`'s server, migrated and with the jobs schema, to copy from
 * (`CREATE DATABASE … TEMPLATE name`); drop() removes it. One left by a killed run is replaced.
 */
export async function createMigratedTemplate(
  url: string,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const drop = () => onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await drop();
  await onServer(url, `CREATE DATABASE ${name}`);
  const templateUrl = withDatabase(url, name);
  const database = await openDatabase({ databaseUrl: templateUrl, poolSize: 1 });
  await migrate(database);
  await (await startJobQueue(database)).stop();
  await database.close();
  return { url: templateUrl, drop };
}

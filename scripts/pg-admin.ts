import pg from 'pg';

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
  const drop = () => dropWithCopies(url, name);
  await dropLeftOfEndedRuns(url, name);
  await drop();
  await createTestDatabase(url, name);
  const templateUrl = withDatabase(url, name);
  // the database layer and the whole server, imported only here: each browser-test file imports
  // this module for a copy of the template, and loading them cost it most of a second
  const [{ openDatabase }, { prepareDatabase }, { loadConfig }] = await Promise.all([
    import('../server/db/client'),
    import('../server/bootstrap'),
    import('../server/config'),
  ]);
  const database = await openDatabase({ databaseUrl: templateUrl, poolSize: 1 });
  await prepareDatabase(database, loadConfig({ NODE_ENV: 'test' }));
  await database.close();
  return { url: templateUrl, drop };
}

/**
 * A copy of template `template` for one test, named after it so that the run's end finds it. The
 * copy is not dropped when its test ends but with its template (dropWithCopies): PostgreSQL writes
 * a checkpoint and waits for it at every DROP DATABASE, which took 1.8–3.8 s while other tests were
 * writing and stalled their writes meanwhile, and costs little once the run has stopped writing.
 */
export const copyOfTemplate = (template: string, suffix: string) => `${template}_${suffix}`;

/** Ends a test's use of its copy: any session still open on it is closed, the copy itself stays until the run ends. */
export async function releaseCopy(url: string, name: string): Promise<void> {
  await onServer(
    url,
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
  );
}

/** The databases on the server at `url` whose names start with `prefix`. */
async function databasesNamed(url: string, prefix: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname`,
      [prefix],
    );
    return rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
}

/** Drops template `name` and every copy of it made for the run's tests. */
export async function dropWithCopies(url: string, name: string): Promise<void> {
  // eight at once: each DROP DATABASE waits for a checkpoint, and drops waiting together share it
  // (20 copies of the migrated template: 10.9 s one by one, 4.6 s ten at once)
  const copies = await databasesNamed(url, `${name}_`);
  const dropper = async () => {
    for (let copy = copies.shift(); copy; copy = copies.shift())
      await onServer(url, `DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
  };
  await Promise.all(Array.from({ length: DROPS_AT_ONCE }, dropper));
  await onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** Copies dropped at once at a run's end. */
const DROPS_AT_ONCE = 8;

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Templates `<family>_<pid>` (and their copies) of runs that were killed before their end, found by
 * a pid no longer running on this machine: a killed run would otherwise leave its copies behind.
 */
async function dropLeftOfEndedRuns(url: string, name: string): Promise<void> {
  const family = name.replace(/_\d+$/, '');
  if (family === name) return;
  const pattern = new RegExp(`^${family}_(\\d+)$`);
  for (const db of await databasesNamed(url, `${family}_`)) {
    const pid = Number(pattern.exec(db)?.[1]);
    if (pid && pid !== process.pid && !isRunning(pid)) await dropWithCopies(url, db);
  }
}

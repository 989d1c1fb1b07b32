import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, migrate } from '../../server/db/client';
import { PGLITE_TEMPLATE } from './template-path';
import { startJobQueue } from '../../server/jobs/queue';

/**
 * Creating a PGlite database costs ~4 s, loading a dump ~0.8 s: build one migrated template per
 * run and let every server test file start from a copy of it.
 */
export default async function setup() {
  if (process.env.TEST_DB === 'postgres') return;
  const database = await openDatabase({ dataDir: null });
  await migrate(database);
  // the jobs schema too, so no test file pays for creating it
  await (await startJobQueue(database)).stop();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('gzip');
  mkdirSync(dirname(PGLITE_TEMPLATE), { recursive: true });
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

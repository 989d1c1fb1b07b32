import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../server/db/client';
import { PGLITE_TEMPLATE } from './template-path';
import { prepareDatabase } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import { createMigratedTemplate } from '../../scripts/pg-admin';

/**
 * Creating a PGlite database costs ~4 s, loading a dump ~0.8 s: build one migrated template per
 * run and let every server test file start from a copy of it.
 */
export default async function setup(project: { provide: (key: 'pgTemplate', value: string) => void }) {
  if (process.env.TEST_DB === 'postgres') {
    // on PostgreSQL the same: one migrated database per run that each file's database copies
    const base = process.env.DATABASE_URL;
    if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
    const name = `dakiya_t_tpl_${process.pid}`;
    const template = await createMigratedTemplate(base, name);
    project.provide('pgTemplate', name);
    return template.drop;
  }
  const database = await openDatabase({ dataDir: null });
  // the jobs' schema and queues too, so no test file pays for creating them
  await prepareDatabase(database, loadConfig({ NODE_ENV: 'test' }));
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('gzip');
  mkdirSync(dirname(PGLITE_TEMPLATE), { recursive: true });
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { API_ORDERS } from '../../src/domain/orders-contract';
import { exportPath } from '../../src/domain/setup-contract';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { withoutName } from '../../server/db/unnamed-statements';
import { preparedRows, preparedStatement } from '../../server/db/prepared';
import { fencedReads, lsnValue, type ReadRouting, type WalProbes } from '../../server/db/read-routing';
import { freshPostgres, type TestServer } from './harness';
import { csvLines, demoTokens, newShippableOrder, startDemoServer, verifiedPickup } from './helpers';
import { answer } from './call';

const onPostgres = process.env.TEST_DB === 'postgres';

// The replica here is a second database with none of the seller's orders: a list that comes back
// empty was read there. Its replay position is the test's to set, so it lags on demand; the
// primary's position is the real one, moved by every write.
describe.runIf(onPostgres)('reads from a replica', () => {
  let s: TestServer;
  let replica: { database: Database; drop: () => Promise<void> };
  let meera: string;
  let pickupId: number;
  let replayed: () => Promise<string | null>;
  let routing: ReadRouting;
  const primaryLsn = async () =>
    (
      (await s.deps.db.execute(sql`select pg_current_wal_insert_lsn()::text as lsn`)) as unknown as {
        rows: { lsn: string }[];
      }
    ).rows[0].lsn;

  beforeAll(async () => {
    s = await startDemoServer();
    ({ meera } = await demoTokens(s));
    ({ pickupId } = await verifiedPickup(s, meera));
    const fresh = await freshPostgres();
    replica = { database: await openDatabase({ databaseUrl: fresh.url, poolSize: 2 }), drop: fresh.drop };
    const probes: WalProbes = { primaryLsn, replayedLsn: () => replayed() };
    routing = fencedReads(s.deps.db, replica.database.db, { probes, waitMs: 30, pollMs: 2 });
    // routes ask deps for the read database at each request
    s.deps.readDb = routing.readDb;
  });
  afterAll(async () => {
    await s?.close();
    await replica?.database.close();
    await replica?.drop();
  });

  const list = async () =>
    answer(s, API_ORDERS.orders, { query: { pageNumber: '0', recordsPerPage: '50' }, token: meera });

  it('sends the order list, its counts and its export to a replica that has replayed the primary', async () => {
    await newShippableOrder(s, meera, pickupId);
    // caught up: it has replayed everything the primary has written
    replayed = primaryLsn;
    const before = routing.stats.replica;
    expect((await list()).items).toEqual([]);
    const counts = await answer(s, API_ORDERS.counts, { token: meera });
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
    const csv = await csvLines(await s.request(exportPath(API_ORDERS.orders.path), { token: meera }));
    expect(csv).toHaveLength(1);
    expect(routing.stats.replica - before).toBe(3);
  });

  it('answers a seller their own write at once while the replica lags behind it', async () => {
    // the replica stops where the primary is now; the write moves the primary on
    const frozen = await primaryLsn();
    replayed = async () => frozen;
    const lagging = routing.stats.primaryLagging;
    const created = await newShippableOrder(s, meera, pickupId, { buyerName: 'Anjali Deshpande' });
    const rows = (await list()).items;
    expect(rows.map((r) => r.orderId)).toContain(created.orderId);
    expect(routing.stats.primaryLagging).toBe(lagging + 1);
  });

  it('reads the primary when the replica cannot be asked, and waits for one that catches up within the wait', async () => {
    replayed = () => Promise.reject(new Error('connection refused'));
    const failed = routing.stats.primaryFailed;
    expect((await list()).items.length).toBeGreaterThan(0);
    expect(routing.stats.primaryFailed).toBe(failed + 1);

    let asked = 0;
    // behind on the first two looks, then past anything the primary has written
    replayed = async () => (++asked > 2 ? 'FFFF/0' : '0/0');
    const served = routing.stats.replica;
    expect((await list()).items).toEqual([]);
    expect(routing.stats.replica).toBe(served + 1);
    expect(asked).toBe(3);
  });

  it('reads through the real standby function: a database that is not a standby never serves', async () => {
    const real = fencedReads(s.deps.db, replica.database.db, { waitMs: 10 });
    expect(await real.readDb()).toBe(s.deps.db);
    expect(real.stats.primaryLagging).toBe(1);
  });
});

describe.runIf(onPostgres)('pool in transaction mode', () => {
  let fresh: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    fresh = await freshPostgres();
  });
  afterAll(() => fresh.drop());

  const NAMED = preparedStatement('read_replica_test_sum', sql`select ${sql.placeholder('a')}::int + 1 as n`);
  const preparedOnConnection = async (poolMode: 'session' | 'transaction') => {
    // one connection, so the count below is asked where the statement ran
    const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 1, poolMode });
    try {
      const rows = await preparedRows<{ n: number }>(database.db, NAMED, { a: 41 });
      expect(rows[0].n).toBe(42);
      const inTx = await database.db.transaction((tx) => preparedRows<{ n: number }>(tx, NAMED, { a: 1 }));
      expect(inTx[0].n).toBe(2);
      const { rows: left } = await database.query('select count(*)::int as n from pg_prepared_statements');
      return (left[0] as { n: number }).n;
    } finally {
      await database.close();
    }
  };

  it('reads the primary when no replica is configured', async () => {
    const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 1 });
    try {
      expect(await database.reads.readDb()).toBe(database.db);
    } finally {
      await database.close();
    }
  });

  it('prepares named statements on their connection in session mode', async () => {
    expect(await preparedOnConnection('session')).toBe(1);
  });

  it('sends them unnamed in transaction mode, leaving nothing prepared on the server connection', async () => {
    expect(await preparedOnConnection('transaction')).toBe(0);
  });
});

describe('replica and pooler settings', () => {
  it('reads the replica, listen and pool mode from the environment', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@127.0.0.1:6432/d',
      DATABASE_REPLICA_URL: 'postgres://u@127.0.0.1:5433/d',
      DATABASE_LISTEN_URL: 'postgres://u@127.0.0.1:5432/d',
      DATABASE_POOL_MODE: 'transaction',
    });
    expect(config).toMatchObject({
      databaseReplicaUrl: 'postgres://u@127.0.0.1:5433/d',
      databaseListenUrl: 'postgres://u@127.0.0.1:5432/d',
      databasePoolMode: 'transaction',
    });
    expect(loadConfig({}).databasePoolMode).toBe('session');
    expect(loadConfig({}).databaseReplicaUrl).toBeUndefined();
  });

  it('drops only the name of a named statement', () => {
    expect(withoutName({ name: 'ledger_move_money', text: 'select $1', values: [1] })).toEqual({
      text: 'select $1',
      values: [1],
    });
    expect(withoutName('select 1')).toBe('select 1');
  });

  it('compares WAL positions across the 32-bit boundary', () => {
    expect(lsnValue('0/A000000')).toBe(0xa000000n);
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
    expect(lsnValue('16/B374D848') < lsnValue('16/B374D849')).toBe(true);
  });
});

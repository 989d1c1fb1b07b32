import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './server-process';

// PostgreSQL's own scaling machinery beside the local server, for the scale benchmark and by
// hand: a streaming replica (pg_basebackup -R into a temporary folder, its own port, hot standby)
// and PgBouncer in transaction pooling mode in front of the primary. Both run as the database's
// own system user (PostgreSQL refuses root). `stop` removes every trace but the pg_hba line.
//
//   node --import tsx scripts/pg-replica-stack.ts start   (prints the environment to use)
//   node --import tsx scripts/pg-replica-stack.ts stop

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const PGBOUNCER = process.env.PGBOUNCER ?? '/usr/sbin/pgbouncer';
const STATE_FILE = join(tmpdir(), 'dakiya-pg-replica-stack.json');
/** the line that lets a local pg_basebackup and standby connect for replication */
const HBA_REPLICATION = 'host replication all 127.0.0.1/32 trust';

export interface ReplicaStack {
  dir: string;
  /** the primary as given */
  primaryUrl: string;
  replicaPort: number;
  bouncerPort: number;
  /** the cluster's system user, who runs both */
  osUser: string;
}

/** The URLs of one database through the stack. */
export function stackUrls(stack: ReplicaStack, database: string) {
  const at = (port: number) => {
    const u = new URL(stack.primaryUrl);
    u.hostname = '127.0.0.1';
    u.port = String(port);
    u.pathname = `/${database}`;
    return u.toString();
  };
  const direct = new URL(stack.primaryUrl);
  direct.pathname = `/${database}`;
  return { primary: direct.toString(), replica: at(stack.replicaPort), bouncer: at(stack.bouncerPort) };
}

const asOsUser = (user: string, file: string, args: string[]) =>
  process.getuid?.() === 0 ? { file: 'runuser', args: ['-u', user, '--', file, ...args] } : { file, args };

function run(user: string, file: string, args: string[]) {
  const c = asOsUser(user, file, args);
  const r = spawnSync(c.file, c.args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${file} ${args.join(' ')}: ${r.stderr || r.stdout || r.error?.message}`);
  return r.stdout;
}

async function onPrimary<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/**
 * What the primary needs for a streaming replica: wal_level replica or logical, a free WAL
 * sender, and a pg_hba rule for replication connections from this machine. The last one is
 * added if missing (a reload, no restart); the others need a restart, so they are only reported.
 */
export async function checkPrimary(primaryUrl: string): Promise<{ osUser: string; found: string[] }> {
  return onPrimary(primaryUrl, async (c) => {
    const setting = async (name: string) =>
      (await c.query<{ v: string }>('select current_setting($1) as v', [name])).rows[0].v;
    const walLevel = await setting('wal_level');
    const senders = Number(await setting('max_wal_senders'));
    const hbaFile = await setting('hba_file');
    const dataDir = await setting('data_directory');
    const found = [`wal_level=${walLevel}`, `max_wal_senders=${senders}`];
    if (walLevel === 'minimal') throw new Error('wal_level is minimal: set it to replica and restart PostgreSQL');
    if (senders < 1) throw new Error('max_wal_senders is 0: set it above 0 and restart PostgreSQL');
    const rules = await c.query<{ n: number }>(
      `select count(*)::int as n from pg_hba_file_rules
        where 'replication' = any(database) and type in ('host', 'local') and error is null`,
    );
    if (rules.rows[0].n === 0) {
      writeFileSync(hbaFile, `${readFileSync(hbaFile, 'utf8').trimEnd()}\n${HBA_REPLICATION}\n`);
      await c.query('select pg_reload_conf()');
      found.push(`pg_hba had no replication rule: added "${HBA_REPLICATION}" to ${hbaFile} and reloaded`);
    } else found.push('pg_hba allows replication');
    const owner = execFileSync('stat', ['-c', '%U', dataDir], { encoding: 'utf8' }).trim();
    return { osUser: owner, found };
  });
}

/** Starts a streaming replica and PgBouncer (transaction mode) beside the primary at primaryUrl. */
export async function startReplicaStack(
  primaryUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  opts: { log?: (line: string) => void } = {},
): Promise<ReplicaStack> {
  const log = opts.log ?? (() => {});
  const { osUser, found } = await checkPrimary(primaryUrl);
  for (const f of found) log(`primary: ${f}`);
  const dir = mkdtempSync(join(tmpdir(), 'dakiya-pg-stack-'));
  const uid = Number(execFileSync('id', ['-u', osUser], { encoding: 'utf8' }));
  const gid = Number(execFileSync('id', ['-g', osUser], { encoding: 'utf8' }));
  chownSync(dir, uid, gid);
  const stack: ReplicaStack = {
    dir,
    primaryUrl,
    replicaPort: await freePort(),
    bouncerPort: await freePort(),
    osUser,
  };
  writeFileSync(STATE_FILE, JSON.stringify(stack));
  const primary = new URL(primaryUrl);
  const user = decodeURIComponent(primary.username || 'postgres');
  const data = join(dir, 'replica');
  try {
    // a copy of the primary that starts as a standby streaming from it (-R writes primary_conninfo)
    run(osUser, join(PG_BIN, 'pg_basebackup'), [
      '-h', primary.hostname, '-p', primary.port || '5432', '-U', user,
      '-D', data, '-R', '-X', 'stream', '-c', 'fast',
    ]); // prettier-ignore
    // Debian keeps the server's configuration outside its data folder: the standby gets its own
    writeAs(uid, gid, join(data, 'postgresql.conf'), [
      `port = ${stack.replicaPort}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'hot_standby = on',
      // a long report on the standby is not cancelled by the primary's vacuum
      'hot_standby_feedback = on',
      'max_connections = 100',
      'shared_buffers = 64MB',
      'fsync = off',
      '',
    ]);
    writeAs(uid, gid, join(data, 'pg_hba.conf'), ['host all all 127.0.0.1/32 trust', 'local all all trust', '']);
    writeAs(uid, gid, join(data, 'pg_ident.conf'), ['']);
    rmSync(join(data, 'postmaster.opts'), { force: true });
    run(osUser, join(PG_BIN, 'pg_ctl'), ['-D', data, '-l', join(dir, 'replica.log'), '-w', '-t', '60', 'start']);
    log(`replica: streaming on 127.0.0.1:${stack.replicaPort} (${data})`);

    writeAs(uid, gid, join(dir, 'userlist.txt'), [`"${user}" ""`, '']);
    writeAs(uid, gid, join(dir, 'pgbouncer.ini'), [
      '[databases]',
      // every database name goes to the primary under the same name
      `* = host=${primary.hostname} port=${primary.port || '5432'}`,
      '[pgbouncer]',
      `listen_addr = 127.0.0.1`,
      `listen_port = ${stack.bouncerPort}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 1000',
      'default_pool_size = 20',
      // pg's drivers send it at connect; PgBouncer forgets it between transactions
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      '',
    ]);
    run(osUser, PGBOUNCER, ['-d', join(dir, 'pgbouncer.ini')]);
    await waitFor(() => onPrimary(stackUrls(stack, 'postgres').bouncer, (c) => c.query('select 1')), 10_000);
    log(`pgbouncer: transaction pooling on 127.0.0.1:${stack.bouncerPort}`);
    await waitForReplay(stack);
  } catch (e) {
    await stopReplicaStack(stack);
    throw e;
  }
  return stack;
}

function writeAs(uid: number, gid: number, file: string, lines: string[]) {
  writeFileSync(file, lines.join('\n'));
  chownSync(file, uid, gid);
}

async function waitFor(probe: () => Promise<unknown>, ms: number) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await probe();
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Waits until the replica has replayed what the primary has written now. */
export async function waitForReplay(stack: ReplicaStack, ms = 120_000): Promise<void> {
  const urls = stackUrls(stack, 'postgres');
  const target = await onPrimary(
    urls.primary,
    async (c) => (await c.query<{ l: string }>('select pg_current_wal_insert_lsn()::text as l')).rows[0].l,
  );
  await waitFor(
    () =>
      onPrimary(urls.replica, async (c) => {
        const r = await c.query<{ ok: boolean; at: string | null }>(
          'select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok, pg_last_wal_replay_lsn()::text as at',
          [target],
        );
        if (!r.rows[0].ok) throw new Error(`the replica has replayed up to ${r.rows[0].at}, not yet ${target}`);
      }),
    ms,
  );
}

/** Stops PgBouncer and the replica and removes their folder. */
export async function stopReplicaStack(stack: ReplicaStack): Promise<void> {
  const pidFile = join(stack.dir, 'pgbouncer.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
  const data = join(stack.dir, 'replica');
  if (existsSync(join(data, 'postmaster.pid'))) {
    try {
      run(stack.osUser, join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch (e) {
      console.error((e as Error).message);
    }
  }
  rmSync(stack.dir, { recursive: true, force: true });
  if (existsSync(STATE_FILE) && JSON.parse(readFileSync(STATE_FILE, 'utf8')).dir === stack.dir) rmSync(STATE_FILE);
}

async function cli(command: string | undefined) {
  if (command === 'start') {
    if (existsSync(STATE_FILE)) throw new Error(`a stack is running (${STATE_FILE}): stop it first`);
    const stack = await startReplicaStack(undefined, { log: (l) => console.log(l) });
    const db = new URL(stack.primaryUrl).pathname.slice(1) || 'postgres';
    const urls = stackUrls(stack, db);
    console.log(`\nDATABASE_URL=${urls.bouncer}`);
    console.log('DATABASE_POOL_MODE=transaction');
    console.log(`DATABASE_LISTEN_URL=${urls.primary}`);
    console.log(`DATABASE_REPLICA_URL=${urls.replica}`);
  } else if (command === 'stop') {
    if (!existsSync(STATE_FILE)) return console.log('no stack is running');
    await stopReplicaStack(JSON.parse(readFileSync(STATE_FILE, 'utf8')) as ReplicaStack);
    console.log('stopped');
  } else {
    console.error('usage: node --import tsx scripts/pg-replica-stack.ts start|stop');
    process.exitCode = 2;
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  cli(process.argv[2]).catch((e) => {
    console.error((e as Error).message);
    process.exit(1);
  });

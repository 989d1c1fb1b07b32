import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from './config';
import { migrate, openDatabase, type Database } from './db/client';
import { serverSecrets } from './db/schema';
import type { AppDeps } from './deps';
import { Messenger, smtpTransport, type Transport } from './messaging/messenger';
import { msg91Transport } from './messaging/msg91/msg91-transport';
import { startJobQueue } from './jobs/queue';
import { registerWorkers } from './job-workers';
import { queuesOnly } from './jobs/queues-only';
import { ORDER_MOVED_HOOKS } from './app';
import { onOrderMoved } from './modules/order-status/moved';
import { buildPayments } from './payments/setup';
import { buildVerification } from './verification/setup';
import { buildEwayBills } from './eway-bills/setup';
import { LiveHub } from './modules/live/hub';
import { trackingCache } from './modules/tracking/tracking-cache';
import { systemResolver } from './outbound/destination';
import { buildCarriers } from './carriers/providers';
import { CourierCallMeter } from './carriers/call-meter';
import { courierInlet } from './modules/courier-inlet/inlet';
import { connectWhatsApp } from './modules/whatsapp/connect';

/**
 * Server keys survive restarts (kept in the database) so a restart neither logs everyone out
 * nor invalidates OTPs in flight. The first replica to start writes them; the rest read them.
 */
async function serverSecret(database: Database, name: string, fromEnv?: string): Promise<Uint8Array> {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const db = database.db;
  const fresh = randomBytes(48).toString('base64url');
  await db.insert(serverSecrets).values({ name, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return new TextEncoder().encode(row.value);
}

/** The primary (maybe behind a pooler), its replica and LISTEN's direct connection, as configured. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    replicaUrl: config.databaseReplicaUrl,
    listenUrl: config.databaseListenUrl,
    poolMode: config.databasePoolMode,
  });
}

export async function buildDeps(
  config: Config,
  database: Database,
  opts: { now?: () => Date; wait?: (ms: number) => Promise<void>; jobPollSeconds?: number } = {},
): Promise<AppDeps> {
  await migrate(database);
  onOrderMoved(ORDER_MOVED_HOOKS);
  const transports: Transport[] = [];
  if (config.smtpUrl) transports.push(await smtpTransport(config.smtpUrl, config.mailFrom));
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    readDb: database.reads.readDb,
    now: opts.now ?? (() => new Date()),
    wait: opts.wait ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    jwtKey: await serverSecret(database, 'jwt', process.env.JWT_SECRET),
    otpKey: await serverSecret(database, 'otp', process.env.OTP_SECRET),
    ratingKey: await serverSecret(database, 'rating'),
    messenger: new Messenger(
      database.db,
      transports,
      { templates: config.messaging.templates, dnd: config.messaging.dnd },
      opts.now,
    ),
    jobs: await startJobQueue(database, {
      pollingIntervalSeconds: opts.jobPollSeconds,
      leaseSeconds: config.jobLeaseSeconds,
      cron: config.workers,
    }),
    payments: undefined as never,
    verification: undefined as never,
    live: undefined as never,
    fetch: globalThis.fetch,
    resolveHost: systemResolver,
    carriers: buildCarriers(config),
    courierCalls: new CourierCallMeter(database.db),
    courierInlet: undefined as never,
    whatsapp: null,
    ewayBills: undefined as never,
  };
  // SMS through MSG91 exactly when its key is set (else the outbox); deps.fetch late, so tests route it
  if (config.messaging.msg91)
    deps.messenger.buyer.addTransport(msg91Transport(config.messaging.msg91, () => deps.fetch));
  deps.whatsapp = connectWhatsApp(deps);
  deps.courierCalls.start();
  for (const note of deps.carriers.notes) console.warn('[couriers]', note);
  deps.courierInlet = courierInlet(deps);
  // gateways call through deps.fetch late, so a test can route it
  deps.payments = buildPayments(
    config,
    process.env,
    new TextDecoder().decode(await serverSecret(database, 'sandbox-gateway')),
    (input, init) => deps.fetch(input, init),
  );
  deps.verification = buildVerification(process.env, (input, init) => deps.fetch(input, init));
  deps.ewayBills = buildEwayBills(
    process.env,
    (input, init) => deps.fetch(input, init),
    () => deps.now().getTime(),
  );
  const cache = trackingCache(deps);
  deps.live = new LiveHub(database, cache);
  await deps.live.start();
  cache.broadcast = (orderIds) => deps.live.broadcastForget(orderIds);
  // a web process behind a separate worker process (npm run worker) runs with WORKERS=off: it
  // makes the workers' queues and runs none of them
  await registerWorkers(config.workers ? deps : { ...deps, jobs: queuesOnly(deps.jobs) });
  return deps;
}

/**
 * What a first start makes in a database, with nothing run: its tables, the jobs' schema and every
 * queue the workers take (pg-boss gives each a table of its own), the server's secrets. The test
 * runs make their template databases with it, so no copy pays for them again.
 */
export async function prepareDatabase(database: Database, config: Config): Promise<void> {
  await stopDeps(await buildDeps({ ...config, workers: false }, database));
}

/**
 * Stops what buildDeps started: the event streams and their listening connection, the job queue
 * (a job in hand is left to pg-boss, which gives it to a worker once its lease expires) and the
 * courier call meter. The database stays open for its owner to close. Stopping twice is harmless.
 */
export async function stopDeps(deps: Pick<AppDeps, 'live' | 'jobs' | 'courierCalls'>): Promise<void> {
  await deps.live.stop();
  await deps.jobs.stop();
  await deps.courierCalls.stop();
}

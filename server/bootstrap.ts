import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from './config';
import { migrate, type Database } from './db/client';
import { serverSecrets } from './db/schema';
import type { AppDeps } from './deps';
import { Messenger, smtpTransport, type Transport } from './messaging/messenger';

/** The JWT key survives restarts (kept in the database) so a restart does not log everyone out. */
async function jwtKey(database: Database, fromEnv?: string): Promise<Uint8Array> {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const db = database.db;
  const fresh = randomBytes(48).toString('base64url');
  await db.insert(serverSecrets).values({ name: 'jwt', value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'jwt'));
  return new TextEncoder().encode(row.value);
}

export async function buildDeps(config: Config, database: Database, opts: { now?: () => Date } = {}): Promise<AppDeps> {
  await migrate(database);
  const transports: Transport[] = [];
  if (config.smtpUrl) transports.push(await smtpTransport(config.smtpUrl, config.mailFrom));
  return {
    config,
    database,
    db: database.db,
    now: opts.now ?? (() => new Date()),
    jwtKey: await jwtKey(database, process.env.JWT_SECRET),
    messenger: new Messenger(database.db, transports),
  };
}

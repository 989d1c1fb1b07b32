import { configProblems, loadConfig } from './config';
import { buildDeps, openConfiguredDatabase, stopDeps } from './bootstrap';
import { rideOutDatabaseOutages } from './jobs/outage-rejections';

// `npm run worker`: the background jobs alone (pg-boss workers), no HTTP. Run it beside web
// processes started with WORKERS=off. A job that dies with its process is retried by pg-boss
// once its lease expires; every handler is idempotent (docs/scaling.md).

async function main() {
  rideOutDatabaseOutages();
  const config = { ...loadConfig(), workers: true };
  const problems = configProblems(config);
  if (problems.length) {
    for (const p of problems) console.error(`[dakiya] ${p}`);
    process.exit(1);
  }
  const database = await openConfiguredDatabase(config);
  const deps = await buildDeps(config, database);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stopDeps(deps);
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // printed only once a stop is handled: whoever waits for this line may stop the worker at once
  console.log(
    `Dakiya worker is running (database: ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

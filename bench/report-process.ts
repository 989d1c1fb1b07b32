import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import type { AppDeps } from '../server/deps';
import { generateReport } from '../server/modules/reports/generate';

// One report generated in a process of its own, as a worker would make it, so the benchmark
// measures that process's resident memory alone: node bench/report-process.ts <db url> <request id> <dir>.
// Prints { ms, peakRssMb } as JSON.

const [url, requestId, dir] = process.argv.slice(2);
let peak = 0;
const sample = () => {
  peak = Math.max(peak, process.memoryUsage().rss);
};
const timer = setInterval(sample, 20);
const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
const deps = {
  config: { ...loadConfig({ NODE_ENV: 'test' }), reportsDir: dir },
  database,
  db: database.db,
  readDb: database.reads.readDb,
  now: () => new Date(),
} as unknown as AppDeps;
const t = performance.now();
await generateReport(deps, Number(requestId));
const ms = performance.now() - t;
sample();
clearInterval(timer);
await database.close();
console.log(JSON.stringify({ ms, peakRssMb: peak / 2 ** 20 }));

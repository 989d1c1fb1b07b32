import { join } from 'node:path';
import { load, startProcess, tempDir, writeReport } from './lib';

// GET /api/v1/app-config on the product server beside a raw node:http hello-world, one after
// the other under the same load generator, in one run.

export async function run(): Promise<boolean> {
  const data = tempDir('dakiya-bench-');
  const product = await startProcess(
    'server/main.ts',
    { DATA_DIR: join(data.path, 'pglite'), DIST_DIR: join(data.path, 'no-dist') },
    '/api/v1/app-config',
  );
  const raw = await startProcess('bench/servers/raw-http.ts', {}, '/');
  try {
    const productResult = await load(`${product.url}/api/v1/app-config`);
    const rawResult = await load(`${raw.url}/`);
    const ratio = Number((productResult.requestsPerSec / rawResult.requestsPerSec).toFixed(3));
    const met = ratio >= 0.6 && productResult.errors === 0 && productResult.non2xx === 0;
    writeReport(
      {
        bench: 'http',
        figures: { product: productResult, raw: rawResult, ratio },
        goal: 'GET /api/v1/app-config at least 0.6 of raw node:http requests/s',
        met,
      },
      [
        ['server', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx'],
        [
          'Dakiya GET /api/v1/app-config',
          productResult.requestsPerSec,
          productResult.p50Ms,
          productResult.p99Ms,
          productResult.errors,
          productResult.non2xx,
        ],
        [
          'raw node:http hello-world',
          rawResult.requestsPerSec,
          rawResult.p50Ms,
          rawResult.p99Ms,
          rawResult.errors,
          rawResult.non2xx,
        ],
        ['ratio', ratio, '', '', '', ''],
      ],
    );
    return met;
  } finally {
    await product.stop();
    await raw.stop();
    data.remove();
  }
}

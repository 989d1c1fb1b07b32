import { join } from 'node:path';
import { loadSideBySide, productServer, startProcess, tempDir, writeReport } from './lib';

// GET /api/v1/app-config on the product server beside a raw node:http hello-world, interleaved
// over several rounds under the same load generator in one run; the goal is on the median of
// the rounds' ratios, so a change in the shared machine's load during the run skews neither side.

const ROUNDS = 5;

export async function run(): Promise<boolean> {
  const data = tempDir('dakiya-bench-');
  const product = await startProcess(
    productServer(),
    { DATA_DIR: join(data.path, 'pglite'), DIST_DIR: join(data.path, 'no-dist') },
    '/api/v1/app-config',
  );
  const raw = await startProcess('bench/servers/raw-http.ts', {}, '/');
  try {
    const measured = await loadSideBySide(
      { product: `${product.url}/api/v1/app-config`, raw: `${raw.url}/` },
      { rounds: ROUNDS },
    );
    const { product: productResult, raw: rawResult } = measured.sides;
    const ratio = measured.ratio('product', 'raw');
    const met = ratio >= 0.6 && productResult.errors === 0 && productResult.non2xx === 0;
    writeReport(
      {
        bench: 'http',
        figures: {
          rounds: measured.rounds,
          product: productResult,
          raw: rawResult,
          ratio,
          loadAverage: measured.loadAverage,
        },
        goal: 'GET /api/v1/app-config at least 0.6 of raw node:http requests/s (median of interleaved rounds)',
        met,
      },
      [
        ['server', 'req/s (median)', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'rounds req/s'],
        [
          'Dakiya GET /api/v1/app-config',
          productResult.requestsPerSec,
          productResult.p50Ms,
          productResult.p99Ms,
          productResult.errors,
          productResult.non2xx,
          productResult.roundsPerSec.join(' '),
        ],
        [
          'raw node:http hello-world',
          rawResult.requestsPerSec,
          rawResult.p50Ms,
          rawResult.p99Ms,
          rawResult.errors,
          rawResult.non2xx,
          rawResult.roundsPerSec.join(' '),
        ],
        [`ratio (median of ${measured.rounds} rounds)`, ratio, '', '', '', '', ''],
        [
          'load average (1 min) before, after',
          `${measured.loadAverage.before}, ${measured.loadAverage.after}`,
          '',
          '',
          '',
          '',
          '',
        ],
      ],
    );
    return met;
  } finally {
    await product.stop();
    await raw.stop();
    data.remove();
  }
}

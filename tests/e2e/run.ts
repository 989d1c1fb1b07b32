import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './support';

// Runs every tests/e2e/*.e2e.ts with node's test runner, one file at a time (each starts its own
// server and browser). Needs the built SPA (npm run build) and Debian's Chromium.

const only = process.argv.slice(2);
const files = readdirSync(join(ROOT, 'tests/e2e'))
  .filter((f) => f.endsWith('.e2e.ts') && (!only.length || only.some((o) => f.includes(o))))
  .sort()
  .map((f) => join('tests/e2e', f));
const r = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files],
  {
    cwd: ROOT,
    stdio: 'inherit',
  },
);
process.exit(r.status ?? 1);

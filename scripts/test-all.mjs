#!/usr/bin/env node
// `npm test`: every suite, in order, each as its own step. Prints a closing line
// "N passed, N failed" counting steps, and exits non-zero when any step fails.
import { spawnSync } from 'node:child_process';

const env = { ...process.env };
const steps = [
  ['lint (ESLint: boundaries, cycles, hooks, file names; Prettier)', 'npm', ['run', '-s', 'lint']],
  ['typecheck (browser and server projects)', 'npm', ['run', '-s', 'typecheck']],
  ['OpenAPI lint (Redocly, recommended rules)', 'node', ['--import', 'tsx', 'scripts/lint-openapi.ts']],
  ['unit, machines, ui and server (PGlite)', 'npx', ['vitest', 'run']],
];
if (env.DATABASE_URL) {
  steps.push(['server on PostgreSQL', 'npx', ['vitest', 'run', 'tests/server'], { TEST_DB: 'postgres' }]);
}
steps.push(['build', 'npx', ['vite', 'build']]);
steps.push(['seller app entry size (gzipped, at most 120 KB)', 'node', ['scripts/check-entry-size.mjs']]);
steps.push(['end-to-end (Chromium)', 'node', ['--import', 'tsx', 'tests/e2e/run.ts']]);

let passed = 0;
let failed = 0;
for (const [name, cmd, args, extra] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...(extra ?? {}) } });
  const ok = r.status === 0;
  console.log(
    `=== ${name}: ${ok ? 'ok' : `FAILED (exit ${r.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`,
  );
  if (ok) passed++;
  else failed++;
}
console.log(`\nsteps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

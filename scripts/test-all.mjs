#!/usr/bin/env node
// `npm test`: every suite, in order, each as its own step. Prints a closing line
// "N passed, N failed" counting steps, and exits non-zero when any step fails.
// A failed step's last lines are printed again at the very end, so a log that is
// read from its tail still says what failed.
import { spawn } from 'node:child_process';

const env = { ...process.env };
// The checks that read the source run side by side (each is one process on one core, the two
// typecheck projects apart so that the cores share out the work evenly); their output is printed
// step by step once all have ended. The typecheck is TypeScript's native compiler, one thread
// each: beside the lint its own threads would only contend for the same two cores.
const TSC = 'node_modules/typescript-7/bin/tsc';
const steps = [
  [
    // ESLint and Prettier apart (`npm run lint` runs one after the other): together they ran alone
    // on one core for the group's last minute, apart the group takes a quarter less
    ['lint (ESLint: boundaries, hooks, file names)', 'npx', ['eslint', '.']],
    ['format (Prettier)', 'npx', ['prettier', '--check', '.']],
    ['typecheck (browser project)', 'node', [TSC, '-p', 'tsconfig.app.json', '--singleThreaded']],
    ['typecheck (server project)', 'node', [TSC, '-p', 'tsconfig.server.json', '--singleThreaded']],
    ['OpenAPI lint (Redocly, recommended rules)', 'node', ['--import', 'tsx', 'scripts/lint-openapi.ts']],
  ],
];
// the whole production build, as `npm start` makes it, before the tests that start servers: the
// browser tests run what ships (the prerendered lookup page, the tracking page's server render, the
// compressed assets), and every test that starts the server in a process of its own starts its
// bundle (SERVER_BUILT: plain node, a third of tsx's processor time a start)
steps.push(['build (as npm start builds)', 'npm', ['run', '-s', 'build']]);
steps.push([
  'seller app and tracking page entry size (gzipped, at most 120 KB each)',
  'node',
  ['scripts/check-entry-size.mjs'],
]);
// With a PostgreSQL server the server tests run on it only; without one, on embedded PGlite
// (which `npm start` and the end-to-end tests use either way).
if (env.DATABASE_URL) {
  steps.push(['unit, machines, ui and scripts', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'ui']]);
  // three files at once on two cores: a server test waits on PostgreSQL for a good part of its
  // time, and with two at once the cores were found idle a third of the time (with three, a tenth)
  steps.push([
    'server on PostgreSQL',
    'npx',
    ['vitest', 'run', '--project', 'server', '--maxWorkers=3'],
    { TEST_DB: 'postgres', SERVER_BUILT: '1' },
  ]);
} else {
  steps.push(['unit, machines, ui and server (PGlite)', 'npx', ['vitest', 'run'], { SERVER_BUILT: '1' }]);
}
// the build above made the server's bundle too: the browser tests' runner need not make it again
steps.push(['end-to-end (Chromium)', 'node', ['--import', 'tsx', 'tests/e2e/run.ts'], { SERVER_BUILT: '1' }]);

const TAIL_LINES = 80;
// a browser test's timeout prints no "Error:": Playwright's message names the wait, its call log
// what it was waiting for (and what stood in the way of a click)
const FAILURE_LINE =
  /FAIL|✖|×|AssertionError|Error:|failed|not ok|timed out|Timeout \d+ms exceeded|waiting for |intercepts pointer events/;

/** Runs one step, echoing its output, and keeps its last lines and its failure lines. */
function run(cmd, args, extra, echo = true) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['inherit', 'pipe', 'pipe'], env: { ...env, ...(extra ?? {}) } });
    const tail = [];
    const failures = [];
    let partial = '';
    const buffered = [];
    const take = (chunk, out) => {
      if (echo) out.write(chunk);
      else buffered.push(chunk);
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        tail.push(line);
        if (tail.length > TAIL_LINES) tail.shift();
        if (FAILURE_LINE.test(line) && failures.length < 60) failures.push(line);
      }
    };
    child.stdout.on('data', (c) => take(c, process.stdout));
    child.stderr.on('data', (c) => take(c, process.stderr));
    const started = Date.now();
    child.on('close', (code) =>
      resolve({
        ok: code === 0,
        code,
        tail,
        failures,
        output: Buffer.concat(buffered),
        seconds: (Date.now() - started) / 1000,
      }),
    );
  });
}

let passed = 0;
const failedSteps = [];
const report = (name, r, seconds) => {
  console.log(`=== ${name}: ${r.ok ? 'ok' : `FAILED (exit ${r.code})`} in ${seconds.toFixed(1)} s ===`);
  if (r.ok) passed++;
  else failedSteps.push({ name, ...r });
};
for (const step of steps) {
  const started = Date.now();
  if (Array.isArray(step[0])) {
    console.log(`\n=== side by side: ${step.map(([name]) => name).join('; ')} ===`);
    const results = await Promise.all(step.map(([, cmd, args, extra]) => run(cmd, args, extra, false)));
    step.forEach(([name], i) => {
      console.log(`\n=== ${name} ===`);
      process.stdout.write(results[i].output);
      // each one's own time; the group took as long as its slowest
      report(name, results[i], results[i].seconds);
    });
    console.log(`=== side by side, all: ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
    continue;
  }
  const [name, cmd, args, extra] = step;
  console.log(`\n=== ${name} ===`);
  report(name, await run(cmd, args, extra), (Date.now() - started) / 1000);
}
for (const step of failedSteps) {
  console.log(`\n##### FAILED: ${step.name} (exit ${step.code})`);
  console.log('--- lines that name a failure:');
  console.log(step.failures.join('\n'));
  console.log('--- last lines:');
  console.log(step.tail.join('\n'));
}
console.log(
  `\nsteps: ${passed} passed, ${failedSteps.length} failed${failedSteps.map((s) => `\n  failed: ${s.name}`).join('')}`,
);
process.exit(failedSteps.length ? 1 : 0);

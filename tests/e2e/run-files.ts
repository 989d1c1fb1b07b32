import { spawn } from 'node:child_process';
import { ROOT } from '../../scripts/server-process';

// The browser-test files, each in a node test runner process of its own, `lanes` at a time, in the
// order given (node's own runner would sort the files by name, so the longest could start last and
// run alone at the end). A file's report is printed whole when it ends, with its time, so two
// lanes' lines never interleave.

interface FileResult {
  file: string;
  ok: boolean;
  seconds: number;
  passed: number;
  failed: number;
}

const count = (output: string, what: string) => Number(new RegExp(`^ℹ ${what} (\\d+)`, 'm').exec(output)?.[1] ?? 0);

function runFile(file: string): Promise<FileResult> {
  const started = Date.now();
  const args = [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=spec',
    // E2E_NAME_PATTERN: only the tests whose name matches (one flow of a long file)
    ...(process.env.E2E_NAME_PATTERN ? [`--test-name-pattern=${process.env.E2E_NAME_PATTERN}`] : []),
    file,
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.on('close', (code) => {
      const output = Buffer.concat(chunks).toString();
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(`\n# ${file}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)} s\n`);
      process.stdout.write(output);
      resolve({ file, ok: code === 0, seconds, passed: count(output, 'pass'), failed: count(output, 'fail') });
    });
  });
}

/** Runs the files `lanes` at a time; answers the files that failed. */
export async function runFiles(files: readonly string[], lanes: number): Promise<string[]> {
  const queue = [...files];
  const results: FileResult[] = [];
  const lane = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) results.push(await runFile(file));
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.filter((r) => !r.ok);
  const slowest = [...results].sort((a, b) => b.seconds - a.seconds).slice(0, 8);
  console.log(
    `\n# files: ${results.length - failed.length} of ${results.length} passed; tests: ${passed} passed, ${results.reduce((n, r) => n + r.failed, 0)} failed`,
  );
  console.log(
    `# slowest files: ${slowest.map((r) => `${r.file.replace('tests/e2e/', '')} ${r.seconds.toFixed(0)} s`).join(', ')}`,
  );
  for (const r of failed) console.log(`# failed: ${r.file}`);
  return failed.map((r) => r.file);
}

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApiDocument, ROOT } from './openapi-document';

// `npm test`: Redocly's lint (recommended rules, redocly.yaml) of the OpenAPI document built from the
// route table. Fails on any error or warning, and prints each.

const dir = mkdtempSync(join(tmpdir(), 'dakiya-openapi-'));
try {
  const doc = join(dir, 'openapi.json');
  const report = join(dir, 'lint.json');
  writeFileSync(doc, JSON.stringify(openApiDocument(), null, 2));
  const r = spawnSync(
    join(ROOT, 'node_modules/.bin/redocly'),
    ['lint', doc, '--config', join(ROOT, 'redocly.yaml'), '--format', 'json', '--max-problems', '1000'],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  );
  writeFileSync(report, r.stdout);
  let problems: { ruleId: string; severity: string; message: string }[];
  try {
    problems = (JSON.parse(readFileSync(report, 'utf8')) as { problems: typeof problems }).problems;
  } catch {
    console.error(r.stdout, r.stderr);
    throw new Error('Redocly gave no report');
  }
  for (const p of problems) console.log(`${p.severity} ${p.ruleId}: ${p.message}`);
  const operations = Object.values((openApiDocument() as { paths: Record<string, object> }).paths).reduce(
    (n, ops) => n + Object.keys(ops).length,
    0,
  );
  console.log(
    `OpenAPI lint (Redocly, recommended): ${operations} operations, ${problems.filter((p) => p.severity === 'error').length} errors, ${problems.filter((p) => p.severity === 'warn').length} warnings`,
  );
  process.exitCode = problems.length || r.status ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

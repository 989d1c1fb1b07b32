import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApiDocument, ROOT } from './openapi-document';
import { sellerApiDocument } from '../server/modules/open-api/seller-api';

// `npm test`: Redocly's lint (recommended rules, redocly.yaml) of the OpenAPI documents built from
// the route table: the app's (/api/openapi.json) and the seller API's (/api/v1/openapi.json).
// Fails on any error or warning, and prints each.

function lint(name: string, document: Record<string, unknown>): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'dakiya-openapi-'));
  try {
    const doc = join(dir, 'openapi.json');
    const report = join(dir, 'lint.json');
    writeFileSync(doc, JSON.stringify(document, null, 2));
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
    const operations = Object.values((document as { paths: Record<string, object> }).paths).reduce(
      (n, ops) => n + Object.keys(ops).length,
      0,
    );
    console.log(
      `OpenAPI lint of the ${name} (Redocly, recommended): ${operations} operations, ${problems.filter((p) => p.severity === 'error').length} errors, ${problems.filter((p) => p.severity === 'warn').length} warnings`,
    );
    return !problems.length && !r.status;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const app = openApiDocument();
const results = [lint('app’s document', app), lint('seller API’s document', sellerApiDocument(app))];
process.exitCode = results.every(Boolean) ? 0 : 1;

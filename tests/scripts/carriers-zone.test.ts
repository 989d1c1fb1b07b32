import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Courier adapters and the sandbox reach the product only through deps.courierInlet: nothing under
// server/carriers imports server/modules. The lint zone says so (eslint.config.js); this checks the
// rule fires and that every file there holds to it, by its imports as written.

const root = join(import.meta.dirname, '../..');
const CARRIERS = join(root, 'server/carriers');
const MODULES = join(root, 'server/modules');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(e.name) ? [path] : [];
  });
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

describe('the carriers zone', () => {
  it('no file under server/carriers imports a product module', () => {
    const offending: string[] = [];
    const files = sources(CARRIERS);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const spec = m[1] ?? m[2];
        if (!spec.startsWith('.')) continue;
        const target = resolve(dirname(file), spec);
        if (target === MODULES || target.startsWith(MODULES + '/')) offending.push(`${relative(root, file)} → ${spec}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('the lint rule refuses such an import and passes server/carriers as it is', async () => {
    const eslint = new ESLint({ cwd: root });
    const [probe] = await eslint.lintText(
      "import { ingestScans } from '../../modules/courier-inlet/ingest';\nexport const ingest = ingestScans;\n",
      { filePath: join(root, 'server/carriers/sandbox/zone-probe.ts') },
    );
    expect(probe.messages.map((m) => m.ruleId)).toContain('import-x/no-restricted-paths');
    const results = await eslint.lintFiles(['server/carriers/**/*.ts']);
    const zone = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => `${r.filePath}: ${m.message}`),
    );
    expect(zone).toEqual([]);
    expect(results.length).toBeGreaterThan(10);
  }, 60_000);
});

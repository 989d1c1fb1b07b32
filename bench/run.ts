import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib';

// `npm run bench` runs every bench/<name>.bench.ts; `npm run bench -- <name>` runs one.

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const all = readdirSync(join(ROOT, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace('.bench.ts', ''))
  .sort();
const unknown = wanted.filter((w) => !all.includes(w));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; available: ${all.join(', ')}`);
  process.exit(2);
}
let failed = 0;
for (const name of wanted.length ? wanted : all) {
  const mod = (await import(pathToFileURL(join(ROOT, 'bench', `${name}.bench.ts`)).href)) as {
    run: () => Promise<boolean>;
  };
  if (!(await mod.run())) failed++;
}
process.exit(failed ? 1 : 0);

import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildModel, coverage, describePath, type MachineModel } from '../tests/machines/model-harness';

// `npm run test:paths`: the generated test paths of every machine, readable, for QA.

const dir = resolve(import.meta.dirname, '../tests/machines/models');
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.model.ts'))
  .sort()) {
  const { model } = (await import(pathToFileURL(join(dir, file)).href)) as { model: MachineModel };
  const { paths } = buildModel(model.machine, model.options);
  const cov = coverage(model.machine, paths);
  const nStates = cov.states.reached.length + cov.states.missing.length;
  const nEdges = cov.transitions.reached.length + cov.transitions.missing.length;
  console.log(
    `\n## ${model.name}: ${paths.length} paths; states ${cov.states.reached.length}/${nStates}; transitions ${cov.transitions.reached.length}/${nEdges}`,
  );
  paths.forEach((p, i) => console.log(`${String(i + 1).padStart(3)}. ${describePath(p)}`));
}

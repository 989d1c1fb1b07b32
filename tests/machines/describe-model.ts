import { describe, it } from 'vitest';
import { assertFullCoverage, buildModel, coverage, describePath, replayPath, type MachineModel } from './model-harness';

/**
 * The standard model-based suite for one machine: a coverage test (every state and transition,
 * printed) and one replay test per generated path. `check` may assert more after every step.
 */
export function describeModel(model: MachineModel, check?: (actual: any, expected: any) => void, more?: () => void) {
  describe(`${model.name} machine (model-based)`, () => {
    const { paths } = buildModel(model.machine, model.options);
    it('reaches every state and transition', () => {
      assertFullCoverage(model.name, coverage(model.machine, paths));
    });
    for (const path of paths) {
      it(`path: ${describePath(path)}`, async () => {
        await replayPath(model.machine, path, { ...model.options, check });
      });
    }
    more?.();
  });
}

import { describe, it } from 'vitest';
import { assertFullCoverage, buildModel, coverage, describePath, replayPath, type MachineModel } from './model-harness';

/**
 * The standard model-based suite for one machine: a coverage test (every state and transition,
 * printed) and one replay test per generated path. `check` may assert more after every step.
 */
export function describeModel(model: MachineModel, check?: (actual: any, expected: any) => void, more?: () => void) {
  describe(`${model.name} machine (model-based)`, () => {
    const runs = [model.options, ...(model.alsoFrom ?? []).map((input) => ({ ...model.options, input }))].flatMap(
      (options) => buildModel(model.machine, options).paths.map((path) => ({ path, options })),
    );
    it('reaches every state and transition', () => {
      assertFullCoverage(
        model.name,
        coverage(
          model.machine,
          runs.map((r) => r.path),
        ),
      );
    });
    for (const { path, options } of runs) {
      it(`path: ${describePath(path)}`, async () => {
        await replayPath(model.machine, path, { ...options, check });
      });
    }
    more?.();
  });
}

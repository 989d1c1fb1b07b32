import { BaseSequencer } from 'vitest/node';

// Vitest starts the files it has timed longest first, but on a fresh clone it has timed none and
// starts the largest first: the input fuzz, two files of four lines that each take over a minute,
// then started last and ran on alone at the end of the step. These files, measured the longest of
// their step, start first whatever vitest knows; the rest keep vitest's own order.
// (JavaScript, as the config's other scripts: the config imports it by its full name.)
const LONGEST_FIRST = [
  'tests/server/input-fuzz-1.test.ts',
  'tests/server/input-fuzz-2.test.ts',
  'tests/server/faults-booking.test.ts',
  'tests/server/live-processes.test.ts',
  'tests/server/faults-beat.test.ts',
  'tests/server/faults-db-cut.test.ts',
];

/** @param {import('vitest/node').TestSpecification} spec */
const rank = (spec) => {
  const i = LONGEST_FIRST.findIndex((f) => spec.moduleId.endsWith(`/${f}`));
  return i < 0 ? LONGEST_FIRST.length : i;
};

export class LongestFirstSequencer extends BaseSequencer {
  /** @param {import('vitest/node').TestSpecification[]} files */
  async sort(files) {
    // vitest runs one project after another: the named files go first within their own project.
    // Array.prototype.sort is stable, so what vitest put in order stays in order behind them.
    /** @type {Map<string, import('vitest/node').TestSpecification[]>} */
    const byProject = new Map();
    for (const spec of await super.sort(files)) {
      const specs = byProject.get(spec.project.name);
      if (specs) specs.push(spec);
      else byProject.set(spec.project.name, [spec]);
    }
    return [...byProject.values()].flatMap((specs) => specs.sort((a, b) => rank(a) - rank(b)));
  }
}

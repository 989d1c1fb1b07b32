import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cycleThrough, cyclicGroups, fileGraph, namesTypesOnly, type Graph } from './module-graph';

// No file imports itself back through value imports, anywhere in the project (docs/architecture.md):
// a module evaluated halfway through its own import sees the other's bindings before they are set.
// Read from the source, as the server's folder graph is; a failure prints one cycle of each group.

const cycles = (g: Graph) => cyclicGroups(g).map((group) => cycleThrough(g, group[0], group).join('\n  -> '));

describe('the file graph of value imports', () => {
  it('reads every folder of the project and the imports of its files', () => {
    const graph = fileGraph();
    expect(graph.size).toBeGreaterThan(1000);
    // known edges, so a broken reader cannot pass by finding nothing
    expect(graph.get('server/main.ts')?.has('server/bootstrap.ts')).toBe(true);
    expect(graph.get('vite.config.ts')).toBeUndefined();
    expect(graph.get('tests/e2e/support.ts')?.has('scripts/server-process.ts')).toBe(true);
    expect(graph.get('scripts/screen-chunks-plugin.mjs')?.has('scripts/route-chunks-plugin.mjs')).toBe(true);
  });

  it('has no cycle', () => {
    expect(cycles(fileGraph())).toEqual([]);
  });

  describe('on files written for it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dakiya-cycles-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (files: Record<string, string>) => {
      const at = mkdtempSync(join(dir, 'case-'));
      for (const [name, code] of Object.entries(files)) {
        mkdirSync(join(at, name, '..'), { recursive: true });
        writeFileSync(join(at, name), code);
      }
      return fileGraph([at], at);
    };

    it('finds a cycle of value imports, of re-exports, of a dynamic import and of a bare import', () => {
      expect(cycles(write({ 'a.ts': "import { b } from './b';", 'b.ts': "import { a } from './a.js';" }))).toEqual([
        'a.ts  (a.ts)\n  -> b.ts  (b.ts)\n  -> a.ts',
      ]);
      expect(cycles(write({ 'a.ts': "export * from './b';", 'b/index.ts': "export { a } from '../a';" }))).toHaveLength(
        1,
      );
      expect(cycles(write({ 'a.tsx': "const b = () => import('./b');", 'b.ts': "import '../x/../a';" }))).toHaveLength(
        0,
      );
      expect(cycles(write({ 'a.tsx': "const b = () => import('./b');", 'b.ts': "import './a';" }))).toHaveLength(1);
      expect(
        cycles(write({ 'a.mjs': "import { b } from './b.mjs';", 'b.mjs': "import a from './a.mjs';" })),
      ).toHaveLength(1);
    });

    it('does not count imports of types only, nor commented-out imports', () => {
      expect(cycles(write({ 'a.ts': "import { b } from './b';", 'b.ts': "import type { A } from './a';" }))).toEqual(
        [],
      );
      expect(cycles(write({ 'a.ts': "import { b } from './b';", 'b.ts': "export type { A } from './a';" }))).toEqual(
        [],
      );
      expect(
        cycles(write({ 'a.ts': "import { b } from './b';", 'b.ts': "import { type A, type B } from './a';" })),
      ).toEqual([]);
      expect(
        cycles(
          write({ 'a.ts': "import { b } from './b';", 'b.ts': "// import { a } from './a';\n/* import './a' */" }),
        ),
      ).toEqual([]);
      // one value among the types makes it an edge
      expect(
        cycles(write({ 'a.ts': "import { b } from './b';", 'b.ts': "import { type A, a } from './a';" })),
      ).toHaveLength(1);
    });

    it('tells a clause of types only', () => {
      expect(namesTypesOnly(' { type A, type B } ')).toBe(true);
      expect(namesTypesOnly(' { type A, b } ')).toBe(false);
      expect(namesTypesOnly(' X, { type A } ')).toBe(false);
      expect(namesTypesOnly(' * as m ')).toBe(false);
      expect(namesTypesOnly(' { typeOf } ')).toBe(false);
    });
  });
});

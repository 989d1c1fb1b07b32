import { describe, expect, it } from 'vitest';
import { cycleThrough, cyclicGroups, serverGraph, type Graph } from './module-graph';

// The server's folders import each other without circles (docs/architecture.md, "Module graph").
// A failure prints one cycle of each group, with a file that makes each step.

const graph = serverGraph();

/** The graph restricted to the nodes `keep` names, each renamed by it. */
function collapsed(g: Graph, keep: (node: string) => string | null): Graph {
  const out: Graph = new Map();
  for (const [from, edges] of g) {
    const a = keep(from);
    if (!a) continue;
    if (!out.has(a)) out.set(a, new Map());
    for (const [to, files] of edges) {
      const b = keep(to);
      if (!b || b === a) continue;
      out.get(a)!.set(b, [...(out.get(a)!.get(b) ?? []), ...files]);
    }
  }
  return out;
}

function cycles(g: Graph): string[] {
  return cyclicGroups(g).map(
    (group) => `${group.length} folders: ${group.join(', ')}\n  ${cycleThrough(g, group[0], group).join('\n  -> ')}`,
  );
}

describe('the server module graph', () => {
  it('reads the folders and their imports from the source', () => {
    const modules = [...graph.keys()].filter((n) => n.startsWith('modules/'));
    expect(modules.length).toBeGreaterThan(40);
    // a known edge, so a broken reader cannot pass by finding nothing
    expect(graph.get('modules/shipping')?.has('modules/order-status')).toBe(true);
  });

  it('has no cycle among the folders of server/modules, type imports included', () => {
    const modules = collapsed(graph, (n) => (n.startsWith('modules/') && n !== 'modules/index.ts' ? n : null));
    expect(cycles(modules)).toEqual([]);
  });

  it('has no cycle among the top-level server folders (server/modules as one)', () => {
    // deps.ts and config.ts declare what the composition root fills and hands down (AppDeps,
    // Config): folders at every level name them, types only (erased from the build), so those
    // edges are left out; a value import of either still counts
    const top = collapsed(graph, (n) => (n.startsWith('modules/') ? 'modules' : n));
    for (const edges of top.values()) {
      for (const bag of ['deps.ts', 'config.ts']) {
        if (edges.get(bag)?.every((f) => f.endsWith(' (types)'))) edges.delete(bag);
      }
    }
    expect(cycles(top)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const g: Graph = new Map([
      ['a', new Map([['b', ['a.ts']]])],
      ['b', new Map([['c', ['b.ts']]])],
      ['c', new Map([['a', ['c.ts']]])],
      ['d', new Map([['a', ['d.ts']]])],
    ]);
    expect(cyclicGroups(g)).toEqual([['a', 'b', 'c']]);
    expect(cycleThrough(g, 'a', ['a', 'b', 'c'])).toEqual(['a  (a.ts)', 'b  (b.ts)', 'c  (c.ts)', 'a']);
  });
});

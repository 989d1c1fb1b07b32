import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// Import graphs read from the source. The server's folder-level graph: one node per folder under
// server/modules, per other folder under server, and per file directly in server (app.ts, deps.ts, …).
// Type-only imports count there: a folder that names another's types depends on it as much as one
// that calls it. Each edge remembers whether any import behind it is a value import. And the
// whole project's file-level graph of value imports, where no file may import itself back.

const root = join(import.meta.dirname, '../..');
const SERVER = join(root, 'server');

function sources(dir: string, names = /\.(ts|tsx|mts)$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path, names);
    return names.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The node a server file belongs to, e.g. `modules/orders`, `http`, `app.ts`. */
export function nodeOf(file: string): string | null {
  const rel = relative(SERVER, file);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(/[\\/]/);
  if (parts[0] === 'modules') return `modules/${parts[1]}`;
  return parts[0];
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.js`, `${base}.mjs`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

// `import … from '…'`, `export … from '…'`, `import('…')`, `import '…'`; group 2 is the ` type` of
// `import type`/`export type`, group 3 what is imported, group 4 from where
const IMPORT =
  /(?:\b(import|export)(\s+type\b)?([^'";]*?)\bfrom\s*|\bimport\s*\(\s*|\bimport\s+(?=['"]))['"]([^'"]+)['"]/g;

/** A file's imports, its comments left out: each with the file it names and whether it brings types only. */
function importsOf(file: string): { target: string; typesOnly: boolean }[] {
  const code = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(IMPORT)].flatMap((m) => {
    const target = resolveImport(file, m[4]);
    return target ? [{ target, typesOnly: Boolean(m[2]) || namesTypesOnly(m[3] ?? '') }] : [];
  });
}

/** `{ type A, type B }`: every name it brings is marked a type (so the import is erased from the build). */
export function namesTypesOnly(clause: string): boolean {
  const names = /^\s*\{([^}]*)\}\s*$/
    .exec(clause)?.[1]
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return Boolean(names?.length) && names!.every((n) => /^type\s/.test(n));
}

export type Graph = Map<string, Map<string, string[]>>;

/** Each edge `a -> b` with the files that make it (a file is marked ` (types)` when it imports types only). */
export function serverGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of sources(SERVER)) {
    const from = nodeOf(file)!;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const { target, typesOnly } of importsOf(file)) {
      const to = nodeOf(target);
      if (!to || to === from) continue;
      const edges = graph.get(from)!;
      edges.set(to, [...(edges.get(to) ?? []), `${relative(root, file)}${typesOnly ? ' (types)' : ''}`]);
    }
  }
  return graph;
}

/** The folders whose files the project's file graph reads. */
export const PROJECT_DIRS = ['src', 'server', 'tests', 'scripts', 'bench'];

/**
 * Every file's value imports of the project's other files (paths from the root): an import of types
 * only is erased from the build and is no edge. The edge names the importing file, as the server
 * graph's do.
 */
export function fileGraph(dirs = PROJECT_DIRS.map((d) => join(root, d)), base = root): Graph {
  const graph: Graph = new Map();
  for (const file of dirs.flatMap((d) => sources(d, /\.(ts|tsx|mts|js|mjs)$/))) {
    const from = relative(base, file);
    const edges = new Map<string, string[]>();
    graph.set(from, edges);
    for (const { target, typesOnly } of importsOf(file)) {
      const to = relative(base, target);
      if (!typesOnly && to !== from) edges.set(to, [from]);
    }
  }
  return graph;
}

/** Strongly connected groups of more than one node (Tarjan). */
export function cyclicGroups(graph: Graph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indices.has(v)) visit(v);
  return groups;
}

/** One shortest cycle through `start` inside its group, with the files that make each step. */
export function cycleThrough(graph: Graph, start: string, group: string[]): string[] {
  const inGroup = new Set(group);
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!inGroup.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(previous.get(path[0])!);
        return [...path, start].map((node, i, all) =>
          i === all.length - 1 ? node : `${node}  (${graph.get(node)!.get(all[i + 1])![0]})`,
        );
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [];
}

import type { Params, Result, Router } from 'hono/router';
import { getPattern, splitPath, splitRoutingPath } from 'hono/utils/url';

// The API's router. Hono's RegExpRouter refuses the spec's paths (a fixed segment beside a
// parameter at the same place, /orders/export beside /orders/:orderId), so hono fell back to its
// trie router, which splits every path and walks every candidate branch on every call. This one
// answers a fixed address from a map made once, and a parameterised one from a small tree per
// method; both built on the first call after routes are added.
//
// It answers what hono's trie router answers for the same routes: the first route added that
// matches wins, a `:name` parameter takes one non-empty segment, and a `:name{pattern}` is
// matched as hono matches it (against the rest of the path, up to the fixed segment after it).
// Hono hands a request to its first match alone (a route's handler never calls next), so only
// that match is returned. tests/server/route-table.test.ts compares both on the whole route table.

const ALL = 'ALL';

/** A parameter of a route path as hono reads it: its name and, for `:name{pattern}`, the pattern it compiled. */
interface ParamStep<T> {
  /** hono's key for it: its label, or label#next for a pattern before a fixed segment */
  key: string;
  name: string;
  /** null: any non-empty segment */
  pattern: RegExp | null;
  node: Node<T>;
}

interface Entry<T> {
  /** registration order: the lowest matching one wins */
  order: number;
  handler: T;
  /** the route's parameter names, in path order */
  names: readonly string[];
}

interface Node<T> {
  fixed: Map<string, Node<T>>;
  params: ParamStep<T>[];
  /** the routes ending here, in registration order */
  ends: Entry<T>[];
}

interface Route<T> {
  method: string;
  path: string;
  handler: T;
}

interface MethodTable<T> {
  root: Node<T>;
  /** the answer for each fixed route's own address, worked out once */
  fixed: Map<string, Result<T>>;
}

const newNode = <T>(): Node<T> => ({ fixed: new Map(), params: [], ends: [] });

/** The answer of no match: shared, never changed. */
const NO_MATCH = Object.freeze([Object.freeze([])]) as unknown as Result<never>;

/** A search's best match so far. */
interface Best<T> {
  entry: Entry<T> | null;
  values: string[];
}

export class ApiRouteTable<T> implements Router<T> {
  name = 'ApiRouteTable';
  private readonly routes: Route<T>[] = [];
  private readonly tables = new Map<string, MethodTable<T> | null>();

  add(method: string, path: string, handler: T): void {
    // refused at start-up rather than answered differently from hono's own routers
    if (path.includes('*')) throw new Error(`${method} ${path}: wildcards are not routed here`);
    if (/:[^/]*\?$/.test(path) || /:[^/{]*\?\//.test(path))
      throw new Error(`${method} ${path}: optional parameters are not routed here`);
    this.routes.push({ method, path, handler });
    // a route added after the first call: the tables are made again on the next one
    this.tables.clear();
  }

  match(method: string, path: string): Result<T> {
    let table = this.tables.get(method);
    if (table === undefined) table = this.build(method);
    if (!table) return NO_MATCH;
    return table.fixed.get(path) ?? this.search(table.root, path);
  }

  private build(method: string): MethodTable<T> | null {
    const root = newNode<T>();
    const fixedPaths: string[] = [];
    let any = false;
    this.routes.forEach((route, order) => {
      if (route.method !== method && route.method !== ALL) return;
      any = true;
      const parts = splitRoutingPath(route.path);
      const names: string[] = [];
      let node = root;
      let allFixed = true;
      for (let i = 0; i < parts.length; i++) {
        const part = parts[i];
        const pattern = getPattern(part, parts[i + 1]);
        if (Array.isArray(pattern)) {
          allFixed = false;
          const [key, name, matcher] = pattern;
          if (names.includes(name)) throw new Error(`${route.method} ${route.path}: parameter ${name} twice`);
          names.push(name);
          // hono keys a parameter by its label (and the fixed segment after a patterned one)
          let step = node.params.find((p) => p.key === key);
          if (!step)
            node.params.push((step = { key, name, pattern: matcher === true ? null : matcher, node: newNode<T>() }));
          node = step.node;
        } else {
          let next = node.fixed.get(part);
          if (!next) node.fixed.set(part, (next = newNode<T>()));
          node = next;
        }
      }
      node.ends.push({ order, handler: route.handler, names });
      if (allFixed) fixedPaths.push(route.path);
    });
    if (!any) {
      this.tables.set(method, null);
      return null;
    }
    const fixed = new Map<string, Result<T>>();
    const table: MethodTable<T> = { root, fixed };
    for (const path of fixedPaths) if (!fixed.has(path)) fixed.set(path, this.search(root, path));
    this.tables.set(method, table);
    return table;
  }

  private search(root: Node<T>, path: string): Result<T> {
    const parts = splitPath(path);
    const best: Best<T> = { entry: null, values: [] };
    walk(root, parts, 0, path, [], best);
    const entry = best.entry;
    if (!entry) return NO_MATCH;
    const params: Params = Object.create(null) as Params;
    for (let i = 0; i < entry.names.length; i++) params[entry.names[i]] = best.values[i];
    return [[[entry.handler, params]]];
  }
}

/** Where part i starts in the path. */
function offsetOf(path: string, parts: readonly string[], i: number): number {
  let offset = path[0] === '/' ? 1 : 0;
  for (let p = 0; p < i; p++) offset += parts[p].length + 1;
  return offset;
}

function slashesIn(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 47) n++;
  return n;
}

/** Depth-first over every branch the path can take, keeping the earliest route that ends where the path does. */
function walk<T>(node: Node<T>, parts: readonly string[], i: number, path: string, values: string[], best: Best<T>) {
  if (i === parts.length) {
    const entry = node.ends[0];
    if (entry && (!best.entry || entry.order < best.entry.order)) {
      best.entry = entry;
      best.values = values.slice();
    }
    return;
  }
  const part = parts[i];
  const fixed = node.fixed.get(part);
  if (fixed) walk(fixed, parts, i + 1, path, values, best);
  for (const step of node.params) {
    const { pattern } = step;
    if (pattern === null) {
      if (!part) continue;
      values.push(part);
      walk(step.node, parts, i + 1, path, values, best);
      values.pop();
      continue;
    }
    // as hono: the pattern is tried on the rest of the path first (it may reach past this
    // segment, up to the fixed one after it), then on this segment alone
    const m = pattern.exec(path.slice(offsetOf(path, parts, i)));
    if (m) {
      values.push(m[0]);
      walk(step.node, parts, i + 1 + slashesIn(m[0]), path, values, best);
      values.pop();
    } else if (pattern.test(part)) {
      values.push(part);
      walk(step.node, parts, i + 1, path, values, best);
      values.pop();
    }
  }
}

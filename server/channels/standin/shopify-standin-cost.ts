import type { CostBucket } from './shopify-standin-books';

// The stand-in's query cost, reckoned the way Shopify describes its calculated query cost: a
// scalar or enum field is free, an object costs 1, a connection costs 2 plus its page of nodes
// (`first`) times a node's cost, and a mutation costs 10. A query is charged what it asks for
// before it runs, then refunded down to what it returned (1 an object, 2 a list).

export const MUTATION_COST = 10;
/** The most one query may ask for. */
export const MAX_QUERY_COST = 1000;

type Field = { name: string; cost: number };

/** What a query document asks for at most, its page sizes read from its arguments or variables. */
export function requestedCost(document: string, variables: Record<string, unknown>): number {
  if (/^\s*mutation\b/.test(document)) return MUTATION_COST;
  const tokens: string[] = document.match(/\([^)]*\)|[A-Za-z_]\w*|[{}]/g) ?? [];
  let i = tokens.indexOf('{');
  const pageSize = (args: string) => {
    const m = /\bfirst:\s*(\d+|\$\w+)/.exec(args);
    if (!m) return null;
    return m[1].startsWith('$') ? Number(variables[m[1].slice(1)] ?? 0) : Number(m[1]);
  };
  // at an opening brace: the fields up to its closing brace, each with its cost
  const selection = (): Field[] => {
    i++;
    const fields: Field[] = [];
    while (i < tokens.length && tokens[i] !== '}') {
      const name = tokens[i++];
      const args = tokens[i]?.startsWith('(') ? tokens[i++] : '';
      if (tokens[i] !== '{') continue;
      const children = selection();
      const sum = (list: Field[]) => list.reduce((s, f) => s + f.cost, 0);
      const first = pageSize(args);
      const nodes = children.filter((f) => f.name === 'nodes' || f.name === 'edges');
      const rest = children.filter((f) => f.name !== 'nodes' && f.name !== 'edges');
      let cost: number;
      if (first === null) cost = 1 + sum(children);
      else if (nodes.length) cost = 2 + first * sum(nodes) + sum(rest);
      else cost = 2 + first * (1 + sum(children));
      fields.push({ name, cost });
    }
    i++;
    return fields;
  };
  return i < 0 ? 0 : selection().reduce((s, f) => s + f.cost, 0);
}

/** What an answer cost: 1 for each object it holds, 2 for each list. */
export function actualCost(data: unknown): number {
  if (Array.isArray(data)) return 2 + data.reduce((s: number, x) => s + actualCost(x), 0);
  if (data && typeof data === 'object') return Object.values(data).reduce((s: number, x) => s + actualCost(x), 0) + 1;
  return 0;
}

/** The bucket refilled for the time since its last refill. */
export function refill(bucket: CostBucket, now = performance.now()): CostBucket {
  bucket.available = Math.min(bucket.maximum, bucket.available + ((now - bucket.at) / 1000) * bucket.restoreRate);
  bucket.at = now;
  return bucket;
}

export const throttleStatus = (b: CostBucket) => ({
  maximumAvailable: b.maximum,
  currentlyAvailable: Math.floor(b.available),
  restoreRate: b.restoreRate,
});

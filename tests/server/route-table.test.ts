import { API_CONFIG } from '../../src/domain/config-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrieRouter } from 'hono/router/trie-router';
import { getPattern, splitRoutingPath } from 'hono/utils/url';
import { errorOf, startTestServer, type TestServer } from './harness';
import { createApp } from '../../server/app';
import { ApiRouteTable } from '../../server/http/route-table';
import { API_TRACKING } from '../../src/domain/tracking-contract';

// The API's own router against hono's trie router (what hono used for the API before): every
// registered route, each of its parameters filled with ordinary values and with every fixed
// segment of the table (where a fixed route sits beside a parameter, as /orders/export beside
// /orders/:orderId), addresses just beside each route (a trailing slash, a segment more or
// less, an empty segment), under every method. Both must name the same route with the same
// parameters, or both none.

let s: TestServer;
let routes: { method: string; path: string }[];

beforeAll(async () => {
  s = await startTestServer();
  routes = createApp(s.deps).app.routes.map(({ method, path }) => ({ method, path }));
});
afterAll(() => s.close());

const ORDINARY = [
  '123',
  'abc',
  'A1b2C3d4',
  'ORD-1001',
  'x.pdf',
  'terms_v2.pdf',
  'a%20b',
  'a.b-c_d',
  '0',
  'return',
  'short',
];

/** The route's path with parameter i set to fill(i). */
function filled(path: string, fill: (i: number) => string): string {
  let i = 0;
  return (
    '/' +
    splitRoutingPath(path)
      .map((part, at, parts) => (Array.isArray(getPattern(part, parts[at + 1])) ? fill(i++) : part))
      .join('/')
  );
}

function paramCount(path: string): number {
  return splitRoutingPath(path).filter((part, at, parts) => Array.isArray(getPattern(part, parts[at + 1]))).length;
}

function samplePaths(): Set<string> {
  const fixedWords = new Set<string>();
  for (const r of routes)
    for (const part of splitRoutingPath(r.path)) if (!part.startsWith(':') && part) fixedWords.add(part);
  const paths = new Set<string>();
  for (const { path } of routes) {
    const n = paramCount(path);
    for (const value of ORDINARY) paths.add(filled(path, () => value));
    for (let at = 0; at < n; at++)
      for (const word of [...fixedWords, '']) paths.add(filled(path, (i) => (i === at ? word : '123')));
    const plain = filled(path, () => '123');
    paths.add(`${plain}/`);
    paths.add(`${plain}/more`);
    paths.add(plain.replace(/\/[^/]*$/, '') || '/');
    paths.add(plain.replace('/v1/', '/v1//'));
    paths.add(plain.toUpperCase());
  }
  for (const odd of ['/', '', '//', '/api', '/api/v1', '/rest/v1/tracking/return/events', '/nowhere'])
    paths.add(odd || '/');
  return paths;
}

type Match = { route: number; params: Record<string, string> } | null;

function firstOf(result: ReturnType<TrieRouter<number>['match']>): Match {
  const first = result[0][0];
  if (!first) return null;
  const stash = result[1] as string[] | undefined;
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(first[1])) params[k] = stash ? stash[v as unknown as number] : String(v);
  return { route: first[0], params };
}

describe('the API route table', () => {
  it('names the same route, with the same parameters, as hono’s trie router for every address', () => {
    const trie = new TrieRouter<number>();
    const table = new ApiRouteTable<number>();
    routes.forEach((r, i) => {
      trie.add(r.method, r.path, i);
      table.add(r.method, r.path, i);
    });
    const methods = [...new Set(routes.map((r) => r.method)), 'OPTIONS', 'PROPFIND'];
    const paths = samplePaths();
    let matched = 0;
    let shadowed = 0;
    const differ: string[] = [];
    for (const path of paths) {
      for (const method of methods) {
        const want = firstOf(trie.match(method, path));
        const got = firstOf(table.match(method, path));
        if (JSON.stringify(want) !== JSON.stringify(got))
          differ.push(`${method} ${path}: trie ${JSON.stringify(want)}, table ${JSON.stringify(got)}`);
        if (want) matched++;
        // an address more than one route takes (the first added answers it)
        if (trie.match(method, path)[0].length > 1) shadowed++;
      }
    }
    expect(differ.slice(0, 20)).toEqual([]);
    // the comparison reached every route, and the addresses where routes overlap
    expect(routes.length).toBeGreaterThan(400);
    expect(matched).toBeGreaterThan(routes.length);
    expect(shadowed).toBeGreaterThan(0);
    // each route's own address answers that route (a sanity check on the samples themselves)
    const unreached = routes
      .map((r, i) => ({ r, i }))
      .filter(
        ({ r, i }) =>
          ![...ORDINARY].some(
            (v) =>
              firstOf(
                table.match(
                  r.method,
                  filled(r.path, () => v),
                ),
              )?.route === i,
          ),
      );
    expect(unreached.map(({ r }) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('refuses wildcards and optional parameters at start-up rather than routing them differently', () => {
    const table = new ApiRouteTable<number>();
    expect(() => table.add('GET', '/api/v1/files/*', 1)).toThrow(/wildcards/);
    expect(() => table.add('GET', '/api/v1/orders/:orderId?', 1)).toThrow(/optional/);
  });

  it('answers a route added after the first call', () => {
    const table = new ApiRouteTable<string>();
    table.add('GET', '/a/:id', 'a');
    expect(firstOfString(table.match('GET', '/b'))).toBeNull();
    table.add('GET', '/b', 'b');
    expect(firstOfString(table.match('GET', '/b'))).toBe('b');
    expect(firstOfString(table.match('POST', '/b'))).toBeNull();
  });
});

function firstOfString(result: ReturnType<ApiRouteTable<string>['match']>): string | null {
  return result[0][0]?.[0] ?? null;
}

describe('the API over HTTP with its own router', () => {
  it('answers a route, and 404 naming the method and path for an address or a method no route has', async () => {
    expect((await s.request(API_CONFIG.appConfig.path)).status).toBe(200);
    const head = await s.request(API_CONFIG.appConfig.path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    for (const [method, path] of [
      ['GET', '/api/v1/no-such-thing'],
      ['DELETE', API_CONFIG.appConfig.path],
      ['GET', `${API_CONFIG.appConfig.path}/`],
    ] as const) {
      const res = await s.request(path, { method });
      const err = await errorOf(res);
      expect(err.status).toBe(404);
      expect(err.message).toBe(`No such API route: ${method} ${path}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('takes a parameter from the path, and a value its pattern does not admit reaches no route', async () => {
    // a policy document's name must end in .pdf: any other is no route at all
    const other = await errorOf(await s.request('/api/v1/policies/terms.txt'));
    expect(other).toMatchObject({ status: 404, message: 'No such API route: GET /api/v1/policies/terms.txt' });
    // a short code arrives decoded at its route, which answers an unknown one with its own 404
    const unknown = await errorOf(
      await s.request(API_TRACKING.byShortCode.path.replace(':code', '%5A%5A%5A%5A%5A%5A')),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.message).not.toMatch(/No such API route/);
  });
});

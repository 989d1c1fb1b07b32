import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness';
import { errorOf } from './harness';
import { login, SELLER, STAFF, startDemoServer } from './helpers';
import { inlineSchemas } from './openapi-inline';

// Every list that takes a sort, found in the OpenAPI document the app publishes (a list added
// tomorrow is walked too): a sort it does not know is refused with a 400 that names the field by
// its label and the choices as the seller reads them, never the codes, and never replaced by the
// default in silence.

interface Parameter {
  name: string;
  in: 'path' | 'query';
  schema: { enum?: string[]; anyOf?: { enum?: string[] }[] };
}

const choicesOf = (p: Parameter) => p.schema.enum ?? p.schema.anyOf?.flatMap((s) => s.enum ?? []) ?? [];

describe('list sorts', () => {
  let s: TestServer;
  const tokens = { seller: '', staff: '' };
  const lists: { path: string; sortBy?: string[]; sortOrder?: string[] }[] = [];
  beforeAll(async () => {
    s = await startDemoServer();
    tokens.seller = (await login(s, SELLER)).token;
    tokens.staff = (await login(s, STAFF)).token;
    const doc = inlineSchemas(await (await s.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      const query = ops.get?.parameters?.filter((p) => p.in === 'query') ?? [];
      const sortBy = query.find((p) => p.name === 'sortBy');
      const sortOrder = query.find((p) => p.name === 'sortOrder');
      if (!sortBy && !sortOrder) continue;
      lists.push({ path, sortBy: sortBy && choicesOf(sortBy), sortOrder: sortOrder && choicesOf(sortOrder) });
    }
  }, 120_000);
  afterAll(() => s.close());

  /** The answer to the list with these query parameters, as staff where the list is for staff. */
  async function ask(path: string, query: string): Promise<Response> {
    const url = `${path.replace(/\{[^}]+\}/g, '1')}?${query}`;
    const asSeller = await s.request(url, { token: tokens.seller });
    return asSeller.status === 403 ? s.request(url, { token: tokens.staff }) : asSeller;
  }

  it('finds the lists that take a sort', () => {
    expect(lists.filter((l) => l.sortBy).length).toBeGreaterThanOrEqual(10);
  });

  it('refuses a sort column it does not know, naming the field and the columns by their labels', async () => {
    for (const list of lists.filter((l) => l.sortBy)) {
      const refusal = await errorOf(await ask(list.path, 'sortBy=bogus'));
      expect(refusal.status, list.path).toBe(400);
      expect(refusal.message, list.path).toMatch(/^Sort by must be one of /);
      // each column by its label: no column's code shows
      for (const code of list.sortBy!) expect(refusal.message, list.path).not.toMatch(new RegExp(`\\b${code}\\b`));
    }
  });

  it('refuses a sort order it does not know, naming both orders in words', async () => {
    for (const list of lists.filter((l) => l.sortOrder)) {
      const refusal = await errorOf(await ask(list.path, 'sortOrder=UP'));
      expect(refusal, list.path).toMatchObject({
        status: 400,
        message: 'Sort order must be one of Ascending, Descending',
      });
    }
  });

  it('sorts by a column it knows', async () => {
    for (const list of lists.filter((l) => l.sortBy && !l.path.includes('{'))) {
      const res = await ask(list.path, `sortBy=${list.sortBy![list.sortBy!.length - 1]}&sortOrder=ASC`);
      expect(res.status, list.path).toBe(200);
    }
  });
});

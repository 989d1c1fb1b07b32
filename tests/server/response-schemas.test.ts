import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { login, MEERA, SELLER, STAFF } from './helpers';
import { seedDemoStart } from '../../server/seeds/demo-start';
import { inlineSchemas } from './openapi-inline';

// Every answer the demo can give matches the schema the API publishes: with the demo start's
// seeds, each GET of the OpenAPI document is asked by each demo seller and the staff login, first
// the operations without path parameters (the lists), then every detail operation for each id the
// answers named (an order's orderId, a return's returnId, …), and each 200 JSON answer is validated
// against its published response schema. A mismatch names the operation, the id and the path.

interface Operation {
  parameters: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}

let s: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  // the demo start's seeds (server/main.ts)
  s = await startTestServer({ seed: async (deps) => void (await seedDemoStart(deps)) });
  for (const [who, cred] of Object.entries({ lite: SELLER, pro: MEERA, staff: STAFF }))
    tokens[who] = (await login(s, cred)).token;
}, 300_000);
afterAll(() => s?.close());

/** Every value of `key` anywhere in an answer (ids of the objects it lists or names). */
function valuesOf(answer: unknown, key: string, into: Set<string>): void {
  if (Array.isArray(answer)) for (const x of answer) valuesOf(x, key, into);
  else if (answer && typeof answer === 'object')
    for (const [k, v] of Object.entries(answer)) {
      if (k === key && (typeof v === 'number' || typeof v === 'string') && v !== 0 && v !== '') into.add(String(v));
      else valuesOf(v, key, into);
    }
}

/** The most ids of one kind a detail operation is asked with, per login (the demo seeds fewer of most kinds). */
const MAX_IDS = 60;

describe('published response schemas', () => {
  it('every GET answer of the seeded demo matches its response schema', { timeout: 900_000 }, async () => {
    const doc = inlineSchemas(await (await s.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const ajv = new Ajv({ allErrors: true, unknownFormats: 'ignore', schemaId: 'auto' });
    const gets = Object.entries(doc.paths)
      .map(([path, ops]) => ({ path, op: ops.get }))
      .filter((x): x is { path: string; op: Operation } => !!x.op?.responses['200']?.content?.['application/json']);
    const mismatches: string[] = [];
    let checked = 0;
    const seen: Record<string, Record<string, Set<string>>> = {};
    const params = new Set(gets.flatMap((g) => g.op.parameters.filter((p) => p.in === 'path').map((p) => p.name)));

    const check = async (who: string, path: string, url: string, op: Operation) => {
      const res = await s.request(url, { token: tokens[who] });
      if (res.status >= 500) mismatches.push(`${who} GET ${url}: ${res.status} (undeclared)`);
      if (res.status !== 200 || !res.headers.get('content-type')?.includes('application/json')) return;
      const body: unknown = await res.json();
      for (const name of params) valuesOf(body, name, (seen[who][name] ??= new Set()));
      const validate = ajv.compile(op.responses['200'].content!['application/json'].schema!);
      checked++;
      if (!validate(body))
        mismatches.push(
          `${who} GET ${url} (${path}): ${(validate.errors ?? [])
            .slice(0, 4)
            .map((e) => `${e.dataPath} ${e.message}`)
            .join('; ')}`,
        );
    };

    for (const who of Object.keys(tokens)) {
      seen[who] = {};
      for (const { path, op } of gets) if (!path.includes('{')) await check(who, path, path, op);
      for (const { path, op } of gets) {
        const names = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
        if (!names.length || names.length > 1) continue;
        for (const id of [...(seen[who][names[0]] ?? [])].slice(0, MAX_IDS))
          await check(who, path, path.replace(`{${names[0]}}`, encodeURIComponent(id)), op);
      }
    }
    console.log(`response schemas: ${checked} answers checked`);
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });
});

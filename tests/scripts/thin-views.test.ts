import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Screens render a machine's snapshot and send events: no HTTP of their own (fetch or ky; the
// flow's binding in src/services calls the area's client) and no reload counters (a change says
// which area is stale through src/services/invalidate.ts).

const root = resolve(import.meta.dirname, '../..');
const screens = join(root, 'src/ui/screens');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}

const FETCH = /(^|[^\w.])fetch\s*\(|from\s+['"]ky['"]/;
const COUNTER =
  /\[\s*\w*[vV]ersion\s*,\s*set\w*[vV]ersion\s*\]\s*=\s*useState|set\w*[vV]ersion\(\s*\(?\s*\w+\s*\)?\s*=>\s*\w+\s*\+\s*1/;

describe('screens only render and send', () => {
  const all = files(screens).map((p) => ({ path: relative(root, p), text: readFileSync(p, 'utf8') }));

  it('finds the screens', () => expect(all.length).toBeGreaterThan(20));

  it('no screen calls fetch or ky', () => {
    expect(all.filter((f) => FETCH.test(f.text)).map((f) => f.path)).toEqual([]);
  });

  it('no screen keeps a reload counter', () => {
    expect(all.filter((f) => COUNTER.test(f.text)).map((f) => f.path)).toEqual([]);
  });

  it('the scan sees a counter and a fetch when there is one', () => {
    expect(COUNTER.test('const [version, setVersion] = useState(0);')).toBe(true);
    expect(COUNTER.test('setBatchesVersion((v) => v + 1)')).toBe(true);
    expect(FETCH.test('const r = await fetch(url);')).toBe(true);
    expect(FETCH.test("import ky from 'ky';")).toBe(true);
    expect(FETCH.test('fetchOrder(http, id)')).toBe(false);
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// One idiom per job in the browser, held by a scan of the sources (lint holds the imports):
// machines bind only in src/services/use-*.ts, machines read events and answers without casts,
// and rupees and paise convert only in src/domain/money.ts.

const root = resolve(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}
const sources = (...dirs: string[]) =>
  dirs.flatMap((d) => files(join(root, d))).map((p) => ({ path: relative(root, p), text: readFileSync(p, 'utf8') }));
const offenders = (all: { path: string; text: string }[], pattern: RegExp) =>
  all.filter((f) => pattern.test(f.text)).map((f) => f.path);

const BINDS = /\buseMachine\(|\buseActorRef\(|\bcreateActor\(|\.provide\(/;
const CAST = /\bas unknown as\b/;
// paise ÷ 100 or an amount in rupees × 100 written by hand (a percentage's / 100, or a measure
// checked to two decimals, is not money)
const MONEY =
  /[pP]aise\s*\/\s*100\b|[\w.]*([pP]rice|[aA]mount|[rR]upees|[cC]harges|[dD]iscount|[fF]ixed|[sS]lab)\w*\s*\*\s*100\b/;

describe('one idiom per job in the browser', () => {
  it('no view binds a machine: src/services/use-*.ts does', () => {
    expect(offenders(sources('src/ui'), BINDS)).toEqual([]);
  });

  it('no machine casts an event or an answer', () => {
    expect(offenders(sources('src/machines'), CAST)).toEqual([]);
  });

  it('rupees and paise convert only through src/domain/money.ts', () => {
    const all = sources('src/ui', 'src/track', 'src/services', 'src/machines', 'src/domain');
    expect(offenders(all, MONEY).filter((p) => p !== 'src/domain/money.ts')).toEqual([]);
  });

  it('the scans see what they look for', () => {
    expect(BINDS.test('const [s, send] = useMachine(machine);')).toBe(true);
    expect(BINDS.test('machine.provide({ actors })')).toBe(true);
    expect(CAST.test('(event as unknown as { output: X }).output')).toBe(true);
    expect(MONEY.test('formatRupees(Math.round(p.price * 100))')).toBe(true);
    expect(MONEY.test('RUPEES.format(view.amountPaise / 100)')).toBe(true);
    expect(MONEY.test('qcRupees * 100')).toBe(true);
    expect(MONEY.test('Math.round(ADJUSTMENT.maxRupees * 100)')).toBe(true);
    expect(MONEY.test('Math.round((freight * card.rtoPercent) / 100)')).toBe(false);
    expect(MONEY.test('Math.abs(Math.round(n * 100) - n * 100) < 1e-6')).toBe(false);
  });
});

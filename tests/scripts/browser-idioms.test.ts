import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// One idiom per job in the browser, held by a scan of the sources (lint holds the imports):
// machines bind only in src/services/use-*.ts, machines read events and answers without casts,
// rupees and paise convert only in src/domain/money.ts, and a form's fields live in useForm or a
// machine, not in useState.

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

// a file with a form that keeps state and holds its fields neither in useForm nor in a machine
// (a src/services/use-*.ts binding that binds one)
const FORM = /<form\b/;
const STATE = /\buseState\(/;
const USE_FORM = /from '(\.\.\/)+hooks\/use-form'/;
const BINDING = /from '(?:\.\.\/)+services\/(use-[\w-]+)'/g;
const bindsMachine = (binding: string) =>
  ['ts', 'tsx'].some((ext) => {
    const path = join(root, 'src/services', `${binding}.${ext}`);
    return existsSync(path) && BINDS.test(readFileSync(path, 'utf8'));
  });
const keepsFieldsInState = (text: string) =>
  FORM.test(text) &&
  STATE.test(text) &&
  !USE_FORM.test(text) &&
  ![...text.matchAll(BINDING)].some((m) => bindsMachine(m[1]));
/** files whose useState beside a form holds no field to check against a schema */
const FORM_STATE_EXCEPTIONS: Record<string, string> = {
  'src/ui/kit/index.tsx': 'the drop zone’s drag-over flag; the kit’s form dialog holds no fields of its own',
};

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

  it('a form keeps its fields in useForm or a machine, not in useState', () => {
    const found = sources('src/ui')
      .filter((f) => keepsFieldsInState(f.text))
      .map((f) => f.path);
    expect(found.filter((p) => !(p in FORM_STATE_EXCEPTIONS))).toEqual([]);
    // an exception that no longer needs its place goes from the list
    expect(Object.keys(FORM_STATE_EXCEPTIONS).filter((p) => !found.includes(p))).toEqual([]);
  });

  it('the scans see what they look for', () => {
    const form = (imports: string) => `${imports}\nconst [note, setNote] = useState('');\nreturn <form />;`;
    expect(keepsFieldsInState(form("import { useRequest } from '../../hooks/use-request';"))).toBe(true);
    expect(keepsFieldsInState(form("import { useForm } from '../../hooks/use-form';"))).toBe(false);
    expect(keepsFieldsInState(form("import { useNdrAction } from '../../../services/use-ndr-action';"))).toBe(false);
    // a binding of plain calls holds no field
    expect(keepsFieldsInState(form("import { useReturnCalls } from '../../../services/use-return-page';"))).toBe(true);
    expect(keepsFieldsInState('const [open, setOpen] = useState(false);\nreturn <Dialog />;')).toBe(false);
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

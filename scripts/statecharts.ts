import { readdirSync, readFileSync, writeFileSync, mkdirSync, existsSync, unlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { statechartDocument } from './statechart-export';
import {
  allows,
  FORWARD_STATUS_CODES,
  FORWARD_STATUSES,
  FORWARD_TRANSITIONS,
  ORDER_ACTIONS,
  RETURN_STATUSES,
  RETURN_TRANSITIONS,
} from '../src/domain/order-status';

// `npm run statecharts` writes docs/statecharts/<machine>.md for every src/machines/*.machine.ts;
// with --check it only reports stale or missing charts and exits 1.

const root = resolve(import.meta.dirname, '..');
const machinesDir = join(root, 'src/machines');
const outDir = join(root, 'docs/statecharts');

function isMachine(v: unknown): v is AnyStateMachine {
  return (
    !!v &&
    typeof v === 'object' &&
    (v as any).config !== undefined &&
    typeof (v as any).provide === 'function' &&
    (v as any).root !== undefined
  );
}

export async function expectedCharts(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const file of readdirSync(machinesDir)
    .filter((f) => f.endsWith('.machine.ts'))
    .sort()) {
    const mod = await import(pathToFileURL(join(machinesDir, file)).href);
    const machines = Object.entries(mod).filter(([, v]) => isMachine(v)) as [string, AnyStateMachine][];
    if (!machines.length) continue;
    const base = file.replace(/\.ts$/, '');
    out.set(`${base}.md`, statechartDocument(base, machines));
  }
  out.set('order-status.md', orderStatusDocument());
  return out;
}

/** The order status table (src/domain/order-status.ts) drawn the same way, so it cannot drift. */
function orderStatusDocument(): string {
  const chart = (
    title: string,
    labels: Record<string, string>,
    transitions: Record<string, readonly string[]>,
    start: string,
  ) => {
    const lines = ['```mermaid', 'stateDiagram-v2', `  [*] --> ${start}`];
    for (const [code, label] of Object.entries(labels)) lines.push(`  ${code}: ${code} · ${label}`);
    for (const [from, tos] of Object.entries(transitions)) {
      for (const to of tos) lines.push(`  ${from} --> ${to}`);
      if (tos.length === 0) lines.push(`  ${from} --> [*]`);
    }
    lines.push('```');
    return `## ${title}\n\n${lines.join('\n')}\n`;
  };
  return [
    '# Order status codes and transitions',
    '',
    'Generated from `src/domain/order-status.ts` by `npm run statecharts`; the server refuses any other move.',
    '',
    chart('Forward orders', FORWARD_STATUSES, FORWARD_TRANSITIONS, 'RTS'),
    chart('Return orders', RETURN_STATUSES, RETURN_TRANSITIONS, 'RFP'),
    '## What a seller may do, by status',
    '',
    '| Status | ' + ORDER_ACTIONS.join(' | ') + ' |',
    '|---|' + ORDER_ACTIONS.map(() => '---').join('|') + '|',
    ...FORWARD_STATUS_CODES.map(
      (s) => `| ${s} ${FORWARD_STATUSES[s]} | ${ORDER_ACTIONS.map((a) => (allows(s, a) ? 'yes' : '—')).join(' | ')} |`,
    ),
    '',
  ].join('\n');
}

export async function staleCharts(): Promise<string[]> {
  const expected = await expectedCharts();
  const problems: string[] = [];
  for (const [name, text] of expected) {
    const path = join(outDir, name);
    if (!existsSync(path)) problems.push(`missing ${name}`);
    else if (readFileSync(path, 'utf8') !== text) problems.push(`stale ${name}`);
  }
  if (existsSync(outDir)) {
    for (const f of readdirSync(outDir))
      if (f.endsWith('.md') && f !== 'README.md' && !expected.has(f)) problems.push(`orphan ${f}`);
  }
  return problems;
}

async function main() {
  if (process.argv.includes('--check')) {
    const problems = await staleCharts();
    if (problems.length) {
      console.error(`Statecharts out of date (run npm run statecharts):\n  ${problems.join('\n  ')}`);
      process.exit(1);
    }
    console.log('statecharts up to date');
    return;
  }
  mkdirSync(outDir, { recursive: true });
  const expected = await expectedCharts();
  for (const f of readdirSync(outDir))
    if (f.endsWith('.md') && f !== 'README.md' && !expected.has(f)) unlinkSync(join(outDir, f));
  for (const [name, text] of expected) writeFileSync(join(outDir, name), text);
  console.log(`wrote ${expected.size} statecharts to docs/statecharts`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();

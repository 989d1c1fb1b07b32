import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// One gate for an order's status: only server/modules/order-status/status.ts may set orders.status,
// through Drizzle (`.update(orders).set({ status … })`) or SQL (`update orders set status = …`),
// however the code is formatted.

const root = join(import.meta.dirname, '../..');
const GATE = 'server/modules/order-status/status.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(e.name) ? [path] : [];
  });
}

/** The text without comments, on one line, with single spaces. */
function normalised(code: string): string {
  return code
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
    .replace(/\s+/g, ' ');
}

/** The argument list of the call whose "(" is at `open`. */
function argumentsAt(code: string, open: number): string {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === '(') depth++;
    else if (code[i] === ')' && --depth === 0) return code.slice(open + 1, i);
  }
  return code.slice(open + 1);
}

const STATUS_KEY = /(^|[{,]) ?(status|['"]status['"]) ?(:|,|}|$)/;
const SQL_SET_STATUS = /(^|,) ?(\w+\.)?"?status"? ?=/i;

/** Whether the code sets the status column of orders. */
function setsOrderStatus(code: string): boolean {
  const c = normalised(code);
  for (const m of c.matchAll(/\.update\( ?(\w+\.)?orders ?\)/g)) {
    const set = c.slice(m.index! + m[0].length).match(/^ ?\.set ?\(/);
    if (set && STATUS_KEY.test(argumentsAt(c, m.index! + m[0].length + set[0].length - 1).trim())) return true;
  }
  for (const m of c.matchAll(
    /\bupdate (\$\{ ?(\w+\.)?orders ?\}|"?orders"?)( as \w+| \w+)? set (.*?)(\bwhere\b|\bfrom\b|\breturning\b|`|;|$)/gi,
  )) {
    if (m[4].split(',').some((part) => SQL_SET_STATUS.test(part.trim()))) return true;
  }
  return false;
}

describe('the order status gate', () => {
  it('finds status writes however they are formatted, and only those', () => {
    const writes = [
      `await tx.update(orders).set({ status: 'RTS' })`,
      `await tx\n  .update(orders)\n  .set({\n    awb: null,\n    status,\n    updatedAt: now,\n  })`,
      `db.update( schema.orders ).set( { 'status': to } )`,
      'await tx.execute(sql`update ${orders} set updated_at = now(), status = ${to} where id = ${id}`)',
      "await client.query(`UPDATE orders o SET status = 'CAN' WHERE o.id = $1`)",
    ];
    const others = [
      `await tx.update(orders).set({ awb: null, inTransitStatus: 'x', updatedAt: now })`,
      `await tx.update(shipments).set({ status: 'CANCELLED' })`,
      `// await tx.update(orders).set({ status: 'RTS' })`,
      "sql`update ${orders} set awb = null where status = 'RTS'`",
      `if (o.status === 'RTS') return;`,
    ];
    expect(writes.filter((w) => !setsOrderStatus(w))).toEqual([]);
    expect(others.filter((o) => setsOrderStatus(o))).toEqual([]);
  });

  it(`no file under server/ but ${GATE} sets an order's status`, () => {
    const writers = sources(join(root, 'server'))
      .filter((f) => setsOrderStatus(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f).split('\\').join('/'));
    expect(writers).toEqual([GATE]);
  });
});

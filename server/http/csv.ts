import { stringify } from 'csv-stringify/sync';

// CSV answers. A text cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the
// start) is prefixed with an apostrophe: buyer names and product titles come from outside.

export type Cell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function safeCell(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell !== 'string') return String(cell);
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

export function csvText(header: string[], rows: Cell[][]): string {
  return stringify([header, ...rows.map((r) => r.map(safeCell))], { record_delimiter: '\r\n' });
}

/** A CSV download; the BOM makes Excel read the UTF-8 (₹, Hindi names) correctly. */
export function csvAttachment(fileName: string, text: string): Response {
  return new Response(`\uFEFF${text}`, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'cache-control': 'no-store',
    },
  });
}

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
  return csvRecords([header, ...rows]);
}

const NEEDS_QUOTES = /[",\r\n]/;
const QUOTE = /"/g;

/**
 * Rows as CSV records (RFC 4180), each ended by CRLF: a field with a comma, quote or line break is
 * quoted, its quotes doubled. Written by hand because a report's million rows spent most of their
 * time in a general CSV writer; tests hold it to that writer's output.
 */
export function csvRecords(rows: Cell[][]): string {
  let out = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      const v = safeCell(row[i]);
      if (i) out += ',';
      out += NEEDS_QUOTES.test(v) ? `"${v.replace(QUOTE, '""')}"` : v;
    }
    out += '\r\n';
  }
  return out;
}

/**
 * A CSV download; the BOM makes Excel read the UTF-8 (₹, Hindi names) correctly. A file another
 * system reads (a bank's bulk upload) goes without it (`bom: false`): some parsers take it as data.
 */
export function csvAttachment(fileName: string, text: string, { bom = true } = {}): Response {
  return new Response(bom ? `\uFEFF${text}` : text, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'cache-control': 'no-store',
    },
  });
}

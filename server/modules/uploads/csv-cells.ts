import type { RowProblem, UploadColumn } from './kind';

// Reading an uploaded CSV's header and cells, the same for every kind of upload. An error names
// the column as the file's header does, and the field by the label the seller knows.

export const MAX_UPLOAD_ROWS = 100_000;

/** Columns the error CSV adds after a row; ignored when that file is uploaded again. */
export const ERROR_COLUMNS = ['errorRow', 'errorColumn', 'errorReason'] as const;
const IGNORED = new Set(ERROR_COLUMNS.map((c) => c.toLowerCase()));

export type HeaderIndex = Map<string, number>;

/** The header's problem, or where each known column is. */
export function readHeader(
  columns: readonly UploadColumn[],
  cells: string[],
): { index: HeaderIndex } | { problem: string } {
  const index: HeaderIndex = new Map();
  const byLower = new Map(columns.map((c) => [c.name.toLowerCase(), c.name]));
  const unknown: string[] = [];
  cells.forEach((raw, i) => {
    const name = raw.trim();
    if (name === '' || IGNORED.has(name.toLowerCase())) return;
    const column = byLower.get(name.toLowerCase());
    if (!column) unknown.push(name);
    else if (index.has(column)) unknown.push(`${name} (twice)`);
    else index.set(column, i);
  });
  const missing = columns.filter((c) => c.required && !index.has(c.name)).map((c) => c.name);
  const expected = `The first row must be the header: ${columns.map((c) => c.name).join(',')} (download the sample CSV)`;
  if (index.size === 0) return { problem: `The file has no header row. ${expected}` };
  if (unknown.length)
    return { problem: `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.slice(0, 5).join(', ')}. ${expected}` };
  if (missing.length)
    return { problem: `Missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. ${expected}` };
  return { index };
}

/**
 * Every problem of one row as its error line: the columns as the header names them, then each
 * reason in the same order, each naming its field by label ("price, weightKg": "Price …; Weight (kg) …").
 */
export function combinedProblem(problems: RowProblem[]): { column: string; reason: string } {
  return {
    column: [...new Set(problems.map((p) => p.column))].join(', '),
    reason: problems.map((p) => p.reason).join('; '),
  };
}

/** A row's cell by column name ('' when the file has no such column); undoes the error CSV's formula guard. */
export function cellsOf(cells: string[], index: HeaderIndex): (column: string) => string {
  return (column) => {
    const i = index.get(column);
    const cell = i === undefined ? '' : (cells[i] ?? '');
    // our error CSV writes '+91… as text so spreadsheets do not run it; the apostrophe is not data
    return cell.length > 1 && cell[0] === "'" && /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
  };
}

/** A number cell: undefined when blank, NaN when not a plain decimal (commas as thousands allowed). */
export function numberCell(text: string): number | undefined {
  const t = text.trim().replace(/,/g, '');
  if (t === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
}

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);

/** yes/no cell: true, false, or undefined when it is neither. */
export function flagCell(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  return YES.has(t) ? true : NO.has(t) ? false : undefined;
}

/**
 * Records in a CSV text (a header counts as one), by scanning for line breaks outside quotes:
 * cheap enough to answer a too-long file at upload time without parsing it.
 */
export function countRecords(text: string): number {
  let records = 0;
  let inQuotes = false;
  let sawContent = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 34) inQuotes = !inQuotes;
    else if (ch === 10 && !inQuotes) {
      if (sawContent) records++;
      sawContent = false;
      continue;
    } else if (ch === 13 && !inQuotes) continue;
    sawContent = true;
  }
  return sawContent ? records + 1 : records;
}

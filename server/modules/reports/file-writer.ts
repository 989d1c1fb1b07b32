import { createWriteStream, type WriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { csvRecords, safeCell, type Cell } from '../../http/csv';
import { formatDate, formatDateTime } from '../../../src/domain/format';
import type { ReportFormat } from '../../../src/domain/reports';
import type { ColumnKind, ReportCell } from './columns';

// A report file written a batch of rows at a time, straight to disk: CSV as the lists' exports
// write it (BOM, CRLF, spreadsheet formulas defused; amounts as plain numbers so they sum, dates
// in IST words), or XLSX through exceljs's streaming workbook writer (rows committed as they
// come, no shared-strings table) with real numbers and dates, each column's format and width,
// the header row frozen and filterable.

export interface RowWriter {
  write(rows: ReportCell[][]): Promise<void>;
  /** finishes the file; its size in bytes */
  close(): Promise<number>;
  /** drops a half-written file */
  abort(): Promise<void>;
}

export interface FileColumn {
  label: string;
  kind: ColumnKind;
}

/** Excel number formats: ₹ with the Indian locale (lakh grouping), kg to the gram, IST days. */
export const XLSX_FORMATS: Record<ColumnKind, string | undefined> = {
  text: undefined,
  money: '[$₹-4009] #,##,##0.00;-[$₹-4009] #,##,##0.00',
  weight: '0.000 "kg"',
  count: '0',
  decimal: '0.0',
  date: 'dd mmm yyyy',
  datetime: 'dd mmm yyyy hh:mm AM/PM',
};

const WIDTHS: Record<ColumnKind, number> = {
  text: 14,
  money: 16,
  weight: 12,
  count: 10,
  decimal: 10,
  date: 13,
  datetime: 21,
};

const IST_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

async function put(stream: WriteStream, text: string) {
  if (!stream.write(text)) await once(stream, 'drain');
}

/** One cell as the CSV has it: plain numbers (no ₹, no grouping) and IST dates in words. */
function csvCell(kind: ColumnKind, v: ReportCell): string | number {
  if (v === null || v === '') return '';
  if (v instanceof Date) return kind === 'date' ? formatDate(v) : formatDateTime(v);
  if (typeof v === 'number') return kind === 'money' ? v.toFixed(2) : v;
  return v;
}

function csvWriter(path: string, columns: FileColumn[]): RowWriter {
  const stream = createWriteStream(path);
  const kinds = columns.map((c) => c.kind);
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    await put(stream, `\uFEFF${csvRecords([columns.map((c) => c.label)])}`);
  };
  return {
    async write(rows) {
      await start();
      if (!rows.length) return;
      // in place: a batch is written once and dropped, and a million rows need no second copy
      for (const r of rows) for (let i = 0; i < r.length; i++) r[i] = csvCell(kinds[i], r[i]);
      await put(stream, csvRecords(rows as Cell[][]));
    },
    async close() {
      await start();
      stream.end();
      await once(stream, 'finish');
      return (await stat(path)).size;
    },
    async abort() {
      stream.destroy();
      await rm(path, { force: true });
    },
  };
}

/**
 * One cell as the workbook has it. Excel has no time zones: a moment is stored as its IST
 * wall-clock time, and a date column holds the IST day alone (so a filter or a comparison with
 * DATE() finds it).
 */
function xlsxCell(kind: ColumnKind, v: ReportCell): ReportCell {
  if (v instanceof Date) {
    const ist = v.getTime() + IST_MS;
    return new Date(kind === 'date' ? ist - (ist % DAY_MS) : ist);
  }
  if (typeof v === 'string') return v === '' ? null : safeCell(v);
  return v;
}

/** A1-style letters of a 1-based column number. */
function columnLetters(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

async function xlsxWriter(path: string, columns: FileColumn[], sheetName: string): Promise<RowWriter> {
  // loaded only for a workbook: a CSV worker never carries it
  const { default: ExcelJS } = await import('exceljs');
  const kinds = columns.map((c) => c.kind);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName.slice(0, 31), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
  });
  sheet.columns = columns.map((c) => ({
    width: Math.max(WIDTHS[c.kind], c.label.length + 2),
    style: XLSX_FORMATS[c.kind] ? { numFmt: XLSX_FORMATS[c.kind] } : {},
  }));
  const header = sheet.addRow(columns.map((c) => c.label));
  header.font = { bold: true };
  header.commit();
  sheet.autoFilter = `A1:${columnLetters(columns.length)}1`;
  return {
    async write(rows) {
      for (const r of rows) sheet.addRow(r.map((v, i) => xlsxCell(kinds[i], v))).commit();
    },
    async close() {
      sheet.commit();
      await book.commit();
      return (await stat(path)).size;
    },
    async abort() {
      await book.commit().catch(() => {});
      await rm(path, { force: true });
    },
  };
}

export async function openRowWriter(
  format: ReportFormat,
  path: string,
  columns: FileColumn[],
  sheetName: string,
): Promise<RowWriter> {
  return format === 'XLSX' ? xlsxWriter(path, columns, sheetName) : csvWriter(path, columns);
}

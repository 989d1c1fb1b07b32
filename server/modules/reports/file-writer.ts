import { createWriteStream, type WriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { csvRecords, safeCell, type Cell } from '../../http/csv';
import type { ReportFormat } from '../../../src/domain/reports';

// A report file written a batch of rows at a time, straight to disk: CSV exactly as the lists'
// exports write it (BOM, CRLF, spreadsheet formulas defused), or XLSX through exceljs's
// streaming workbook writer (rows committed as they come, no shared-strings table).

export interface RowWriter {
  write(rows: Cell[][]): Promise<void>;
  /** finishes the file; its size in bytes */
  close(): Promise<number>;
  /** drops a half-written file */
  abort(): Promise<void>;
}

async function put(stream: WriteStream, text: string) {
  if (!stream.write(text)) await once(stream, 'drain');
}

function csvWriter(path: string, header: string[]): RowWriter {
  const stream = createWriteStream(path);
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    await put(stream, `\uFEFF${csvRecords([header])}`);
  };
  return {
    async write(rows) {
      await start();
      if (rows.length) await put(stream, csvRecords(rows));
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

async function xlsxWriter(path: string, header: string[], sheetName: string): Promise<RowWriter> {
  // loaded only for a workbook: a CSV worker never carries it
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName.slice(0, 31));
  sheet.addRow(header).commit();
  return {
    async write(rows) {
      for (const r of rows) sheet.addRow(r.map(safeCell)).commit();
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
  header: string[],
  sheetName: string,
): Promise<RowWriter> {
  return format === 'XLSX' ? xlsxWriter(path, header, sheetName) : csvWriter(path, header);
}

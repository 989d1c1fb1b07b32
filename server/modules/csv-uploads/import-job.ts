import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { csvUploadErrors, csvUploads } from '../../db/schema';
import { cellsOf, readHeader, type RowProblem } from './csv-cells';
import { parseCsv } from './csv-records';
import type { CsvImportKind, CsvRow } from './import-kind';

// The import job of every kind of CSV upload. Records go in chunks; each chunk's records, its
// rejected rows and the upload's progress commit in one transaction, so a crash or a retry
// resumes after the last whole chunk and never leaves half a record or counts a row twice.
// Rows are checked one record at a time, so a bad row never blocks the good ones.

export const CHUNK_ROWS = 2500;
/** records read between yields to the event loop */
const YIELD_EVERY = 200;

interface Rejected {
  rowNumber: number;
  columnName: string;
  reason: string;
  cells: string[];
}

/** Rows into records: consecutive rows sharing a non-empty group key are one record. */
function groupRows(kind: CsvImportKind, rows: CsvRow[]): CsvRow[][] {
  if (!kind.groupKey) return rows.map((r) => [r]);
  const records: CsvRow[][] = [];
  let lastKey = '';
  for (const row of rows) {
    const key = kind.groupKey(row.cell).trim().toLowerCase();
    if (key !== '' && key === lastKey) records[records.length - 1].push(row);
    else records.push([row]);
    lastKey = key;
  }
  return records;
}

/** Records into chunks of about CHUNK_ROWS rows, never splitting a record. */
function chunksOf(records: CsvRow[][]): CsvRow[][][] {
  const chunks: CsvRow[][][] = [];
  let current: CsvRow[][] = [];
  let rows = 0;
  for (const record of records) {
    if (rows > 0 && rows + record.length > CHUNK_ROWS) {
      chunks.push(current);
      current = [];
      rows = 0;
    }
    current.push(record);
    rows += record.length;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

async function fail(deps: AppDeps, uploadId: number, error: string) {
  await deps.db
    .update(csvUploads)
    .set({ status: 'FAILED', error, content: null, finishedAt: deps.now() })
    .where(eq(csvUploads.id, uploadId));
}

export async function runCsvImport(deps: AppDeps, kind: CsvImportKind, uploadId: number): Promise<void> {
  const [upload] = await deps.db.select().from(csvUploads).where(eq(csvUploads.id, uploadId));
  if (
    !upload ||
    upload.kind !== kind.kind ||
    upload.status === 'DONE' ||
    upload.status === 'FAILED' ||
    upload.content === null
  )
    return;
  await deps.db.update(csvUploads).set({ status: 'IN_PROGRESS' }).where(eq(csvUploads.id, uploadId));

  const parsed = parseCsv(upload.content);
  const header = readHeader(kind.layout, parsed[0] ?? []);
  if ('problem' in header) return fail(deps, uploadId, header.problem);
  // a row of only empty cells (a spreadsheet's trailing lines) is not data
  const rows = parsed
    .map((cells, i) => ({ cells, rowNumber: i + 1 }))
    .slice(1)
    .filter((r) => r.cells.some((c) => c.trim() !== ''))
    .map((r): CsvRow => ({ ...r, cell: cellsOf(r.cells, header.index) }));
  if (rows.length !== upload.totalRows) {
    await deps.db.update(csvUploads).set({ totalRows: rows.length }).where(eq(csvUploads.id, uploadId));
  }
  const importer = await kind.open(deps, {
    orgId: upload.orgId,
    accountId: upload.accountId,
    uploadId,
    fileName: upload.fileName,
  });
  const canonical = (cells: string[]) => kind.layout.columns.map((c) => cells[header.index.get(c) ?? -1] ?? '');
  const reject = (record: CsvRow[], at: number, problem: RowProblem): Rejected[] =>
    record.map((row) =>
      row.rowNumber === at
        ? { rowNumber: row.rowNumber, columnName: problem.column, reason: problem.reason, cells: canonical(row.cells) }
        : {
            rowNumber: row.rowNumber,
            columnName: '',
            reason: `Not imported: row ${at} of the same order has an error`,
            cells: canonical(row.cells),
          },
    );
  // first row of each unique key in the file, so a repeat says where the first one is
  const firstRowOf = new Map<string, number>();

  /** A chunk's records read and checked; yields to the event loop now and then so the previous chunk's writes go on meanwhile. */
  async function readChunk(chunk: CsvRow[][]) {
    const good: { record: CsvRow[]; rowNumber: number; input: unknown }[] = [];
    const rejected: Rejected[] = [];
    for (const [n, record] of chunk.entries()) {
      if (n % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resume) => setImmediate(resume));
      const result = importer.read(record);
      if ('problem' in result) {
        rejected.push(...reject(record, result.rowNumber, result.problem));
        continue;
      }
      const key = importer.unique?.key(result.input);
      if (key) {
        const first = firstRowOf.get(key);
        if (first !== undefined) {
          rejected.push(...reject(record, record[0].rowNumber, importer.unique!.repeated(result.input, first)));
          continue;
        }
        firstRowOf.set(key, record[0].rowNumber);
      }
      good.push({ record, rowNumber: record[0].rowNumber, input: result.input });
    }
    return { good, rejected, rows: chunk.reduce((n, r) => n + r.length, 0) };
  }

  const chunks = chunksOf(groupRows(kind, rows));
  let processed = 0;
  let reading = chunks.length ? readChunk(chunks[0]) : null;
  for (let c = 0; reading; c++) {
    const { good, rejected, rows: chunkRows } = await reading;
    // the next chunk is read while this one is written
    reading = c + 1 < chunks.length ? readChunk(chunks[c + 1]) : null;
    processed += chunkRows;
    // chunks up to processedRows committed already (a retried job): only their keys were wanted
    if (processed <= upload.processedRows) continue;

    await deps.db.transaction(async (tx) => {
      let written = 0;
      if (good.length) {
        const result = await importer.write(tx, good);
        written = result.written;
        for (const { at, problem } of result.refused)
          rejected.push(...reject(good[at].record, good[at].rowNumber, problem));
      }
      if (rejected.length) await tx.insert(csvUploadErrors).values(rejected.map((r) => ({ uploadId, ...r })));
      await tx
        .update(csvUploads)
        .set({
          processedRows: processed,
          createdRows: sql`${csvUploads.createdRows} + ${written}`,
          rejectedRows: sql`${csvUploads.rejectedRows} + ${rejected.length}`,
        })
        .where(eq(csvUploads.id, uploadId));
    });
    await importer.afterCommit?.();
  }
  await deps.db
    .update(csvUploads)
    .set({ status: 'DONE', content: null, processedRows: rows.length, totalRows: rows.length, finishedAt: deps.now() })
    .where(eq(csvUploads.id, uploadId));
}

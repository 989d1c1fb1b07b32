import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { AppDeps } from '../../deps';
import { csvUploadErrors, csvUploads } from '../../db/schema';
import { cellsOf, combinedProblem, readHeader } from './csv-cells';
import { parseCsv } from './csv-records';
import { reasonIn, type CsvKind, type CsvRow, type RecordHandler, type RowProblem } from './kind';

// The import job of every kind of CSV upload. Records go in chunks; each chunk's records, its
// rejected rows and the upload's progress commit in one transaction, so a crash or a retry
// resumes after the last whole chunk and never leaves half a record or counts a row twice.
// Rows are checked one record at a time, so a bad row never blocks the good ones, and every
// problem of a row is told at once: the kind's own checks of its cells, then its row schema.

export const CHUNK_ROWS = 2500;
/**
 * How long the reader runs before it yields to the event loop (ms): the chunk being written waits
 * this long at most for each answer from the database to be taken up.
 */
const READ_SLICE_MS = 4;

interface Rejected {
  rowNumber: number;
  columnName: string;
  reason: string;
  cells: string[];
}

/** Rows into records: consecutive rows sharing a non-empty group key are one record. */
function groupRows(kind: CsvKind, rows: CsvRow[]): CsvRow[][] {
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

/** Every problem of a record: the handler's, then the schema's on columns not told yet; by row index. */
export function recordProblems(
  kind: CsvKind,
  handler: Pick<RecordHandler<unknown, unknown>, 'read'>,
  record: CsvRow[],
): { problems: RowProblem[]; parsed?: unknown } {
  const { candidate, problems } = handler.read(record);
  const parsed = v.safeParse(kind.rowSchema, candidate, { abortEarly: false });
  if (parsed.success && problems.length === 0) return { problems, parsed: parsed.output };
  const told = new Set(problems.map((p) => `${p.at ?? 0}:${p.column}`));
  for (const issue of parsed.issues ?? []) {
    const keys = (issue.path ?? []).map((p) => p.key as string | number);
    const place = kind.issueAt
      ? kind.issueAt(keys, issue.message)
      : { at: 0, column: String(keys[0] ?? kind.columns[0].name) };
    if (!place) continue;
    const key = `${place.at}:${place.column}`;
    if (told.has(key)) continue;
    told.add(key);
    problems.push({ column: place.column, reason: issue.message, at: place.at });
  }
  return { problems };
}

export async function runCsvImport(deps: AppDeps, kind: CsvKind, uploadId: number): Promise<void> {
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
  const header = readHeader(kind.columns, parsed[0] ?? []);
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
  const handler = await kind.open(deps, {
    // a staff kind's upload belongs to no seller: its rows name theirs
    orgId: upload.orgId ?? 0,
    accountId: upload.accountId,
    uploadId,
    fileName: upload.fileName,
  });
  const canonical = (cells: string[]) => kind.columns.map((c) => cells[header.index.get(c.name) ?? -1] ?? '');
  const labels = new Map(kind.columns.map((c) => [c.name, c.label]));
  /** The record's rows as error lines: each bad row with all its problems, the others as not imported. */
  const reject = (record: CsvRow[], problems: RowProblem[]): Rejected[] => {
    const worded = problems.map((p) => ({ ...p, reason: reasonIn(labels.get(p.column) ?? p.column, p.reason) }));
    const first = record[Math.min(...worded.map((p) => p.at ?? 0))].rowNumber;
    return record.map((row, at) => {
      const own = worded.filter((p) => (p.at ?? 0) === at);
      const line = own.length
        ? combinedProblem(own)
        : { column: '', reason: `Not imported: row ${first} of the same order has an error` };
      return { rowNumber: row.rowNumber, columnName: line.column, reason: line.reason, cells: canonical(row.cells) };
    });
  };
  // first row of each unique key in the file, so a repeat says where the first one is
  const firstRowOf = new Map<string, number>();

  /**
   * A chunk's records read and checked, and what its writing needs read from the database; yields
   * to the event loop now and then so the previous chunk's writes go on meanwhile.
   */
  async function readChunk(chunk: CsvRow[][], alreadyCommitted: boolean) {
    const good: { record: CsvRow[]; rowNumber: number; input: unknown }[] = [];
    const rejected: Rejected[] = [];
    let sliceStart = performance.now();
    for (const record of chunk) {
      if (performance.now() - sliceStart > READ_SLICE_MS) {
        await new Promise((resume) => setImmediate(resume));
        sliceStart = performance.now();
      }
      const { problems, parsed } = recordProblems(kind, handler, record);
      if (problems.length) {
        rejected.push(...reject(record, problems));
        continue;
      }
      const input = handler.build(parsed, record);
      const key = handler.unique?.key(input);
      if (key) {
        const first = firstRowOf.get(key);
        if (first !== undefined) {
          rejected.push(...reject(record, [handler.unique!.repeated(input, first)]));
          continue;
        }
        firstRowOf.set(key, record[0].rowNumber);
      }
      good.push({ record, rowNumber: record[0].rowNumber, input });
    }
    const prepared = handler.prepare && good.length && !alreadyCommitted ? await handler.prepare(good) : undefined;
    return { good, rejected, prepared, rows: chunk.reduce((n, r) => n + r.length, 0) };
  }

  const chunks = chunksOf(groupRows(kind, rows));
  // rows up to the end of each chunk: chunks up to processedRows committed already (a retried job)
  const ends = chunks.map((chunk) => chunk.reduce((n, r) => n + r.length, 0));
  for (let c = 1; c < ends.length; c++) ends[c] += ends[c - 1];
  const read = (c: number) => readChunk(chunks[c], ends[c] <= upload.processedRows);
  let processed = 0;
  let reading = chunks.length ? read(0) : null;
  for (let c = 0; reading; c++) {
    const { good, rejected, prepared, rows: chunkRows } = await reading;
    // the next chunk is read while this one is written
    reading = c + 1 < chunks.length ? read(c + 1) : null;
    processed += chunkRows;
    // chunks up to processedRows committed already (a retried job): only their keys were wanted
    if (processed <= upload.processedRows) continue;

    await deps.db.transaction(async (tx) => {
      let written = 0;
      if (good.length) {
        const result = await handler.write(tx, good, prepared);
        written = result.written;
        for (const { at, problem } of result.refused) rejected.push(...reject(good[at].record, [problem]));
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
    await handler.afterCommit?.();
  }
  await deps.db
    .update(csvUploads)
    .set({ status: 'DONE', content: null, processedRows: rows.length, totalRows: rows.length, finishedAt: deps.now() })
    .where(eq(csvUploads.id, uploadId));
}

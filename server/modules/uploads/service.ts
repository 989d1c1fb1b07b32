import { and, asc, count, desc, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { csvUploadErrors, csvUploads } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { csvText } from '../../http/csv';
import type { Paged } from '../../../src/domain/paging';
import type { CsvUploadRow, UploadKind, UploadOperations, UploadState } from '../../../src/domain/uploads-contract';
import { pathOf } from '../../../src/domain/operation';
import { countRecords, ERROR_COLUMNS, MAX_UPLOAD_ROWS, readHeader } from './csv-cells';
import { parseCsv } from './csv-records';
import type { CsvKind } from './kind';

// CSV uploads of any kind: the file is checked at once for what can be told without reading every
// row (size, encoding, header, row count), stored, and imported by a background job. Every
// query is scoped by the seller's organisation and the kind: another's upload is a 404.

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

// an upload as its status, list and history read it: every column but the file's text, which
// only the import job reads (a progress poll of a 100,000-row file would carry it each time)
const { content: _content, ...SHOWN } = getTableColumns(csvUploads);
type Upload = Omit<typeof csvUploads.$inferSelect, 'content'>;

export function toUploadRow(u: Upload, ops: UploadOperations): CsvUploadRow {
  const done = u.status === 'DONE';
  return {
    uploadId: u.id,
    kind: u.kind as UploadKind,
    fileName: u.fileName,
    status: u.status as UploadState,
    percent: done ? 100 : u.totalRows > 0 ? Math.floor((u.processedRows / u.totalRows) * 100) : 0,
    totalRows: u.totalRows,
    processedRows: u.processedRows,
    result: done
      ? {
          created: u.createdRows,
          rejected: u.rejectedRows,
          errorFileUrl: u.rejectedRows > 0 ? pathOf(ops.errorCsv, { uploadId: u.id }) : null,
        }
      : null,
    error: u.error,
    createdAt: u.createdAt.toISOString(),
    finishedAt: u.finishedAt?.toISOString() ?? null,
  };
}

/** The header of the sample file, which the error file repeats. */
const headerOf = (kind: CsvKind) => kind.columns.map((c) => c.name);

export function sampleCsv(kind: CsvKind): string {
  return csvText(headerOf(kind), kind.sampleRows);
}

/** The file's text, or a clear refusal: empty, not UTF-8, not CSV-shaped, wrong header, too many rows. */
export function checkFile(kind: CsvKind, bytes: Uint8Array): { text: string; rows: number } {
  if (bytes.byteLength === 0) throw badRequest('The file is empty');
  if (bytes.byteLength > MAX_UPLOAD_BYTES)
    throw new ApiError(413, 'The file is larger than 50 MB; split it into smaller files');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badRequest(
      'The file is not UTF-8 text. In Excel choose "Save As → CSV UTF-8 (Comma delimited)" and upload again',
    );
  }
  if (text.includes('\u0000')) throw badRequest('The file is not a CSV text file');
  if (text.trim() === '') throw badRequest('The file is empty');
  const firstLineEnd = text.search(/\r?\n/);
  const headerLine = firstLineEnd === -1 ? text : text.slice(0, firstLineEnd);
  const header = readHeader(kind.columns, parseCsv(headerLine)[0] ?? []);
  if ('problem' in header) throw badRequest(header.problem);
  const rows = countRecords(text) - 1;
  if (rows <= 0) throw badRequest(`The file has a header but no ${kind.rowNoun}`);
  if (rows > MAX_UPLOAD_ROWS) {
    throw badRequest(
      `The file has ${rows.toLocaleString('en-IN')} rows; upload at most ${MAX_UPLOAD_ROWS.toLocaleString('en-IN')} rows per file`,
    );
  }
  return { text, rows };
}

export interface UploadOwner {
  /** the seller's organisation; null for a staff kind's upload */
  orgId: number | null;
  accountId: number;
}

export async function acceptUpload(
  deps: AppDeps,
  kind: CsvKind,
  owner: UploadOwner,
  fileName: string,
  bytes: Uint8Array,
): Promise<CsvUploadRow> {
  if (!/\.csv$/i.test(fileName)) throw badRequest('Please choose a .csv file');
  const { text, rows } = checkFile(kind, bytes);
  const [upload] = await deps.db
    .insert(csvUploads)
    .values({
      orgId: owner.orgId,
      kind: kind.kind,
      accountId: owner.accountId,
      fileName: fileName.slice(0, 200),
      content: text,
      totalRows: rows,
      createdAt: deps.now(),
    })
    .returning(SHOWN);
  await deps.jobs.send(kind.queue, { uploadId: upload.id });
  return toUploadRow(upload, kind.ops);
}

/** A kind's uploads of one seller, or (orgId null) a staff kind's uploads. */
const ofKind = (orgId: number | null, kind: UploadKind) =>
  and(orgId === null ? isNull(csvUploads.orgId) : eq(csvUploads.orgId, orgId), eq(csvUploads.kind, kind));

export async function listUploads(
  db: Db,
  { kind, ops }: CsvKind,
  orgId: number | null,
  q: { pageNumber: number; recordsPerPage: number },
): Promise<Paged<CsvUploadRow>> {
  const where = ofKind(orgId, kind);
  const [{ total }] = await db.select({ total: count() }).from(csvUploads).where(where);
  const rows = await db
    .select(SHOWN)
    .from(csvUploads)
    .where(where)
    .orderBy(desc(csvUploads.id))
    .limit(q.recordsPerPage)
    .offset(q.pageNumber * q.recordsPerPage);
  return {
    items: rows.map((r) => toUploadRow(r, ops)),
    total,
    pageNumber: q.pageNumber,
    recordsPerPage: q.recordsPerPage,
  };
}

async function ownUpload(db: Db, kind: UploadKind, orgId: number | null, id: number): Promise<Upload> {
  const [row] = await db
    .select(SHOWN)
    .from(csvUploads)
    .where(and(eq(csvUploads.id, id), ofKind(orgId, kind)));
  if (!row) throw notFound('No such upload');
  return row;
}

export async function getUpload(
  db: Db,
  { kind, ops }: CsvKind,
  orgId: number | null,
  id: number,
): Promise<CsvUploadRow> {
  return toUploadRow(await ownUpload(db, kind, orgId, id), ops);
}

export async function latestUpload(db: Db, { kind, ops }: CsvKind, orgId: number | null): Promise<CsvUploadRow | null> {
  const [row] = await db
    .select(SHOWN)
    .from(csvUploads)
    .where(ofKind(orgId, kind))
    .orderBy(desc(csvUploads.id))
    .limit(1);
  return row ? toUploadRow(row, ops) : null;
}

/**
 * The rejected rows as sent, under the sample file's header (the seller's columns in the sample's
 * order), each followed by its row number, its columns and every reason. Fixed in place, the
 * file can be uploaded again as it is.
 */
export async function errorsCsv(db: Db, kind: CsvKind, orgId: number | null, id: number): Promise<string> {
  await ownUpload(db, kind.kind, orgId, id);
  const rows = await db
    .select()
    .from(csvUploadErrors)
    .where(eq(csvUploadErrors.uploadId, id))
    .orderBy(asc(csvUploadErrors.rowNumber));
  return csvText(
    [...headerOf(kind), ...ERROR_COLUMNS],
    rows.map((r) => [...r.cells, r.rowNumber, r.columnName, r.reason]),
  );
}

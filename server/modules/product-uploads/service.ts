import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { productUploadErrors, productUploads } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { csvText } from '../../http/csv';
import type { Paged } from '../../../src/domain/api';
import { API_PRODUCTS, type ProductUploadRow, type UploadState } from '../../../src/domain/api-setup';
import { countRecords, ERROR_COLUMNS, MAX_UPLOAD_ROWS, PRODUCT_CSV_COLUMNS, readHeader, SAMPLE_ROWS } from './csv-format';
import { parseCsv } from './csv-records';

// Products CSV uploads: the file is checked at once for what can be told without reading every
// row (size, encoding, header, row count), stored, and imported by a background job.

export const IMPORT_QUEUE = 'products-import';
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

type Upload = typeof productUploads.$inferSelect;

export function toUploadRow(u: Upload): ProductUploadRow {
  const done = u.status === 'DONE';
  return {
    uploadId: u.id,
    fileName: u.fileName,
    status: u.status as UploadState,
    percent: done ? 100 : u.totalRows > 0 ? Math.floor((u.processedRows / u.totalRows) * 100) : 0,
    totalRows: u.totalRows,
    processedRows: u.processedRows,
    result: done ? { created: u.createdRows, rejected: u.rejectedRows, errorFileUrl: u.rejectedRows > 0 ? API_PRODUCTS.uploadErrors(u.id) : null } : null,
    error: u.error,
    createdAt: u.createdAt.toISOString(),
    finishedAt: u.finishedAt?.toISOString() ?? null,
  };
}

export function sampleCsv(): string {
  return csvText([...PRODUCT_CSV_COLUMNS], SAMPLE_ROWS);
}

/** The file's text, or a clear refusal: empty, not UTF-8, not CSV-shaped, wrong header, too many rows. */
export function checkFile(bytes: Uint8Array): { text: string; rows: number } {
  if (bytes.byteLength === 0) throw badRequest('The file is empty');
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new ApiError(413, 'The file is larger than 50 MB; split it into smaller files');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badRequest('The file is not UTF-8 text. In Excel choose "Save As → CSV UTF-8 (Comma delimited)" and upload again');
  }
  if (text.includes('\u0000')) throw badRequest('The file is not a CSV text file');
  if (text.trim() === '') throw badRequest('The file is empty');
  const firstLineEnd = text.search(/\r?\n/);
  const headerLine = firstLineEnd === -1 ? text : text.slice(0, firstLineEnd);
  const header = readHeader(parseCsv(headerLine)[0] ?? []);
  if ('problem' in header) throw badRequest(header.problem);
  const rows = countRecords(text) - 1;
  if (rows <= 0) throw badRequest('The file has a header but no product rows');
  if (rows > MAX_UPLOAD_ROWS) {
    throw badRequest(`The file has ${rows.toLocaleString('en-IN')} rows; upload at most ${MAX_UPLOAD_ROWS.toLocaleString('en-IN')} rows per file`);
  }
  return { text, rows };
}

export async function acceptUpload(deps: AppDeps, orgId: number, accountId: number, fileName: string, bytes: Uint8Array): Promise<ProductUploadRow> {
  if (!/\.csv$/i.test(fileName)) throw badRequest('Please choose a .csv file');
  const { text, rows } = checkFile(bytes);
  const [upload] = await deps.db
    .insert(productUploads)
    .values({ orgId, accountId, fileName: fileName.slice(0, 200), content: text, totalRows: rows, createdAt: deps.now() })
    .returning();
  await deps.jobs.send(IMPORT_QUEUE, { uploadId: upload.id });
  return toUploadRow(upload);
}

export async function listUploads(db: Db, orgId: number, q: { pageNumber: number; recordsPerPage: number }): Promise<Paged<ProductUploadRow>> {
  const where = eq(productUploads.orgId, orgId);
  const [{ total }] = await db.select({ total: count() }).from(productUploads).where(where);
  const rows = await db
    .select()
    .from(productUploads)
    .where(where)
    .orderBy(desc(productUploads.id))
    .limit(q.recordsPerPage)
    .offset(q.pageNumber * q.recordsPerPage);
  return { items: rows.map(toUploadRow), total, pageNumber: q.pageNumber, recordsPerPage: q.recordsPerPage };
}

async function ownUpload(db: Db, orgId: number, id: number): Promise<Upload> {
  const [row] = await db.select().from(productUploads).where(and(eq(productUploads.id, id), eq(productUploads.orgId, orgId)));
  if (!row) throw notFound('No such upload');
  return row;
}

export async function getUpload(db: Db, orgId: number, id: number): Promise<ProductUploadRow> {
  return toUploadRow(await ownUpload(db, orgId, id));
}

export async function latestUpload(db: Db, orgId: number): Promise<ProductUploadRow | null> {
  const [row] = await db.select().from(productUploads).where(eq(productUploads.orgId, orgId)).orderBy(desc(productUploads.id)).limit(1);
  return row ? toUploadRow(row) : null;
}

/**
 * The rejected rows as sent (in the sample's column order), each followed by its row number,
 * column and reason. Fixed in place, the file can be uploaded again as it is.
 */
export async function errorsCsv(db: Db, orgId: number, id: number): Promise<string> {
  await ownUpload(db, orgId, id);
  const rows = await db.select().from(productUploadErrors).where(eq(productUploadErrors.uploadId, id)).orderBy(asc(productUploadErrors.rowNumber));
  return csvText([...PRODUCT_CSV_COLUMNS, ...ERROR_COLUMNS], rows.map((r) => [...r.cells, r.rowNumber, r.columnName, r.reason]));
}

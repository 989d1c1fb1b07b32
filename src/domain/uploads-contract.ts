import * as v from 'valibot';
import { operation } from './operation';
import { numericId } from './params';
import { pagedSchema, pagingEntries } from './paging';

// CSV bulk uploads, the same for every kind: the operations under a base, and an upload's progress.

export const UPLOAD_KINDS = [
  'PRODUCTS',
  'ORDERS',
  'ORDER_UPDATES',
  'RETURNS',
  'WEIGHT_DISCREPANCIES',
  'COD_REMITTANCE_UTR',
  'B2B_ORDERS',
] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UPLOAD_STATES = ['PENDING', 'IN_PROGRESS', 'DONE', 'FAILED'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/** What a kind's operations say of its files: the rows it holds ("product rows") and its download names' stem. */
export interface UploadAbout {
  rowNoun: string;
  /** dakiya-<stem>-sample.csv, <stem>-upload-<id>-errors.csv */
  fileStem: string;
}

const byId = v.object({ uploadId: numericId('uploadId') });
/** An upload history's query: the page and its size. */
export const UploadPagingQuery = v.object({
  pageNumber: pagingEntries.pageNumber,
  recordsPerPage: pagingEntries.recordsPerPage,
});

/** The operations of one kind of upload, all under `base`, in the OpenAPI document under `tag`. */
export function uploadOperations(base: string, tag: string, about: UploadAbout) {
  return {
    sample: operation({
      method: 'get',
      path: `${base}/sample.csv`,
      tag,
      summary: `The CSV header with example ${about.rowNoun}`,
      returns: `text/csv attachment dakiya-${about.fileStem}-sample.csv: the header and example rows`,
      response: { file: 'text/csv' },
    }),
    latest: operation({
      method: 'get',
      path: `${base}/latest`,
      tag,
      summary: 'The previous upload and its status, or null',
      response: v.nullable(CsvUploadRowSchema),
    }),
    history: operation({
      method: 'get',
      path: base,
      tag,
      query: UploadPagingQuery,
      summary: 'Upload history, newest first (page 0, 10 a page by default)',
      response: pagedSchema(CsvUploadRowSchema),
    }),
    upload: operation({
      method: 'post',
      path: base,
      tag,
      multipart: true,
      summary: `Upload a CSV of ${about.rowNoun} (field "file", UTF-8, at most 50 MB and 100,000 rows); it is imported in the background`,
      errors: { 413: 'the file is larger than 50 MB' },
      returns: `The upload, PENDING at first: poll GET ${base}/{uploadId}`,
      response: CsvUploadRowSchema,
    }),
    status: operation({
      method: 'get',
      path: `${base}/:uploadId`,
      tag,
      params: byId,
      summary: 'One upload: PENDING, IN_PROGRESS or DONE with a percent, or FAILED with the reason',
      errors: { 404: 'no such upload of yours' },
      response: CsvUploadRowSchema,
    }),
    errorCsv: operation({
      method: 'get',
      path: `${base}/:uploadId/errors.csv`,
      tag,
      params: byId,
      summary:
        "An upload's rejected rows as CSV: the sample's header plus errorRow, errorColumn and errorReason, every problem of a row told",
      errors: { 404: 'no such upload of yours' },
      returns: `text/csv attachment ${about.fileStem}-upload-{uploadId}-errors.csv: each rejected row as sent, its row number, its columns (as the header names them) and its reasons (each naming the field by its label), "; " between problems`,
      response: { file: 'text/csv' },
    }),
  };
}
export type UploadOperations = ReturnType<typeof uploadOperations>;

/** One CSV upload and its progress; `result` is set once DONE. */
export const CsvUploadRowSchema = v.object({
  uploadId: v.number(),
  kind: v.picklist(UPLOAD_KINDS),
  fileName: v.string(),
  status: v.picklist(UPLOAD_STATES),
  percent: v.number(),
  totalRows: v.number(),
  processedRows: v.number(),
  /** created: rows that made a new record (for order updates: orders changed) */
  result: v.nullable(v.object({ created: v.number(), rejected: v.number(), errorFileUrl: v.nullable(v.string()) })),
  error: v.nullable(v.string()),
  createdAt: v.string(),
  finishedAt: v.nullable(v.string()),
});
export type CsvUploadRow = v.InferOutput<typeof CsvUploadRowSchema>;

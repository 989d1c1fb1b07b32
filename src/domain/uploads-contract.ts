import * as v from 'valibot';

// CSV bulk uploads, the same for every kind: the paths under a base, and an upload's progress.

export const UPLOAD_KINDS = [
  'PRODUCTS',
  'ORDERS',
  'ORDER_UPDATES',
  'RETURNS',
  'WEIGHT_DISCREPANCIES',
  'COD_REMITTANCE_UTR',
] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UPLOAD_STATES = ['PENDING', 'IN_PROGRESS', 'DONE', 'FAILED'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/** The routes of one kind of upload, all under `base`. */
export function uploadPaths(base: string) {
  return {
    sampleCsv: `${base}/sample.csv`, // GET text/csv: header and example rows
    uploads: base, // GET paged history (pageNumber 0, recordsPerPage 10, newest first); POST multipart 'file' → CsvUploadRow
    upload: (id: number | string) => `${base}/${id}`, // GET → CsvUploadRow (poll while PENDING / IN_PROGRESS)
    latestUpload: `${base}/latest`, // GET → CsvUploadRow | null (previous upload status)
    uploadErrors: (id: number | string) => `${base}/${id}/errors.csv`, // GET text/csv of rejected rows
  };
}
export type UploadPaths = ReturnType<typeof uploadPaths>;

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

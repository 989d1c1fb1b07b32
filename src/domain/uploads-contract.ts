// CSV bulk uploads, the same for every kind: the paths under a base, and an upload's progress.

export const UPLOAD_KINDS = ['PRODUCTS', 'ORDERS', 'ORDER_UPDATES'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export type UploadState = 'PENDING' | 'IN_PROGRESS' | 'DONE' | 'FAILED';

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
export interface CsvUploadRow {
  uploadId: number;
  kind: UploadKind;
  fileName: string;
  status: UploadState;
  percent: number;
  totalRows: number;
  processedRows: number;
  /** created: rows that made a new record (for order updates: orders changed) */
  result: { created: number; rejected: number; errorFileUrl: string | null } | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

import type { CsvUploadRow, UploadPaths } from '../domain/uploads-contract';
import { dataOf } from './answer';
import type { Http } from './types';

// CSV bulk uploads of any kind, by the kind's paths.

export const downloadSampleCsv = (http: Http, paths: UploadPaths): Promise<Blob> => http.download(paths.sampleCsv);
export const uploadCsv = async (
  http: Http,
  paths: UploadPaths,
  file: File,
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
): Promise<CsvUploadRow> => {
  const form = new FormData();
  form.set('file', file);
  return (await http.uploadWithProgress<{ data: CsvUploadRow }>(paths.uploads, form, onProgress, signal)).data;
};
export const fetchUpload = (http: Http, paths: UploadPaths, uploadId: number | string): Promise<CsvUploadRow> =>
  dataOf(http.get(paths.upload(uploadId)));
export const fetchLatestUpload = (http: Http, paths: UploadPaths): Promise<CsvUploadRow | null> =>
  dataOf(http.get(paths.latestUpload));
export const downloadUploadErrors = (http: Http, paths: UploadPaths, uploadId: number): Promise<Blob> =>
  http.download(paths.uploadErrors(uploadId));

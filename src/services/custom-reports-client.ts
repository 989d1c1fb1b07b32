import {
  API_CUSTOM_REPORTS,
  type DatasetRow,
  type RecipientRow,
  type ReportPreview,
  type SavedReportRow,
} from '../domain/custom-reports-contract';
import type { ReportDefinition } from '../domain/custom-reports';
import { dataOf } from './answer';
import type { Http } from './types';

// The custom report builder's calls (src/domain/custom-reports-contract.ts).

export const fetchDatasets = (http: Http): Promise<DatasetRow[]> => dataOf(http.get(API_CUSTOM_REPORTS.datasets));
export const fetchSavedReports = (http: Http): Promise<SavedReportRow[]> => dataOf(http.get(API_CUSTOM_REPORTS.saved));
export const fetchRecipients = (http: Http): Promise<RecipientRow[]> => dataOf(http.get(API_CUSTOM_REPORTS.recipients));
export const previewReport = (http: Http, d: ReportDefinition): Promise<ReportPreview> =>
  dataOf(http.post(API_CUSTOM_REPORTS.preview, d));
export const downloadCustomReport = (http: Http, d: ReportDefinition, format: 'XLSX' | 'CSV'): Promise<Blob> =>
  http.downloadPost(API_CUSTOM_REPORTS.download, { ...d, format });
export const saveReport = (
  http: Http,
  reportId: number | null,
  body: Record<string, unknown>,
): Promise<SavedReportRow> =>
  dataOf(
    reportId === null ? http.post(API_CUSTOM_REPORTS.saved, body) : http.put(API_CUSTOM_REPORTS.one(reportId), body),
  );
export const deleteSavedReport = (http: Http, reportId: number): Promise<{ deleted: boolean }> =>
  dataOf(http.delete(API_CUSTOM_REPORTS.one(reportId)));

import {
  API_REPORTS,
  type ReportRequestRow,
  type ReportScheduleRow,
  type ReportStats,
  type ReportTypeRow,
} from '../domain/reports-contract';
import { requestBody, type ReportForm } from '../domain/schemas/report';
import { dataOf } from './answer';
import type { Http } from './types';

// Report calls (src/domain/reports-contract.ts). The list of requests goes through the list view.

export const fetchReportTypes = (http: Http): Promise<ReportTypeRow[]> => dataOf(http.get(API_REPORTS.types));
export const fetchReportStats = (http: Http, fromDate: string, toDate: string): Promise<ReportStats> =>
  dataOf(http.get(API_REPORTS.stats, { fromDate, toDate }));
export const requestReport = (http: Http, form: ReportForm): Promise<ReportRequestRow> =>
  dataOf(http.post(API_REPORTS.list, requestBody(form)));
export const fetchReport = (http: Http, reportId: number): Promise<ReportRequestRow> =>
  dataOf(http.get(API_REPORTS.report(reportId)));
export const downloadReport = (http: Http, reportId: number): Promise<Blob> =>
  http.download(API_REPORTS.download(reportId));

export interface ScheduleForm extends ReportForm {
  frequency: 'DAILY' | 'WEEKLY' | 'MONTHLY';
  email: string;
}

/** A schedule's body: the form's report without its period (each run takes its own). */
function scheduleBody(form: ScheduleForm, active = true) {
  const { fromDate: _from, toDate: _to, ...rest } = form;
  return { ...requestBody({ ...rest, fromDate: '', toDate: '' } as ReportForm), active };
}

export const fetchSchedules = (http: Http): Promise<ReportScheduleRow[]> => dataOf(http.get(API_REPORTS.scheduled));
export const createSchedule = (http: Http, form: ScheduleForm): Promise<ReportScheduleRow> =>
  dataOf(http.post(API_REPORTS.scheduled, scheduleBody(form)));
export function setScheduleActive(http: Http, s: ReportScheduleRow, active: boolean): Promise<ReportScheduleRow> {
  return dataOf(
    http.put(API_REPORTS.schedule(s.scheduleId), {
      reportType: s.type,
      format: s.format,
      frequency: s.frequency,
      email: s.email,
      ...s.filters,
      active,
    }),
  );
}
export const deleteSchedule = (http: Http, scheduleId: number): Promise<{ deleted: boolean }> =>
  dataOf(http.delete(API_REPORTS.schedule(scheduleId)));

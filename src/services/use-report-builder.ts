import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { DATASETS, type ReportDefinition } from '../domain/custom-reports';
import { istDay } from '../domain/format';
import { reportBuilderMachine, type SaveInput } from '../machines/report-builder.machine';
import {
  deleteSavedReport,
  downloadCustomReport,
  fetchDatasets,
  fetchSavedReports,
  previewReport,
  saveReport,
} from './custom-reports-client';
import { inspector } from './inspector';
import { saveBlob } from './save-file';
import { useHttp } from './screen-services';

// The report builder bound to the server: data sets and saved reports load together; the file
// is saved by the browser under the data set's name and the day; the page's address follows the
// saved report being edited, so a reload opens it again.

const fileName = (d: ReportDefinition, format: 'XLSX' | 'CSV') =>
  `${DATASETS[d.dataset].label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${istDay()}.${format.toLowerCase()}`;

export function useReportBuilder(opts: { openId: number | null; onReportChange: (reportId: number | null) => void }) {
  const http = useHttp();
  const [machine] = useState(() =>
    reportBuilderMachine.provide({
      actors: {
        load: fromPromise(async () => {
          const [datasets, saved] = await Promise.all([fetchDatasets(http), fetchSavedReports(http)]);
          return { datasets, saved };
        }),
        preview: fromPromise(({ input }: { input: ReportDefinition }) => previewReport(http, input)),
        download: fromPromise(async ({ input }: { input: { definition: ReportDefinition; format: 'XLSX' | 'CSV' } }) =>
          saveBlob(
            await downloadCustomReport(http, input.definition, input.format),
            fileName(input.definition, input.format),
          ),
        ),
        save: fromPromise(({ input }: { input: SaveInput }) => saveReport(http, input.reportId, input.body)),
        remove: fromPromise(({ input }: { input: { reportId: number } }) => deleteSavedReport(http, input.reportId)),
      },
      actions: {
        savedChanged: ({ context }) => opts.onReportChange(context.reportId),
      },
    }),
  );
  return useMachine(machine, { input: { openId: opts.openId }, inspect: inspector() });
}

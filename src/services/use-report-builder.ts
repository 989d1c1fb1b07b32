import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { DATASETS, type ReportDefinition } from '../domain/custom-reports';
import { istDay } from '../domain/format';
import { reportBuilderMachine, type SaveInput } from '../machines/report-builder.machine';
import { API_CUSTOM_REPORTS } from '../domain/custom-reports-contract';
import { call } from './call';
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
          const [datasets, saved] = await Promise.all([
            call(http, API_CUSTOM_REPORTS.datasets),
            call(http, API_CUSTOM_REPORTS.saved),
          ]);
          return { datasets, saved };
        }),
        preview: fromPromise(({ input }: { input: ReportDefinition }) =>
          call(http, API_CUSTOM_REPORTS.preview, { body: input }),
        ),
        download: fromPromise(async ({ input }: { input: { definition: ReportDefinition; format: 'XLSX' | 'CSV' } }) =>
          saveBlob(
            await call(http, API_CUSTOM_REPORTS.download, { body: { ...input.definition, format: input.format } }),
            fileName(input.definition, input.format),
          ),
        ),
        save: fromPromise(({ input }: { input: SaveInput }) =>
          input.reportId === null
            ? call(http, API_CUSTOM_REPORTS.save, { body: input.body })
            : call(http, API_CUSTOM_REPORTS.update, { params: { reportId: input.reportId }, body: input.body }),
        ),
        remove: fromPromise(({ input }: { input: { reportId: number } }) =>
          call(http, API_CUSTOM_REPORTS.delete, { params: { reportId: input.reportId } }),
        ),
      },
      actions: {
        savedChanged: ({ context }) => opts.onReportChange(context.reportId),
      },
    }),
  );
  return useMachine(machine, { input: { openId: opts.openId }, inspect: inspector() });
}

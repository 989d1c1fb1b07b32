import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { reportRequestMachine, type ReportForm } from '../machines/report-request.machine';
import { API_REPORTS } from '../domain/reports-contract';
import { requestBody } from '../domain/schemas/report';
import { call } from './call';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { useHttp } from './screen-services';

// The report being asked for (or watched from a link): sent, then read until ready or failed;
// the list of requests is read again when one is added or finishes.

export function useReportRequest() {
  const http = useHttp();
  const [machine] = useState(() =>
    reportRequestMachine.provide({
      actors: {
        submit: fromPromise(({ input }: { input: ReportForm }) =>
          call(http, API_REPORTS.request, { body: requestBody(input) }),
        ),
        poll: fromPromise(({ input }: { input: { reportId: number } }) =>
          call(http, API_REPORTS.report, { params: { reportId: input.reportId } }),
        ),
      },
      actions: { changed: () => invalidate('reports') },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}

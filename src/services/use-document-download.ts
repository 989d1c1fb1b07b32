import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { documentDownloadMachine, type DownloadRequest } from '../machines/document-download.machine';
import { inspector } from './inspector';
import { saveBlob } from './save-file';
import { useHttp } from './screen-services';

export type { B2bDocument, ListExportParams, UploadFileParams } from './document-files';

// The one binding of the document-download machine: each kind of file is fetched by
// document-files.ts, loaded with the first download, and handed to the browser's save dialog.
// Screens send DOWNLOAD and render the snapshot.

/** A document-download actor bound to the app's HTTP client (and the inspector, with ?inspect). */
export function useDocumentDownload() {
  const http = useHttp();
  const [machine] = useState(() =>
    documentDownloadMachine.provide({
      actors: {
        download: fromPromise<void, DownloadRequest>(async ({ input }) => {
          const { fetchFile } = await import('./document-files');
          const { blob, fileName } = await fetchFile(http, input);
          saveBlob(blob, fileName);
        }),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}

import { useMachine } from '@xstate/react';
import { useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { UploadOperations } from '../domain/uploads-contract';
import { uploadProgressMachine, type UploadStatus } from '../machines/upload-progress.machine';
import { call, sendFile } from './call';
import { useHttp } from './screen-services';
import { inspector } from './inspector';

// A CSV upload's progress bound to its calls: the file the seller chose (kept beside the machine,
// which holds only its name and size) goes up with its byte progress, then its processing is polled.

export function useCsvUpload(ops: UploadOperations) {
  const http = useHttp();
  const fileRef = useRef<File | null>(null);
  const sendRef = useRef<(e: { type: 'PROGRESS'; loaded: number; total: number }) => void>(() => {});
  const [machine] = useState(() =>
    uploadProgressMachine.provide({
      actors: {
        upload: fromPromise<string, { file: { name: string; size: number } }>(async ({ signal }) => {
          const row = await sendFile(http, ops.upload, {
            blob: fileRef.current!,
            onProgress: (loaded, total) => sendRef.current({ type: 'PROGRESS', loaded, total }),
            signal,
          });
          return String(row.uploadId);
        }),
        pollStatus: fromPromise<UploadStatus, { uploadId: string }>(async ({ input }) => {
          const row = await call(http, ops.status, { params: { uploadId: input.uploadId } });
          return { status: row.status, percent: row.percent, result: row.result, error: row.error };
        }),
      },
    }),
  );
  const [state, send] = useMachine(machine, { inspect: inspector() });
  sendRef.current = send;
  /** the seller chose a file: it starts uploading at once (a refused one stays idle with its reason) */
  const choose = (file: File) => {
    fileRef.current = file;
    send({ type: 'SELECT', file: { name: file.name, size: file.size } });
    send({ type: 'START' });
  };
  return [state, send, choose] as const;
}

import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { documentUploadMachine, kycMachine, type KycCall, type KycFile } from '../machines/kyc.machine';
import type { UploadStatus } from '../machines/upload-progress.machine';
import type { KycStep } from '../domain/kyc-contract';
import { callKyc, fetchKyc, submitKyc, uploadKycDocument } from './kyc-client';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { notify } from './notify';
import { useHttp, useScreenSession } from './screen-services';

// The seller's KYC at /kyc: the kyc machine's calls go to the KYC API; each document goes through
// the upload-progress child (sent as it is, the server answering the application), and a
// submission is told as a notice and re-reads the account (its KYC badge).

export function useKyc(step: KycStep | null = null) {
  const http = useHttp();
  const session = useScreenSession();
  const [machine] = useState(() =>
    kycMachine.provide({
      actors: {
        loadKyc: fromPromise(() => fetchKyc(http)),
        callKyc: fromPromise(({ input }: { input: KycCall }) => callKyc(http, input)),
        submitKyc: fromPromise(async () => {
          const view = await submitKyc(http);
          notify({
            kind: 'info',
            message:
              view.status === 'APPROVED'
                ? 'KYC verified: you can ship now'
                : 'KYC submitted: our team reviews it within one working day',
          });
          session.reloadAccount();
          invalidate('kyc');
          return view;
        }),
        documentUpload: documentUploadMachine.provide({
          actors: {
            upload: fromPromise(async ({ input, signal }) => {
              const file = input.file as KycFile;
              const view = await uploadKycDocument(http, file.kind, file.blob!, file.name, () => {}, signal);
              return String(view.applicationId);
            }),
            // the server keeps the document as it answers: nothing is processed afterwards
            pollStatus: fromPromise(async (): Promise<UploadStatus> => ({
              status: 'DONE',
              percent: 100,
              result: null,
            })),
          },
        }),
      },
    }),
  );
  return useMachine(machine, { input: { step }, inspect: inspector() });
}

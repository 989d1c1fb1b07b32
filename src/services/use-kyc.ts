import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { documentUploadMachine, kycMachine, type KycCall, type KycFile } from '../machines/kyc.machine';
import type { UploadStatus } from '../machines/upload-progress.machine';
import { API_KYC, type KycStep, type KycView } from '../domain/kyc-contract';
import { pathOf, type AnyOperation } from '../domain/operation';
import { dataOf } from './answer';
import { call } from './call';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { notify } from './notify';
import { useHttp, useScreenSession } from './screen-services';

// The seller's KYC at /kyc: the kyc machine's calls go to the KYC API; each document goes through
// the upload-progress child (sent as it is, the server answering the application), and a
// submission is told as a notice and re-reads the account (its KYC badge).

/** Each step's call: its operation, sent the body the form makes (each answers the application as it stands). */
const STEP_CALLS: Record<KycCall['call'], AnyOperation> = {
  values: API_KYC.saveValues,
  pan: API_KYC.panVerify,
  signatoryPan: API_KYC.signatoryPanVerify,
  aadhaarOtp: API_KYC.aadharVerify,
  aadhaarSubmit: API_KYC.aadharSubmit,
  gstVerify: API_KYC.gstVerify,
  gstOtp: API_KYC.gstGenerateOtp,
  gstSubmit: API_KYC.gstSubmitOtp,
};

export function useKyc(step: KycStep | null = null) {
  const http = useHttp();
  const session = useScreenSession();
  const [machine] = useState(() =>
    kycMachine.provide({
      actors: {
        loadKyc: fromPromise(() => call(http, API_KYC.inProgress)),
        callKyc: fromPromise(({ input }: { input: KycCall }): Promise<KycView> =>
          call(http, STEP_CALLS[input.call], { body: input.body }),
        ),
        submitKyc: fromPromise(async () => {
          const view = await call(http, API_KYC.submit);
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
              const form = new FormData();
              form.set('file', file.blob!, file.name);
              const path = pathOf(API_KYC.upload, { documentKind: file.kind });
              const view = await dataOf<KycView>(http.uploadWithProgress(path, form, () => {}, signal));
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

import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { staffKycDecisionMachine, type KycDecisionRequest } from '../machines/staff-kyc-decision.machine';
import { API_KYC } from '../domain/kyc-contract';
import { call } from './call';
import type { Http } from './types';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { notify } from './notify';
import { useHttp } from './screen-services';

// Staff's decision on one KYC application: the staff-kyc-decision machine's calls go to the KYC
// API, and the decision is told as a notice.

const decide = (http: Http, d: KycDecisionRequest) =>
  call(http, API_KYC.status, {
    params: { applicationId: d.applicationId },
    body: { status: d.status, note: d.note, remarks: d.remarks },
  });

export function useStaffKycDecision(applicationId: number) {
  const http = useHttp();
  const [machine] = useState(() =>
    staffKycDecisionMachine.provide({
      actors: {
        loadApplication: fromPromise(({ input }: { input: { applicationId: number } }) =>
          call(http, API_KYC.staffApplication, { params: { applicationId: input.applicationId } }),
        ),
        approveKyc: fromPromise(({ input }: { input: KycDecisionRequest }) => decide(http, input)),
        rejectKyc: fromPromise(({ input }: { input: KycDecisionRequest }) => decide(http, input)),
      },
      actions: {
        decided: ({ context }) => {
          invalidate('kyc');
          notify({
            kind: 'info',
            message: context.application?.status === 'APPROVED' ? 'KYC approved' : 'KYC sent back to the seller',
          });
        },
      },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input: { applicationId } });
}

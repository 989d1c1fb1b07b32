import { staffKycDecisionMachine } from '../../../src/machines/staff-kyc-decision.machine';
import type { KycStatus, StaffKycView } from '../../../src/domain/kyc-contract';
import type { MachineModel } from '../model-harness';
import { kycView } from './kyc.model';

export const application = (status: KycStatus): StaffKycView => ({
  ...kycView(status, 'all'),
  orgId: 3,
  companyName: 'Nair Naturals',
  accountHolderName: 'Priya Nair',
  panNameDiffers: false,
  decisions: [],
});

export const model: MachineModel = {
  name: 'staff-kyc-decision',
  machine: staffKycDecisionMachine,
  options: {
    input: { applicationId: 5 },
    promiseActors: ['loadApplication', 'approveKyc', 'rejectKyc'],
    events: () => [
      { type: 'xstate.done.actor.loadApplication', output: application('SUBMITTED') },
      { type: 'xstate.done.actor.loadApplication', output: application('APPROVED') },
      { type: 'xstate.error.actor.loadApplication', error: { status: 0, message: 'No Internet Connection' } },
      { type: 'REMARK', document: 'PAN', value: 'The PAN card photo is blurred' },
      { type: 'REMARK', document: 'PAN', value: '' },
      { type: 'NOTE', value: 'Checked against the GST portal' },
      { type: 'xstate.done.actor.approveKyc', output: application('APPROVED') },
      {
        type: 'xstate.error.actor.approveKyc',
        error: { status: 409, message: 'This KYC is not waiting for a decision' },
      },
      { type: 'xstate.done.actor.rejectKyc', output: application('REJECTED') },
      {
        type: 'xstate.error.actor.rejectKyc',
        error: { status: 409, message: 'This KYC is not waiting for a decision' },
      },
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.application?.status ?? null,
        s.context.error,
        s.context.remarks,
        s.context.note,
      ]),
  },
};

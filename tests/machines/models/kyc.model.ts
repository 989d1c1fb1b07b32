import { kycMachine, type KycFile } from '../../../src/machines/kyc.machine';
import { kycProgress, kycRequirements, type KycStatus, type KycView } from '../../../src/domain/kyc-contract';
import type { MachineModel } from '../model-harness';

/** An individual's application: `done` checks and documents, in `status`. */
export function kycView(
  status: KycStatus,
  done: 'nothing' | 'business' | 'pan' | 'all',
  over: Partial<KycView> = {},
): KycView {
  const type = done === 'nothing' ? null : 'INDIVIDUAL';
  const checks = { PAN: done === 'pan' || done === 'all', AADHAAR: done === 'all' };
  const documents = done === 'all' ? kycRequirements('INDIVIDUAL', null).documents : [];
  return {
    applicationId: done === 'nothing' ? null : 5,
    status,
    submittedAt: status === 'DRAFT' ? null : '2026-11-20T06:30:00.000Z',
    decidedAt: null,
    decisionNote: null,
    reviewReason: null,
    values: {
      accountType: type,
      profileName: type ? 'Priya Nair' : null,
      gstRegistered: null,
      panNumber: checks.PAN ? 'ABCPN1234K' : null,
      signatoryName: null,
      signatoryPanNumber: null,
      aadharNumber: checks.AADHAAR ? 'XXXX XXXX 0124' : null,
      gstNumber: null,
      cinNumber: null,
      llpinNumber: null,
    },
    panName: checks.PAN ? 'PRIYA NAIR' : null,
    panVerified: checks.PAN,
    signatoryPanName: null,
    signatoryPanVerified: false,
    aadhaarName: checks.AADHAAR ? 'PRIYA NAIR' : null,
    aadhaarVerified: checks.AADHAAR,
    aadhaarOtpSentTo: null,
    gstLegalName: null,
    gstVerified: false,
    gstOtpRequired: true,
    gstOtpSentTo: null,
    gstOtpConfirmed: false,
    otpResendSeconds: 0,
    required: kycRequirements(type, null),
    progress: kycProgress({
      businessType: type,
      profileName: type ? 'Priya Nair' : null,
      gstRegistered: null,
      done: checks,
      documents,
    }),
    documents: [],
    editable: status === 'DRAFT' || status === 'REJECTED',
    ...over,
  };
}

export const PNG_FILE: KycFile = { name: 'pan.png', size: 68, kind: 'PAN', blob: null };
const otpSent = kycView('DRAFT', 'pan', { aadhaarOtpSentTo: 'mobile ending 4321', otpResendSeconds: 60 });
const gstOtpSent = kycView('DRAFT', 'pan', {
  gstOtpSentTo: 'the mobile registered on the GST portal',
  otpResendSeconds: 60,
});
const offline = { status: 0, message: 'No Internet Connection' };

export const model: MachineModel = {
  name: 'kyc',
  machine: kycMachine,
  options: {
    promiseActors: ['loadKyc', 'callKyc', 'submitKyc', 'reloadKyc'],
    events: () => [
      { type: 'xstate.done.actor.loadKyc', output: kycView('DRAFT', 'nothing') },
      { type: 'xstate.done.actor.loadKyc', output: kycView('DRAFT', 'business') },
      { type: 'xstate.done.actor.loadKyc', output: kycView('SUBMITTED', 'all') },
      { type: 'xstate.done.actor.loadKyc', output: kycView('APPROVED', 'all') },
      { type: 'xstate.error.actor.loadKyc', error: offline },
      { type: 'FIELD', field: 'profileName', value: 'Priya Nair' },
      { type: 'GST_REGISTERED', value: false },
      { type: 'GO_TO', step: 'pan' },
      { type: 'CALL', call: 'pan' },
      { type: 'CALL', call: 'aadhaarOtp' },
      { type: 'CALL', call: 'gstOtp' },
      { type: 'xstate.done.actor.callKyc', output: kycView('DRAFT', 'pan') },
      { type: 'xstate.done.actor.callKyc', output: kycView('DRAFT', 'business') },
      { type: 'xstate.done.actor.callKyc', output: otpSent },
      { type: 'xstate.done.actor.callKyc', output: gstOtpSent },
      {
        type: 'xstate.error.actor.callKyc',
        error: { status: 422, message: 'PAN: the Income Tax Department has no such PAN' },
      },
      { type: 'CHOOSE_FILE', file: PNG_FILE },
      { type: 'xstate.done.actor.reloadKyc', output: kycView('DRAFT', 'all') },
      { type: 'xstate.error.actor.reloadKyc', error: offline },
      { type: 'xstate.done.actor.submitKyc', output: kycView('SUBMITTED', 'all') },
      // every provider check passed: verified at once
      { type: 'xstate.done.actor.submitKyc', output: kycView('APPROVED', 'all') },
      { type: 'xstate.error.actor.submitKyc', error: { status: 422, message: 'Your KYC is not complete yet' } },
    ],
    limit: 20000,
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.step, s.context.view?.status ?? null, s.context.error !== null]),
  },
};

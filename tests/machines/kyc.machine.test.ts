import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { callBody, kycMachine, type KycCall } from '../../src/machines/kyc.machine';
import {
  remarksOf,
  staffKycDecisionMachine,
  type KycDecisionRequest,
} from '../../src/machines/staff-kyc-decision.machine';
import type { UploadStatus } from '../../src/machines/upload-progress.machine';
import { describeModel } from './describe-model';
import { kycView, model, PNG_FILE } from './models/kyc.model';
import { application, model as staffModel } from './models/staff-kyc-decision.model';

describeModel(model, (a, e) => {
  expect([a.context.step, a.context.error !== null, a.context.view?.status]).toEqual([
    e.context.step,
    e.context.error !== null,
    e.context.view?.status,
  ]);
  // the step shown is one the business type has
  if (a.matches('editing')) expect(a.context.view.progress.steps).toContain(a.context.step);
  if (a.matches('submitted')) expect(a.context.view.status).toBe('SUBMITTED');
  if (a.matches('approved')) expect(a.context.view.status).toBe('APPROVED');
});

describeModel(staffModel, (a, e) => {
  expect([a.context.error, a.context.remarks, a.context.application?.status]).toEqual([
    e.context.error,
    e.context.remarks,
    e.context.application?.status,
  ]);
  if (a.matches({ review: 'reviewing' })) expect(a.context.application.status).toBe('SUBMITTED');
});

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('kyc machine with its children', () => {
  it('opens the step a link asks for when it is reachable, else the first open one', async () => {
    const machine = kycMachine.provide({ actors: { loadKyc: fromPromise(async () => kycView('DRAFT', 'pan')) } });
    const asked = createActor(machine, { input: { step: 'business' } }).start();
    await tick();
    expect(asked.getSnapshot().context.step).toBe('business');
    const tooFar = createActor(machine, { input: { step: 'review' } }).start();
    await tick();
    expect(tooFar.getSnapshot().context.step).toBe('aadhaar');
    const none = createActor(machine, { input: {} }).start();
    await tick();
    expect(none.getSnapshot().context.step).toBe('aadhaar');
  });

  it('a submission the automatic check verifies lands on verified, not waiting', async () => {
    const machine = kycMachine.provide({
      actors: {
        loadKyc: fromPromise(async () => kycView('DRAFT', 'all')),
        submitKyc: fromPromise(async () => kycView('APPROVED', 'all')),
      },
    });
    const a = createActor(machine, { input: {} }).start();
    await tick();
    a.send({ type: 'SUBMIT' });
    await tick();
    expect(a.getSnapshot().value).toBe('approved');
  });

  it('resumes at the first open step, sends each call with its body, and starts the OTP lockout', async () => {
    const calls: KycCall[] = [];
    const machine = kycMachine.provide({
      actors: {
        loadKyc: fromPromise(async () => kycView('DRAFT', 'business')),
        callKyc: fromPromise(async ({ input }: { input: KycCall }) => {
          calls.push(input);
          if (input.call === 'pan') return kycView('DRAFT', 'pan');
          return kycView('DRAFT', 'pan', { aadhaarOtpSentTo: 'mobile ending 4321', otpResendSeconds: 60 });
        }),
      },
    });
    const a = createActor(machine, { input: {} }).start();
    await tick();
    expect(a.getSnapshot().context.step).toBe('pan');
    expect(a.getSnapshot().context.form.profileName).toBe('Priya Nair');
    a.send({ type: 'FIELD', field: 'panNumber', value: 'abcpn1234k' });
    a.send({ type: 'CALL', call: 'pan' });
    await tick();
    expect(calls[0]).toEqual({ call: 'pan', body: { panNumber: 'abcpn1234k' } });
    expect(a.getSnapshot().context.step).toBe('aadhaar');
    a.send({ type: 'FIELD', field: 'aadharNumber', value: '2345 6789 0124' });
    a.send({ type: 'CALL', call: 'aadhaarOtp' });
    await tick();
    expect(calls[1].body).toEqual({ aadharNumber: '2345 6789 0124' });
    const timer = a.getSnapshot().children.aadhaarTimer!.getSnapshot() as {
      value: string;
      context: { remaining: number };
    };
    expect(timer.value).toBe('locked');
    expect(timer.context.remaining).toBe(60);
    // the full Aadhaar number is never taken back from the server: the form keeps what was typed
    a.stop();
  });

  it('uploads a document through the upload-progress child and reads the application again', async () => {
    const sent: string[] = [];
    let loads = 0;
    const machine = kycMachine.provide({
      actors: {
        loadKyc: fromPromise(async () => (++loads === 1 ? kycView('DRAFT', 'all') : kycView('DRAFT', 'all'))),
      },
    });
    const upload = machine.provide({});
    const a = createActor(
      upload.provide({
        actors: {
          documentUpload: (await import('../../src/machines/kyc.machine')).documentUploadMachine.provide({
            actors: {
              upload: fromPromise(async ({ input }) => {
                sent.push(input.file.name);
                return 'doc-1';
              }),
              pollStatus: fromPromise(async (): Promise<UploadStatus> => ({
                status: 'DONE',
                percent: 100,
                result: null,
              })),
            },
          }),
        },
      }),
      { input: {} },
    ).start();
    await tick();
    a.send({ type: 'CHOOSE_FILE', file: PNG_FILE });
    expect(a.getSnapshot().matches({ editing: 'uploading' })).toBe(true);
    await tick();
    await tick();
    expect(sent).toEqual(['pan.png']);
    expect(loads).toBe(2);
    expect(a.getSnapshot().matches({ editing: 'idle' })).toBe(true);
    // a file the upload child refuses says why there, and nothing is sent
    a.send({ type: 'CHOOSE_FILE', file: { ...PNG_FILE, name: 'pan.txt' } });
    const child = a.getSnapshot().children.documentUpload!.getSnapshot() as { context: { error: string | null } };
    expect(child.context.error).toBe('Choose a JPEG, PNG or WebP image or a PDF');
    expect(sent).toHaveLength(1);
    a.stop();
  });

  it('builds each body from the form', () => {
    const form = {
      accountType: 'COMPANY',
      profileName: 'Nair Naturals',
      gstRegistered: null,
      panNumber: 'AAACN1234M',
      signatoryName: 'Priya Nair',
      signatoryPanNumber: 'ABCPN1234K',
      aadharNumber: '234567890124',
      aadhaarOtp: '123456',
      gstNumber: '29AAACN1234M1ZE',
      gstOtp: '654321',
      cinNumber: 'U72900KA2015PTC012345',
      llpinNumber: 'AAB-1234',
    };
    expect(callBody('values', form)).toEqual({
      accountType: 'COMPANY',
      profileName: 'Nair Naturals',
      cinNumber: 'U72900KA2015PTC012345',
    });
    expect(callBody('signatoryPan', form)).toEqual({ signatoryName: 'Priya Nair', signatoryPanNumber: 'ABCPN1234K' });
    expect(callBody('gstSubmit', form)).toEqual({ otp: '654321' });
    expect(callBody('aadhaarSubmit', form)).toEqual({ otp: '123456' });
  });
});

describe('staff KYC decision', () => {
  it('sends only the remarks typed, trimmed, with a rejection', async () => {
    const sent: KycDecisionRequest[] = [];
    const machine = staffKycDecisionMachine.provide({
      actors: {
        loadApplication: fromPromise(async () => application('SUBMITTED')),
        rejectKyc: fromPromise(async ({ input }: { input: KycDecisionRequest }) => {
          sent.push(input);
          return application('REJECTED');
        }),
      },
    });
    const a = createActor(machine, { input: { applicationId: 5 } }).start();
    await tick();
    a.send({ type: 'REJECT' });
    expect(a.getSnapshot().context.error).toBe('Write a remark on each document the seller must upload again');
    a.send({ type: 'REMARK', document: 'PAN', value: ' Blurred photo ' });
    a.send({ type: 'REMARK', document: 'PROFILE', value: '  ' });
    a.send({ type: 'REJECT' });
    await tick();
    expect(sent[0]).toEqual({
      applicationId: 5,
      status: 'REJECTED',
      note: '',
      remarks: [{ document: 'PAN', remark: 'Blurred photo' }],
    });
    expect(a.getSnapshot().matches({ review: 'decided' })).toBe(true);
    expect(remarksOf({ PAN: 'ok' })).toEqual([{ document: 'PAN', remark: 'ok' }]);
  });
});

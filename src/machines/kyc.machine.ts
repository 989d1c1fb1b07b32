import { assign, fromPromise, sendParent, sendTo, setup } from 'xstate';
import { firstOpenStep, KYC_RULES, type KycDocumentKind, type KycStep, type KycView } from '../domain/kyc-contract';
import { takeFailure } from './failure';
import { otpTimerMachine } from './otp-timer.machine';
import { uploadProgressMachine, type ChosenFile } from './upload-progress.machine';

// A seller's KYC at /kyc: load what was saved (so a reload or a new login resumes where the
// seller stopped), then the steps the business type needs — business and name, PAN, Aadhaar by
// OTP, GSTIN with its OTP, CIN or LLPIN, documents, review — each check a call whose answer is the
// application as it now stands; the OTPs' resend lockout runs in two otp-timer children; each
// document goes through an upload-progress child; then submit: verified at once by the automatic
// check, or waiting for staff: approved, or sent back with a remark per document, which the seller
// uploads again (only those) and resubmits. A link may ask for a step (/kyc?step=pan).

export type KycCallName =
  'values' | 'pan' | 'signatoryPan' | 'aadhaarOtp' | 'aadhaarSubmit' | 'gstVerify' | 'gstOtp' | 'gstSubmit';

export interface KycForm {
  accountType: string;
  profileName: string;
  gstRegistered: boolean | null;
  panNumber: string;
  signatoryName: string;
  signatoryPanNumber: string;
  aadharNumber: string;
  aadhaarOtp: string;
  gstNumber: string;
  gstOtp: string;
  cinNumber: string;
  llpinNumber: string;
}
export type KycField = Exclude<keyof KycForm, 'gstRegistered'>;

/** One call of a step: which, and the body the form makes for it. */
export interface KycCall {
  call: KycCallName;
  body: Record<string, unknown>;
}

/** A document the seller chose: what the upload child sends (with the file itself and its kind). */
export interface KycFile extends ChosenFile {
  kind: KycDocumentKind;
  blob: Blob | null;
}

export interface KycContext {
  view: KycView | null;
  step: KycStep;
  form: KycForm;
  /** the document being uploaded */
  upload: KycFile | null;
  error: string | null;
  /** the step a link asked for (a refusal's "Verify PAN"): opened when reachable, else the first open one */
  wanted: KycStep | null;
}

export type KycEvent =
  | { type: 'FIELD'; field: KycField; value: string }
  | { type: 'GST_REGISTERED'; value: boolean }
  | { type: 'GO_TO'; step: KycStep }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'CALL'; call: KycCallName }
  | { type: 'CHOOSE_FILE'; file: KycFile }
  | { type: 'CANCEL_UPLOAD' }
  /** from the upload child: the document is kept */
  | { type: 'UPLOADED' }
  | { type: 'SUBMIT' }
  | { type: 'REFRESH' }
  | { type: 'RETRY' };

const EMPTY_FORM: KycForm = {
  accountType: '',
  profileName: '',
  gstRegistered: null,
  panNumber: '',
  signatoryName: '',
  signatoryPanNumber: '',
  aadharNumber: '',
  aadhaarOtp: '',
  gstNumber: '',
  gstOtp: '',
  cinNumber: '',
  llpinNumber: '',
};

/** The form as the saved application has it (the Aadhaar number stays empty: only its masked form is kept). */
export function formOf(view: KycView, was: KycForm = EMPTY_FORM): KycForm {
  const v = view.values;
  return {
    ...was,
    accountType: v.accountType ?? was.accountType,
    profileName: v.profileName ?? was.profileName,
    gstRegistered: v.gstRegistered,
    panNumber: v.panNumber ?? was.panNumber,
    signatoryName: v.signatoryName ?? was.signatoryName,
    signatoryPanNumber: v.signatoryPanNumber ?? was.signatoryPanNumber,
    gstNumber: v.gstNumber ?? was.gstNumber,
    cinNumber: v.cinNumber ?? was.cinNumber,
    llpinNumber: v.llpinNumber ?? was.llpinNumber,
    aadhaarOtp: '',
    gstOtp: '',
  };
}

/** The body each call sends, from the form. */
export function callBody(call: KycCallName, f: KycForm): Record<string, unknown> {
  switch (call) {
    case 'values':
      return {
        ...(f.accountType ? { accountType: f.accountType } : {}),
        ...(f.profileName.trim() ? { profileName: f.profileName } : {}),
        ...(f.accountType === 'PROPRIETORSHIP' && f.gstRegistered !== null ? { gstRegistered: f.gstRegistered } : {}),
        ...(f.accountType === 'COMPANY' && f.cinNumber.trim() ? { cinNumber: f.cinNumber } : {}),
        ...(f.accountType === 'LLP' && f.llpinNumber.trim() ? { llpinNumber: f.llpinNumber } : {}),
      };
    case 'pan':
      return { panNumber: f.panNumber };
    case 'signatoryPan':
      return { signatoryName: f.signatoryName, signatoryPanNumber: f.signatoryPanNumber };
    case 'aadhaarOtp':
      return { aadharNumber: f.aadharNumber };
    case 'aadhaarSubmit':
      return { otp: f.aadhaarOtp };
    case 'gstVerify':
      return { gstNumber: f.gstNumber };
    case 'gstOtp':
      return {};
    case 'gstSubmit':
      return { otp: f.gstOtp };
  }
}

/** Why a chosen document cannot be sent, or null: the server checks its content too. */
export function documentFileProblem(file: ChosenFile): string | null {
  if (file.size === 0) return 'The file is empty';
  if (file.size > KYC_RULES.documentMaxBytes) return 'File must be at most 5 MB';
  if (!/\.(jpe?g|png|webp|pdf)$/i.test(file.name)) return 'Choose a JPEG, PNG or WebP image or a PDF';
  return null;
}

/** The upload-progress machine for KYC documents: any of the four kinds up to 5 MB, and the parent hears when it is kept. */
export const documentUploadMachine = uploadProgressMachine.provide({
  guards: {
    fileAcceptable: ({ event }) => event.type === 'SELECT' && documentFileProblem(event.file) === null,
  },
  actions: {
    refuse: assign(({ event }) => ({
      file: null,
      loadedBytes: 0,
      totalBytes: 0,
      uploadId: null,
      percent: 0,
      result: null,
      error: event.type === 'SELECT' ? documentFileProblem(event.file) : null,
    })),
    uploaded: sendParent({ type: 'UPLOADED' }),
  },
});

const stepsOf = (c: KycContext): readonly KycStep[] => c.view?.progress.steps ?? ['business'];
const moved = (c: KycContext, by: 1 | -1): KycStep => {
  const steps = stepsOf(c);
  const i = steps.indexOf(c.step);
  return steps[Math.min(steps.length - 1, Math.max(0, i + by))] ?? c.step;
};
/** A step may be opened when every step before it is done. */
const reachable = (c: KycContext, step: KycStep) => {
  const steps = stepsOf(c);
  const i = steps.indexOf(step);
  return i >= 0 && steps.slice(0, i).every((s) => c.view?.progress.doneSteps.includes(s));
};
const viewOf = (event: unknown) => (event as { output: KycView }).output;

export const kycMachine = setup({
  types: {
    context: {} as KycContext,
    events: {} as KycEvent,
    input: {} as { step?: KycStep | null } | undefined,
  },
  actors: {
    loadKyc: fromPromise<KycView, void>(async () => {
      throw new Error('loadKyc not provided');
    }),
    callKyc: fromPromise<KycView, KycCall>(async () => {
      throw new Error('callKyc not provided');
    }),
    submitKyc: fromPromise<KycView, void>(async () => {
      throw new Error('submitKyc not provided');
    }),
    documentUpload: documentUploadMachine,
    aadhaarTimer: otpTimerMachine,
    gstTimer: otpTimerMachine,
  },
  guards: {
    isApproved: ({ event }) => viewOf(event).status === 'APPROVED',
    isSubmitted: ({ event }) => viewOf(event).status === 'SUBMITTED',
    canOpen: ({ context, event }) => event.type === 'GO_TO' && reachable(context, event.step),
    canGoOn: ({ context }) => reachable(context, moved(context, 1)),
    /** the call's step is done now: on to the next one */
    stepDone: ({ context, event }) => viewOf(event).progress.doneSteps.includes(context.step),
  },
  actions: {
    take: assign(({ context, event }) => ({
      view: viewOf(event),
      form: formOf(viewOf(event), context.form),
      error: null,
    })),
    openStep: assign({
      step: ({ context, event }) => {
        const view = viewOf(event);
        const wanted = context.wanted;
        return wanted && reachable({ ...context, view }, wanted) ? wanted : firstOpenStep(view.progress);
      },
    }),
    nextStep: assign({ step: ({ context }) => moved(context, 1) }),
    takeError: assign(takeFailure),
  },
}).createMachine({
  id: 'kyc',
  context: ({ input }) => ({
    view: null,
    step: 'business',
    form: EMPTY_FORM,
    upload: null,
    error: null,
    wanted: input?.step ?? null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadKyc',
        src: 'loadKyc',
        onDone: [
          { guard: 'isApproved', target: 'approved', actions: 'take' },
          { guard: 'isSubmitted', target: 'submitted', actions: 'take' },
          { target: 'editing', actions: ['take', 'openStep'] },
        ],
        onError: { target: 'loadFailed', actions: 'takeError' },
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: assign({ error: null }) } },
    },
    editing: {
      invoke: [
        { id: 'aadhaarTimer', src: 'aadhaarTimer', input: { seconds: KYC_RULES.otpResendSeconds } },
        { id: 'gstTimer', src: 'gstTimer', input: { seconds: KYC_RULES.otpResendSeconds } },
      ],
      initial: 'idle',
      on: {
        FIELD: { actions: assign({ form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }) }) },
        GST_REGISTERED: {
          actions: assign({ form: ({ context, event }) => ({ ...context.form, gstRegistered: event.value }) }),
        },
        GO_TO: { guard: 'canOpen', actions: assign({ step: ({ event }) => event.step, error: null }) },
        NEXT: { guard: 'canGoOn', actions: ['nextStep', assign({ error: null })] },
        BACK: { actions: assign({ step: ({ context }) => moved(context, -1), error: null }) },
      },
      states: {
        idle: {
          on: {
            CALL: { target: 'calling' },
            CHOOSE_FILE: { target: 'uploading' },
            SUBMIT: { target: 'submitting' },
          },
        },
        calling: {
          invoke: {
            id: 'callKyc',
            src: 'callKyc',
            input: ({ context, event }) => {
              const call = (event as { call: KycCallName }).call;
              return { call, body: callBody(call, context.form) };
            },
            onDone: [
              {
                guard: ({ event }) => viewOf(event).aadhaarOtpSentTo !== null && viewOf(event).otpResendSeconds > 0,
                target: 'idle',
                actions: ['take', sendTo('aadhaarTimer', { type: 'SENT' })],
              },
              {
                guard: ({ event }) => viewOf(event).gstOtpSentTo !== null && viewOf(event).otpResendSeconds > 0,
                target: 'idle',
                actions: ['take', sendTo('gstTimer', { type: 'SENT' })],
              },
              { guard: 'stepDone', target: 'idle', actions: ['take', 'nextStep'] },
              { target: 'idle', actions: 'take' },
            ],
            onError: { target: 'idle', actions: 'takeError' },
          },
        },
        uploading: {
          entry: assign({ upload: ({ event }) => (event as { file: KycFile }).file, error: null }),
          invoke: { id: 'documentUpload', src: 'documentUpload' },
          initial: 'sending',
          states: {
            // entered once the child runs: the file goes to it and starts
            sending: {
              entry: [
                sendTo('documentUpload', ({ context }) => ({ type: 'SELECT' as const, file: context.upload! })),
                sendTo('documentUpload', { type: 'START' as const }),
              ],
            },
          },
          on: {
            UPLOADED: { target: 'refreshing' },
            // another file (or the same one again) starts a new upload
            CHOOSE_FILE: { target: 'uploading', reenter: true },
            CANCEL_UPLOAD: { target: 'idle', actions: assign({ upload: null }) },
          },
        },
        refreshing: {
          invoke: {
            id: 'reloadKyc',
            src: 'loadKyc',
            onDone: { target: 'idle', actions: ['take', assign({ upload: null })] },
            onError: { target: 'idle', actions: ['takeError', assign({ upload: null })] },
          },
        },
        submitting: {
          invoke: {
            id: 'submitKyc',
            src: 'submitKyc',
            // verified at once by the automatic check, or waiting for staff
            onDone: [
              { guard: 'isApproved', target: '#kyc.approved', actions: 'take' },
              { target: '#kyc.submitted', actions: 'take' },
            ],
            onError: { target: 'idle', actions: 'takeError' },
          },
        },
      },
    },
    /** waiting for staff; a refresh reads their decision */
    submitted: {
      on: { REFRESH: { target: 'loading' } },
    },
    approved: { type: 'final' },
  },
});

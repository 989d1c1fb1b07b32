import { firstOpenStep, KYC_STEPS, type KycStep, type KycView } from '../kyc-contract';

// Why booking is refused for KYC, in the seller's words: exactly what is missing, and the KYC step
// where it is done. The server answers the text (403); the screens find the step again from the
// text (kycRefusalStep) to link to it. A seller who has submitted is never told to complete KYC.

const OPEN_STEP_TEXT: Record<KycStep, string> = {
  business: 'KYC not started: choose your business type and enter your name as on your PAN',
  pan: 'PAN not verified: verify your PAN in KYC',
  aadhaar: 'Aadhaar not verified: verify your Aadhaar number by OTP in KYC',
  gst: 'GSTIN not verified: verify your GSTIN in KYC',
  registration: 'Registration number missing: enter your CIN or LLPIN in KYC',
  documents: 'KYC documents missing',
  review: 'KYC not submitted: everything is ready, submit it for verification',
};

const SUBMITTED = 'KYC submitted, awaiting review';
const SENT_BACK = 'KYC sent back';

/** The words of the link to a refusal's step. */
export const KYC_REFUSAL_LINK: Record<KycStep, string> = {
  business: 'Start KYC',
  pan: 'Verify PAN',
  aadhaar: 'Verify Aadhaar',
  gst: 'Verify GSTIN',
  registration: 'Enter registration number',
  documents: 'Upload documents',
  review: 'Submit KYC',
};

/** The KYC screen's address opened at a step. */
export const kycStepPath = (step: KycStep) => `/kyc?step=${step}`;

/** The refusal of a seller whose KYC is not verified, from their application as it stands. */
export function kycShipRefusal(view: Pick<KycView, 'status' | 'reviewReason' | 'progress' | 'documents'>): {
  text: string;
  step: KycStep | null;
} {
  if (view.status === 'SUBMITTED')
    return {
      text: view.reviewReason
        ? `${SUBMITTED} because ${view.reviewReason}. You can ship as soon as our team verifies it.`
        : `${SUBMITTED} by our team. You can ship as soon as it is verified.`,
      step: null,
    };
  if (view.status === 'REJECTED') {
    const back = view.documents.filter((d) => d.status === 'REJECTED').map((d) => d.label);
    return {
      text: `${SENT_BACK}: upload again ${back.length ? back.join(', ') : 'the documents marked'} to ship.`,
      step: 'documents',
    };
  }
  const step = firstOpenStep(view.progress);
  if (step === 'documents') {
    const docs = view.progress.missing.filter((m) => m.startsWith('upload the ')).map((m) => m.slice(11));
    return { text: `${OPEN_STEP_TEXT.documents}: upload the ${docs.join(', ')} to ship.`, step };
  }
  return { text: `${OPEN_STEP_TEXT[step]} to ship.`, step };
}

/** The KYC step a refusal's text names, or null when it is not a KYC refusal (or names none, as while waiting for review). */
export function kycRefusalStep(text: string | null): KycStep | null {
  if (!text) return null;
  if (text.startsWith(SENT_BACK)) return 'documents';
  return KYC_STEPS.find((s) => text.startsWith(OPEN_STEP_TEXT[s])) ?? null;
}

/** Whether a text is a KYC refusal (any of them, waiting for review included). */
export const isKycRefusal = (text: string | null) => !!text && (text.startsWith(SUBMITTED) || !!kycRefusalStep(text));

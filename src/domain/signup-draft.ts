import { LIMITS } from './constants';
import { EMPTY_SIGNUP_FORM, type SignupForm, type VerificationFlags } from './signup-checks';

// The sign-up form kept across a reload (a seller on a phone switches to the SMS app and the tab
// reloads): every field the seller typed and which contacts were verified, never the password nor
// the one-time codes. A verification counts only as long as the server accepts it for
// registration (LIMITS.signupOtpValidForRegistrationMs); the browser keeps the draft for the tab
// only (docs/decisions/first-shipment.md).

/** The fields kept: all but the password, its confirmation, the codes and the IP address (read again). */
export const SIGNUP_DRAFT_FIELDS = [
  'firstName',
  'lastName',
  'companyName',
  'referralSourceId',
  'referralCode',
  'phone',
  'email',
  'tncAccepted',
] as const satisfies readonly (keyof SignupForm)[];

type DraftField = (typeof SIGNUP_DRAFT_FIELDS)[number];

export interface SignupDraft extends VerificationFlags {
  form: Pick<SignupForm, DraftField>;
  /** when each contact was verified (ms since the epoch), null when it is not */
  phoneVerifiedAt: number | null;
  emailVerifiedAt: number | null;
}

/** What is kept of a form: its draft fields and the verifications with their times. */
export function signupDraftOf(
  form: SignupForm,
  verifiedAt: { phone: number | null; email: number | null },
): SignupDraft {
  const kept = Object.fromEntries(SIGNUP_DRAFT_FIELDS.map((f) => [f, form[f]])) as SignupDraft['form'];
  return {
    form: kept,
    phoneVerified: verifiedAt.phone !== null,
    emailVerified: verifiedAt.email !== null,
    phoneVerifiedAt: verifiedAt.phone,
    emailVerifiedAt: verifiedAt.email,
  };
}

const fresh = (at: unknown, now: number): at is number =>
  typeof at === 'number' && now - at >= 0 && now - at < LIMITS.signupOtpValidForRegistrationMs;

/** A kept draft read back (null when there is none or it is not one); verifications the server would no longer accept are dropped. */
export function restoredSignupDraft(raw: unknown, now: number): SignupDraft | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Partial<SignupDraft>;
  if (!r.form || typeof r.form !== 'object') return null;
  const form = {} as Record<DraftField, unknown>;
  for (const f of SIGNUP_DRAFT_FIELDS) {
    const v = (r.form as Record<string, unknown>)[f];
    const empty = EMPTY_SIGNUP_FORM[f];
    form[f] = v !== undefined && (typeof v === typeof empty || (empty === null && typeof v === 'number')) ? v : empty;
  }
  const phoneAt = fresh(r.phoneVerifiedAt, now) ? r.phoneVerifiedAt! : null;
  const emailAt = fresh(r.emailVerifiedAt, now) ? r.emailVerifiedAt! : null;
  return {
    form: form as SignupDraft['form'],
    phoneVerified: phoneAt !== null,
    emailVerified: emailAt !== null,
    phoneVerifiedAt: phoneAt,
    emailVerifiedAt: emailAt,
  };
}

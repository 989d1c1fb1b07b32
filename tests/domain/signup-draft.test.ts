import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/domain/constants';
import { EMPTY_SIGNUP_FORM } from '../../src/domain/signup-checks';
import { restoredSignupDraft, signupDraftOf } from '../../src/domain/signup-draft';

const FORM = {
  ...EMPTY_SIGNUP_FORM,
  firstName: 'Priya',
  lastName: 'Nair',
  companyName: 'Nair Naturals',
  referralSourceId: 2,
  phone: '9812345678',
  phoneOtp: '407193',
  email: 'priya@nairnaturals.in',
  emailOtp: '862540',
  password: 'Strong@123',
  confirmPassword: 'Strong@123',
  tncAccepted: true,
  ipAddress: '49.36.20.1',
};
const NOW = 1_795_900_000_000;

describe('the sign-up draft', () => {
  it('keeps every field the seller typed and the verifications, never the password nor the codes', () => {
    const draft = signupDraftOf(FORM, { phone: NOW - 1000, email: null });
    expect(draft).toEqual({
      form: {
        firstName: 'Priya',
        lastName: 'Nair',
        companyName: 'Nair Naturals',
        referralSourceId: 2,
        referralCode: '',
        phone: '9812345678',
        email: 'priya@nairnaturals.in',
        tncAccepted: true,
      },
      phoneVerified: true,
      emailVerified: false,
      phoneVerifiedAt: NOW - 1000,
      emailVerifiedAt: null,
    });
    const stored = JSON.stringify(draft);
    for (const secret of ['Strong@123', '407193', '862540']) expect(stored).not.toContain(secret);
  });

  it('comes back as kept while the server still accepts the verifications', () => {
    const kept = JSON.parse(JSON.stringify(signupDraftOf(FORM, { phone: NOW - 60_000, email: NOW - 5_000 })));
    expect(restoredSignupDraft(kept, NOW)).toEqual(kept);
  });

  it('drops a verification older than the server accepts for registration, and keeps the fields', () => {
    const old = NOW - LIMITS.signupOtpValidForRegistrationMs;
    const back = restoredSignupDraft(signupDraftOf(FORM, { phone: old, email: NOW - 1 }), NOW)!;
    expect([back.phoneVerified, back.phoneVerifiedAt, back.emailVerified]).toEqual([false, null, true]);
    expect(back.form.phone).toBe('9812345678');
  });

  it('reads anything else as no draft, and a field of the wrong kind as empty', () => {
    expect(restoredSignupDraft(null, NOW)).toBeNull();
    expect(restoredSignupDraft('x', NOW)).toBeNull();
    expect(restoredSignupDraft({ phoneVerified: true }, NOW)).toBeNull();
    const back = restoredSignupDraft(
      {
        form: { firstName: 7, phone: '9812345678', password: 'Strong@123' },
        phoneVerified: true,
        phoneVerifiedAt: 'now',
      },
      NOW,
    )!;
    expect(back.form).toMatchObject({ firstName: '', phone: '9812345678', referralSourceId: null });
    expect(back.form).not.toHaveProperty('password');
    expect(back.phoneVerified).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  EMPTY_SIGNUP_FORM,
  signupFieldErrors,
  signupSubmitError,
  type SignupForm,
} from '../../src/domain/signup-checks';

const VALID: SignupForm = {
  firstName: 'Priya',
  lastName: 'Nair',
  companyName: 'Nair Naturals',
  referralSourceId: 1,
  referralCode: '',
  phone: '9812345678',
  phoneOtp: '123456',
  email: 'priya@nairnaturals.in',
  emailOtp: '654321',
  password: 'Strong@123',
  confirmPassword: 'Strong@123',
  tncAccepted: true,
  ipAddress: '49.36.20.1',
};
const BOTH = { phoneVerified: true, emailVerified: true };

describe('sign-up submit checks, in the order of spec section 5', () => {
  // each row breaks one more thing than the next: the first failing check must win
  it.each([
    [{ tncAccepted: false, firstName: '' }, BOTH, 'Please accept the Terms&Conditions before proceeding...'],
    [{ ipAddress: '', firstName: '' }, BOTH, 'Please check the provided information and retry...'],
    [{ confirmPassword: 'Other@123', firstName: '' }, BOTH, 'Both passwords are not same'],
    [{ firstName: ' ', lastName: '' }, BOTH, 'Please enter a First Name'],
    [{ lastName: '', companyName: '' }, BOTH, 'Please enter a Last Name'],
    [{ companyName: 'AB', referralSourceId: null }, BOTH, 'Please enter a Company Name'],
    [{ referralSourceId: null, phone: '12' }, BOTH, 'Please select how you heard about us'],
    [{ phone: '5812345678' }, BOTH, 'Please enter a valid Phone Number'],
    [{ phoneOtp: '12a456' }, BOTH, 'Please enter the OTP in numerical format'],
    [{}, { phoneVerified: false, emailVerified: true }, 'Please verify your phone number with OTP'],
    [{ email: 'priya@' }, BOTH, 'Please enter a valid Email'],
    [{ emailOtp: 'x' }, BOTH, 'Please enter the OTP in numerical format'],
    [{}, { phoneVerified: true, emailVerified: false }, 'Please verify your email with OTP'],
    [
      { password: 'weakpassword', confirmPassword: 'weakpassword' },
      BOTH,
      'Please enter a valid Password (must meet strength requirements)',
    ],
  ] as const)('%j with %j → %s', (change, flags, message) => {
    expect(signupSubmitError({ ...VALID, ...change } as SignupForm, flags)).toBe(message);
  });

  it('passes a complete, verified form', () => {
    expect(signupSubmitError(VALID, BOTH)).toBeNull();
  });

  it('gives the field messages of section 5', () => {
    expect(signupFieldErrors(VALID)).toEqual({});
    const e = signupFieldErrors({
      ...EMPTY_SIGNUP_FORM,
      companyName: 'AB',
      email: 'x@',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(e).toMatchObject({
      firstName: 'required',
      companyName: 'Name too short',
      email: 'Invalid email',
      password: 'Password too short',
      confirmPassword: "Passwords don't match",
    });
    expect(signupFieldErrors({ ...VALID, password: 'a'.repeat(51), confirmPassword: 'a'.repeat(51) }).password).toBe(
      'Password too long',
    );
    expect(signupFieldErrors({ ...VALID, password: 'alllower1', confirmPassword: 'alllower1' }).password).toBe(
      'Password should contain atleast one lowercase, one uppercase and one symbol',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import {
  EMPTY_REGISTER,
  firstIssue,
  phoneInput,
  registerErrors,
  sharedCompany,
  sharedEmail,
  sharedFirstName,
  sharedLastName,
  sharedPassword,
  sharedPhone,
  sharedTerms,
  type RegisterValues,
} from '../../src/domain/schemas/shared-set';

const table: [string, Parameters<typeof firstIssue>[0], unknown, string | null][] = [
  // firstName: letters and spaces, 3-30; the message says 3-20 (both are spec requirements)
  ['firstName empty', sharedFirstName, '', MSG.requiredCap],
  ['firstName 2 letters', sharedFirstName, 'Al', MSG.firstNameRule],
  ['firstName 3 letters', sharedFirstName, 'Ali', null],
  ['firstName with a space', sharedFirstName, 'Ravi Kumar', null],
  ['firstName 30 letters', sharedFirstName, 'a'.repeat(30), null],
  ['firstName 31 letters', sharedFirstName, 'a'.repeat(31), MSG.firstNameRule],
  ['firstName digit', sharedFirstName, 'Ravi2', MSG.firstNameRule],
  // lastName: 1-30
  ['lastName empty', sharedLastName, '', MSG.requiredCap],
  ['lastName 1 letter', sharedLastName, 'K', null],
  ['lastName 30', sharedLastName, 'k'.repeat(30), null],
  ['lastName 31', sharedLastName, 'k'.repeat(31), MSG.lastNameRule],
  ['lastName hyphen', sharedLastName, 'Rao-Singh', MSG.lastNameRule],
  // email: 2-4 letter suffix
  ['email empty', sharedEmail, '', MSG.requiredCap],
  ['email .in', sharedEmail, 'a@b.in', null],
  ['email .info', sharedEmail, 'seller@shop.info', null],
  ['email .co.in', sharedEmail, 'seller@shop.co.in', null],
  ['email 5-letter suffix', sharedEmail, 'seller@shop.store', MSG.emailInvalidShared],
  ['email 1-letter suffix', sharedEmail, 'seller@shop.c', MSG.emailInvalidShared],
  ['email no @', sharedEmail, 'seller.shop.in', MSG.emailInvalidShared],
  // phone: at least 10, starts 6-9
  ['phone empty', sharedPhone, '', MSG.requiredCap],
  ['phone 9 digits', sharedPhone, '987654321', MSG.phoneTooShort],
  ['phone starts 5', sharedPhone, '5876543210', MSG.phoneInvalid],
  ['phone starts 6', sharedPhone, '6876543210', null],
  ['phone starts 9', sharedPhone, '9876543210', null],
  ['phone letter', sharedPhone, '98765a3210', MSG.phoneInvalid],
  // password: 8-16, upper, lower, digit
  ['password empty', sharedPassword, '', MSG.requiredCap],
  ['password 7', sharedPassword, 'Abcde12', MSG.passwordMinShared],
  ['password 8 strong', sharedPassword, 'Abcdef12', null],
  ['password 16 strong', sharedPassword, 'Abcdefgh12345678', null],
  ['password 17', sharedPassword, 'Abcdefgh123456789', MSG.passwordMaxOlder],
  ['password no digit', sharedPassword, 'Abcdefgh', MSG.passwordStrongShared],
  ['password no upper', sharedPassword, 'abcdef12', MSG.passwordStrongShared],
  ['password no lower', sharedPassword, 'ABCDEF12', MSG.passwordStrongShared],
  // company: min 3
  ['company empty', sharedCompany, '', MSG.requiredCap],
  ['company 2', sharedCompany, 'AB', MSG.nameTooShort],
  ['company 3', sharedCompany, 'ABC', null],
  // terms
  ['terms unticked', sharedTerms, false, MSG.acceptToProceed],
  ['terms ticked', sharedTerms, true, null],
];

describe('shared validation set (spec section 5)', () => {
  it.each(table)('%s', (_name, schema, value, expected) => {
    expect(firstIssue(schema, value)).toBe(expected);
  });
});

describe('registerErrors', () => {
  const valid: RegisterValues = {
    firstName: 'Ravi',
    lastName: 'Kumar',
    companyName: 'Kumar Traders',
    phone: '9876543210',
    password: 'Passw0rd',
    confirmPassword: 'Passw0rd',
    email: 'ravi@kumar.in',
    tncAccepted: true,
  };

  it('has nothing to say about a valid form', () => {
    expect(registerErrors(valid)).toEqual({});
  });

  it('names every field of an empty form', () => {
    expect(registerErrors(EMPTY_REGISTER)).toEqual({
      firstName: MSG.requiredCap,
      lastName: MSG.requiredCap,
      companyName: MSG.requiredCap,
      phone: MSG.requiredCap,
      password: MSG.requiredCap,
      confirmPassword: MSG.requiredCap,
      email: MSG.requiredCap,
      tncAccepted: MSG.acceptToProceed,
    });
  });

  it("says 'Password does not match' when the confirmation differs", () => {
    expect(registerErrors({ ...valid, confirmPassword: 'Passw0rd!' })).toEqual({
      confirmPassword: MSG.passwordMismatchShared,
    });
  });
});

describe('phoneInput', () => {
  it.each([
    ['98765 43210', '9876543210'],
    ['+91 98765-43210', '9876543210'],
    ['919876543210', '9198765432'],
    ['abc', ''],
    ['98765432101234', '9876543210'],
  ])('%s → %s', (raw, kept) => expect(phoneInput(raw)).toBe(kept));
});

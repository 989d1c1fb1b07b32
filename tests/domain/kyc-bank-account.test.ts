import { describe, expect, it } from 'vitest';
import { accountNumberProblem, confirmAccountNumberProblem } from '../../src/domain/kyc/bank-account';

describe('bank account number, typed twice', () => {
  it.each(['123456789', '50100123456789', '5010 0123 4567 89', '123456789012345678'])(
    '%s is an account number',
    (n) => {
      expect(accountNumberProblem(n)).toBeNull();
    },
  );

  it.each([
    ['', 'Account number is required'],
    ['12345678', 'Account number must be 9 to 18 digits'],
    ['1234567890123456789', 'Account number must be 9 to 18 digits'],
    ['50100ABC56789', 'Account number must be digits only'],
    ['5010-0123-4567', 'Account number must be digits only'],
    ['000000000000', 'Account number cannot be all zeros'],
  ])('%j → %s', (n, message) => {
    expect(accountNumberProblem(n)).toBe(message);
  });

  it.each([
    ['50100123456789', '50100123456789', null],
    ['50100123456789', '5010 0123 4567 89', null],
    ['50100123456789', '', 'Account number (again) is required'],
    ['50100123456789', '50100123456788', 'Account number (again) is not the same as the account number'],
  ])('%s then %j → %s', (first, again, message) => {
    expect(confirmAccountNumberProblem(first, again)).toBe(message);
  });
});

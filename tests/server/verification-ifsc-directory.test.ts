import { describe, expect, it } from 'vitest';
import { ifscExists, ifscLookupProblem, lookupIfsc } from '../../server/verification/ifsc-directory';

// The offline IFSC directory from razorpay's `ifsc` package.

describe('IFSC directory', () => {
  it.each([
    ['SBIN0000001', 'SBIN', 'State Bank of India'],
    ['HDFC0000001', 'HDFC', 'HDFC Bank'],
    ['hdfc0000001', 'HDFC', 'HDFC Bank'],
    ['ICIC0000001', 'ICIC', 'ICICI Bank'],
    ['UTIB0000001', 'UTIB', 'Axis Bank'],
    ['KKBK0000958', 'KKBK', 'Kotak Mahindra Bank'],
    // a co-operative bank clearing through a sponsor bank (sublet by code)
    ['HDFC0CAACOB', 'AACX', 'Akhand Anand Co.op Bank'],
    // a custom sublet that names the bank itself
    ['KJSB0KUB252', 'KJSB', 'Konark Urban Co-operative Bank'],
  ])('%s is %s, %s', (ifsc, bankCode, bankName) => {
    expect(lookupIfsc(ifsc)).toEqual({ ifsc: ifsc.toUpperCase(), bankCode, bankName });
  });

  it.each(['SBIN0999999', 'ZZZZ0000001', 'HDFC1000001', 'HDFC000001', ''])('%j is not in it', (ifsc) => {
    expect(ifscExists(ifsc)).toBe(false);
    expect(lookupIfsc(ifsc)).toBeNull();
  });

  it.each([
    ['HDFC0000001', null],
    ['HDFC1000001', 'IFSC: the fifth character must be 0 (zero)'],
    ['SBIN0999999', 'IFSC: SBIN0999999 is not a known bank branch code'],
    ['', 'IFSC is required'],
  ])('%j → %s', (ifsc, message) => {
    expect(ifscLookupProblem(ifsc)).toBe(message);
  });
});

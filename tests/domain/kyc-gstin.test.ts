import { describe, expect, it } from 'vitest';
import { gstinCheckChar } from '../../src/domain/gstin';
import { gstinKycProblem, gstinStateName } from '../../src/domain/kyc/gstin';

const withCheck = (first14: string) => first14 + gstinCheckChar(first14);

describe('GSTIN at KYC: state code, the PAN inside, entity number, Z, check character', () => {
  it.each([
    ['29AAACN1234M1ZE', 'AAACN1234M'],
    ['07AAACN1234M1ZK', 'AAACN1234M'],
    ['27ABCPN1234K1ZR', 'abcpn1234k'],
    ['29aaacn1234m1ze', 'AAACN1234M'],
    ['97AAACN1234M1ZB', 'AAACN1234M'],
    [withCheck('29AAACN1234MAZ'), 'AAACN1234M'],
    // examples published by GSTN-facing documents, whose check characters this rule reproduces
    ['29AAICP2912R1ZR', 'AAICP2912R'],
    ['27AAPFU0939F1ZV', 'AAPFU0939F'],
  ])('%s with PAN %s is valid', (gstin, pan) => {
    expect(gstinKycProblem(gstin, pan)).toBeNull();
  });

  it.each([
    ['', 'AAACN1234M', 'GSTIN is required'],
    ['29AAACN1234M1Z', 'AAACN1234M', 'GSTIN must be 15 letters and digits'],
    ['29AAACN1234M1Z$', 'AAACN1234M', 'GSTIN must be 15 letters and digits'],
    [
      withCheck('00AAACN1234M1Z'),
      'AAACN1234M',
      'GSTIN must start with a valid state code (01 to 38, for example 29 for Karnataka); 00 is not one',
    ],
    [
      withCheck('39AAACN1234M1Z'),
      'AAACN1234M',
      'GSTIN must start with a valid state code (01 to 38, for example 29 for Karnataka); 39 is not one',
    ],
    [
      withCheck('X9AAACN1234M1Z'),
      'AAACN1234M',
      'GSTIN must start with a valid state code (01 to 38, for example 29 for Karnataka); X9 is not one',
    ],
    [
      withCheck('291234567890AZ'),
      'AAACN1234M',
      'GSTIN: characters 3 to 12 must be a PAN (5 letters, 4 digits, a letter)',
    ],
    [
      '29AAACN1234M1ZE',
      'AAACN1235M',
      'GSTIN must contain your PAN AAACN1235M in characters 3 to 12, but it has AAACN1234M',
    ],
    ['29AAACN1234M0ZF', 'AAACN1234M', 'GSTIN: the 13th character must be 1 to 9 or a letter'],
    ['29AAACN1234M1YG', 'AAACN1234M', 'GSTIN: the 14th character must be Z'],
    [
      '29AAACN1234M1ZF',
      'AAACN1234M',
      'GSTIN has a wrong check character (the last one); check it for a typing mistake',
    ],
    [
      '29AAICP2912R1ZS',
      'AAICP2912R',
      'GSTIN has a wrong check character (the last one); check it for a typing mistake',
    ],
  ])('%j with PAN %s → %s', (gstin, pan, message) => {
    expect(gstinKycProblem(gstin, pan)).toBe(message);
  });

  it('takes another 14th character only when asked to', () => {
    expect(gstinKycProblem('29AAACN1234M1YG', 'AAACN1234M', { allowNonDefault14th: true })).toBeNull();
  });

  it('names the state a GSTIN is registered in', () => {
    expect(gstinStateName('29AAACN1234M1ZE')).toBe('Karnataka');
    expect(gstinStateName('97AAACN1234M1ZB')).toBe('Other Territory');
    expect(gstinStateName('99AAACN1234M1ZB')).toBeNull();
  });
});
